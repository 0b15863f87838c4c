import { useEffect, useState } from 'react'
import styled from 'styled-components'
import { useT } from '../../../../core/i18n/useT'
import { PhoneField } from '../../../../core/ui/PhoneField'
import { Row, Stack } from '../../../../core/ui/Stack'
import { TextField } from '../../../../core/ui/TextField'
import { VisuallyHidden } from '../../../../core/ui/VisuallyHidden'
import { phoneDigits } from '../../../../core/validation/phone'
import { numberValidity, type CallRefusal, type NumberMode } from '../../model'
import { ContactAddIcon, PhoneIcon } from './icons'
import { Button } from '../../../../core/ui/Button'

const Modes = styled(Row)`
  > button[aria-pressed='true'] {
    font-weight: ${({ theme }) => theme.font.weight.semibold};
  }
`

export interface NumberEntryProps {
  value: string
  /** Why the last press dialled nothing (the softphone's `refusal`), shown under the field. */
  refusal: CallRefusal | null
  onChange: (value: string) => void
  /** The call button or Enter: the softphone decides whether the number can be dialled (and says why not). */
  onCall: (value: string, mode: NumberMode) => void
  onAddContact: () => void
}

/**
 * The number to call: a +7 phone with the mask of SPEC §5, or an internal number (a colleague's SIP code). The
 * call button and Enter in the field ask the softphone to call; it dials only a complete, valid number on a
 * connected phone, and otherwise the field says why (what is missing) until the number changes. Enter held down,
 * or ending an input method's composition, asks nothing. The add-contact option appears once a +7 phone is valid.
 */
export function NumberEntry({ value, refusal, onChange, onCall, onAddContact }: NumberEntryProps) {
  const t = useT('callcenter')
  const [mode, setMode] = useState<NumberMode>('phone')
  // A number put in from outside (click-to-call, an incoming call) picks its own mode.
  useEffect(() => {
    if (phoneDigits(value)) setMode('phone')
    else if (/^\d+$/.test(value)) setMode('extension')
  }, [value])
  const { phone } = numberValidity(mode, value)
  const switchTo = (next: NumberMode) => {
    if (next === mode) return
    setMode(next)
    onChange('')
  }
  const call = () => onCall(value, mode)
  const onKeyDown = (e: React.KeyboardEvent<HTMLInputElement>) => {
    if (e.key !== 'Enter' || e.repeat || e.nativeEvent.isComposing) return
    e.preventDefault()
    call()
  }
  const errorMessage = refusal ? t(`panel.why.${refusal.reason}`, { count: refusal.count }) : null

  return (
    <Stack gap="sm">
      <Modes role="group" aria-label={t('panel.numberKind')} gap="xs">
        {(['phone', 'extension'] as const).map(m => (
          <Button key={m} size="sm" variant={mode === m ? 'secondary' : 'ghost'} isPressed={mode === m} onPress={() => switchTo(m)}>
            {t(`panel.mode.${m}`)}
          </Button>
        ))}
      </Modes>
      {mode === 'phone' ? (
        <PhoneField
          label={t('panel.phone')}
          name="call-phone"
          value={value}
          onChange={onChange}
          onKeyDown={onKeyDown}
          autoComplete="off"
          errorMessage={errorMessage}
        />
      ) : (
        <TextField
          label={t('panel.extension')}
          name="call-extension"
          inputMode="numeric"
          autoComplete="off"
          maxLength={15}
          value={value}
          onChange={v => onChange(v.replace(/\D/g, ''))}
          onKeyDown={onKeyDown}
          description={t('panel.extensionHint')}
          errorMessage={errorMessage}
        />
      )}
      {/* The field's error is read with the field; pressing the button (focus stays on it) needs it announced. */}
      <VisuallyHidden aria-live="assertive" data-testid="call-why">
        {errorMessage}
      </VisuallyHidden>
      <Row gap="sm" wrap>
        <Button variant="primary" icon={<PhoneIcon />} onPress={call} data-testid="call-button">
          {t('panel.call')}
        </Button>
        {phone && (
          <Button icon={<ContactAddIcon />} onPress={onAddContact} data-testid="add-contact">
            {t('panel.addContact')}
          </Button>
        )}
      </Row>
    </Stack>
  )
}
