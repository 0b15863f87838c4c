import { useState } from 'react'
import styled from 'styled-components'
import { IconButton } from './IconButton'
import { EyeIcon, EyeOffIcon } from './icons'
import { TextField, type TextFieldProps } from './TextField'

const Toggle = styled(IconButton)`
  margin-inline-end: ${({ theme }) => theme.space.xxs};
  color: ${({ theme }) => theme.color.textMuted};
  &[aria-pressed='true'] {
    color: ${({ theme }) => theme.color.primary};
  }
`

export interface PasswordFieldProps extends Omit<TextFieldProps, 'type' | 'suffix' | 'prefix' | 'inputMode'> {
  /**
   * Accessible name of the show/hide toggle, e.g. "Показать пароль". It stays the same in both states:
   * aria-pressed says whether the password is shown (a changing label plus aria-pressed would contradict).
   */
  toggleLabel: string
  /** Start with the password visible. */
  defaultRevealed?: boolean
  onRevealedChange?: (revealed: boolean) => void
}

/** Password input with a show/hide toggle button (aria-pressed) inside the field. */
export function PasswordField({ toggleLabel, defaultRevealed = false, onRevealedChange, autoComplete = 'current-password', isDisabled, ...rest }: PasswordFieldProps) {
  const [revealed, setRevealed] = useState(defaultRevealed)
  return (
    <TextField
      {...rest}
      isDisabled={isDisabled}
      type={revealed ? 'text' : 'password'}
      autoComplete={autoComplete}
      suffix={
        <Toggle
          aria-label={toggleLabel}
          isPressed={revealed}
          isDisabled={isDisabled}
          onPress={() => {
            setRevealed(!revealed)
            onRevealedChange?.(!revealed)
          }}
          size="sm"
        >
          {revealed ? <EyeOffIcon /> : <EyeIcon />}
        </Toggle>
      }
    />
  )
}
