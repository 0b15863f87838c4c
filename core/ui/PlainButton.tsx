import { useState, type ButtonHTMLAttributes, type ReactNode } from 'react'
import styled from 'styled-components'
import { buttonCss, type ButtonSize, type ButtonVariant } from './buttonStyles'

const Styled = styled.button<{ $variant: ButtonVariant; $size: ButtonSize; $square: boolean }>`
  ${buttonCss}
`

export interface PlainButtonProps extends Omit<ButtonHTMLAttributes<HTMLButtonElement>, 'onClick' | 'className' | 'style'> {
  children: ReactNode
  onPress?: () => void
  variant?: ButtonVariant
  size?: ButtonSize
  /** A square button with only an icon: `aria-label` names it (also its tooltip). */
  square?: boolean
  className?: string
}

/**
 * The cabinet's button as a native <button>, for what the first load draws before any page arrives (a page's
 * failure, toasts, alerts): it looks exactly like `Button`/`IconButton` (the same `buttonCss`, its data-* states set
 * from native events) without react-aria's press and focus machinery, which stays in the pages' chunks. A native
 * button already presses on click, Enter and Space. Inside react-aria triggers (menus, dialogs) use `Button`.
 */
export function PlainButton({ children, onPress, variant = 'secondary', size = 'md', square = false, className, type = 'button', ...rest }: PlainButtonProps) {
  const [hovered, setHovered] = useState(false)
  const [pressed, setPressed] = useState(false)
  const [focusVisible, setFocusVisible] = useState(false)
  return (
    <Styled
      {...rest}
      type={type}
      className={className}
      title={rest.title ?? (square ? rest['aria-label'] : undefined)}
      $variant={variant}
      $size={size}
      $square={square}
      data-hovered={hovered || undefined}
      data-pressed={pressed || undefined}
      data-focus-visible={focusVisible || undefined}
      data-disabled={rest.disabled || undefined}
      onClick={onPress}
      onPointerEnter={e => e.pointerType === 'mouse' && setHovered(true)}
      onPointerLeave={() => (setHovered(false), setPressed(false))}
      onPointerDown={() => setPressed(true)}
      onPointerUp={() => setPressed(false)}
      onFocus={e => setFocusVisible(e.currentTarget.matches(':focus-visible'))}
      onBlur={() => setFocusVisible(false)}
    >
      {children}
    </Styled>
  )
}
