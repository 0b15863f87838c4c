import { useEffect, useState } from 'react'
import styled from 'styled-components'
import { useT } from '../../../../core/i18n/useT'
import { Button } from '../../../../core/ui/Button'
import { PhoneField } from '../../../../core/ui/PhoneField'
import { Row, Stack } from '../../../../core/ui/Stack'
import { TextField } from '../../../../core/ui/TextField'
import { isValidPhone, phoneDigits } from '../../../../core/validation/phone'
import { ContactAddIcon, PhoneIcon } from './icons'

const Modes = styled(Row)`
  > button[aria-pressed='true'] {
    font-weight: ${({ theme }) => theme.font.weight.semibold};
  }
`

export type NumberMode = 'phone' | 'extension'

/** A colleague's SIP code or another short internal number. */
const EXTENSION = /^\d{2,15}$/

/** What the typed number is worth: the digits to call, and whether it is a +7 phone (contacts need one). */
export function numberValidity(mode: NumberMode, value: string): { digits: string | null; phone: boolean } {
  if (mode === 'phone') {
    const digits = isValidPhone(value) ? phoneDigits(value) : null
    return { digits, phone: digits !== null }
  }
  const digits = value.replace(/\s/g, '')
  return { digits: EXTENSION.test(digits) ? digits : null, phone: false }
}

export interface NumberEntryProps {
  value: string
  canCall: boolean
  onChange: (value: string) => void
  onCall: (digits: string) => void
  onAddContact: () => void
}

/**
 * The number to call: a +7 phone with the mask of SPEC §5, or an internal number (a colleague's SIP code). The
 * call button and the add-contact option appear only once the number is valid (add-contact for phones only).
 */
export function NumberEntry({ value, canCall, onChange, onCall, onAddContact }: NumberEntryProps) {
  const t = useT('callcenter')
  const [mode, setMode] = useState<NumberMode>('phone')
  // A number put in from outside (click-to-call, an incoming call) picks its own mode.
  useEffect(() => {
    if (phoneDigits(value)) setMode('phone')
    else if (/^\d+$/.test(value)) setMode('extension')
  }, [value])
  const { digits, phone } = numberValidity(mode, value)
  const switchTo = (next: NumberMode) => {
    if (next === mode) return
    setMode(next)
    onChange('')
  }
  const call = () => digits && canCall && onCall(digits)
  const onKeyDown = (e: React.KeyboardEvent<HTMLInputElement>) => {
    if (e.key === 'Enter') call()
  }

  return (
    <Stack gap="sm">
      <Modes role="group" aria-label={t('panel.numberKind')} gap="xs">
        {(['phone', 'extension'] as const).map(m => (
          <Button key={m} size="sm" variant={mode === m ? 'secondary' : 'ghost'} aria-pressed={mode === m} onPress={() => switchTo(m)}>
            {t(`panel.mode.${m}`)}
          </Button>
        ))}
      </Modes>
      {mode === 'phone' ? (
        <PhoneField label={t('panel.phone')} name="call-phone" value={value} onChange={onChange} onKeyDown={onKeyDown} autoComplete="off" />
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
        />
      )}
      {digits && (
        <Row gap="sm" wrap>
          <Button variant="primary" icon={<PhoneIcon />} isDisabled={!canCall} onPress={call} data-testid="call-button">
            {t('panel.call')}
          </Button>
          {phone && (
            <Button icon={<ContactAddIcon />} onPress={onAddContact} data-testid="add-contact">
              {t('panel.addContact')}
            </Button>
          )}
        </Row>
      )}
    </Stack>
  )
}
