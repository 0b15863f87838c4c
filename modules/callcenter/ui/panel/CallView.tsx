import { useState } from 'react'
import styled from 'styled-components'
import { useT } from '../../../../core/i18n/useT'
import { Row, Stack } from '../../../../core/ui/Stack'
import { TextField } from '../../../../core/ui/TextField'
import { formatTimer, type CallSession, type PanelState } from '../../model'
import { displayNumber } from './format'
import { ContactAddIcon, HangUpIcon, KeypadIcon, MicOffIcon, PauseIcon, PhoneIcon, TransferIcon } from './icons'
import { Button } from '../../../../core/ui/Button'
import { IconButton } from '../../../../core/ui/IconButton'

const Number = styled.div`
  font-size: ${({ theme }) => theme.font.size.lg};
  font-weight: ${({ theme }) => theme.font.weight.semibold};
  font-variant-numeric: tabular-nums;
`
const Timer = styled.div`
  font-family: ${({ theme }) => theme.font.mono};
  font-size: ${({ theme }) => theme.font.size.xl};
`
const Muted = styled.div`
  color: ${({ theme }) => theme.color.textMuted};
  font-size: ${({ theme }) => theme.font.size.sm};
`
const Keys = styled.div`
  display: grid;
  grid-template-columns: repeat(3, 1fr);
  gap: ${({ theme }) => theme.space.xs};
`

export const DTMF_KEYS = ['1', '2', '3', '4', '5', '6', '7', '8', '9', '*', '0', '#'] as const

export interface CallViewProps {
  session: CallSession
  state: PanelState
  onHangup: () => void
  onAnswer: () => void
  onDecline: () => void
  onDtmf: (tone: string) => void
  onMute: () => void
  onHold: () => void
  onTransfer: (target: string) => void
  /** Offered when the number is a +7 phone (contacts need one). */
  onAddContact?: () => void
}

/** A call in progress: who, its state and timer, the DTMF keypad (live only while established), mute, hold, transfer. */
export function CallView({ session, state, onHangup, onAnswer, onDecline, onDtmf, onMute, onHold, onTransfer, onAddContact }: CallViewProps) {
  const t = useT('callcenter')
  const [keypad, setKeypad] = useState(true)
  const [transferOpen, setTransferOpen] = useState(false)
  const [target, setTarget] = useState('')
  const established = state === 'start'

  if (state === 'incoming') {
    return (
      <Stack gap="md">
        <div role="alert">
          <Muted>{t('panel.incomingFrom')}</Muted>
          <Number data-testid="call-number">{displayNumber(session.phone)}</Number>
        </div>
        <Row gap="sm">
          <Button variant="primary" icon={<PhoneIcon />} onPress={onAnswer} data-testid="answer">
            {t('panel.answer')}
          </Button>
          <Button variant="danger" icon={<HangUpIcon />} onPress={onDecline} data-testid="decline">
            {t('panel.decline')}
          </Button>
        </Row>
      </Stack>
    )
  }

  return (
    <Stack gap="md">
      <Row justify="space-between" align="flex-end">
        <div>
          <Muted>{t(session.direction === 2 ? 'panel.outgoing' : 'panel.incoming')}</Muted>
          <Number data-testid="call-number">{displayNumber(session.phone)}</Number>
        </div>
        <Timer role="timer" aria-label={t('panel.timer')} data-testid="call-timer">
          {formatTimer(session.seconds)}
        </Timer>
      </Row>
      {session.held && <Muted>{t('panel.onHold')}</Muted>}
      {session.transfer === 'pending' && <Muted role="status">{t('panel.transferring')}</Muted>}
      {session.transfer === 'failed' && <Muted role="alert">{t('panel.transferFailed')}</Muted>}
      <Row gap="xs" wrap>
        <IconButton aria-label={t(session.muted ? 'panel.unmute' : 'panel.mute')} isPressed={session.muted} isDisabled={!established} onPress={onMute} variant="secondary">
          <MicOffIcon />
        </IconButton>
        <IconButton aria-label={t(session.held ? 'panel.unhold' : 'panel.hold')} isPressed={session.held} isDisabled={!established} onPress={onHold} variant="secondary">
          <PauseIcon />
        </IconButton>
        <IconButton aria-label={t('panel.keypad')} isPressed={keypad} onPress={() => setKeypad(k => !k)} variant="secondary">
          <KeypadIcon />
        </IconButton>
        <IconButton aria-label={t('panel.transfer')} isPressed={transferOpen} isDisabled={!established} onPress={() => setTransferOpen(o => !o)} variant="secondary">
          <TransferIcon />
        </IconButton>
        {onAddContact && (
          <IconButton aria-label={t('panel.addContact')} onPress={onAddContact} variant="secondary">
            <ContactAddIcon />
          </IconButton>
        )}
      </Row>
      {keypad && (
        <Keys role="group" aria-label={t('panel.keypad')} data-testid="keypad">
          {DTMF_KEYS.map(key => (
            <Button key={key} size="sm" isDisabled={!established} onPress={() => onDtmf(key)} aria-label={t('panel.key', { key })}>
              {key}
            </Button>
          ))}
        </Keys>
      )}
      {session.dtmf && (
        <Muted aria-live="polite" data-testid="dtmf-sent">
          {t('panel.sentTones', { tones: session.dtmf })}
        </Muted>
      )}
      {session.dtmfIn && (
        <Muted aria-live="polite" data-testid="dtmf-received">
          {t('panel.receivedTones', { tones: session.dtmfIn })}
        </Muted>
      )}
      {transferOpen && established && (
        <Row gap="sm" align="flex-end">
          <TextField label={t('panel.transferTo')} inputMode="numeric" value={target} onChange={v => setTarget(v.replace(/\D/g, ''))} maxLength={15} />
          <Button
            isDisabled={target.length < 2 || session.transfer === 'pending'}
            onPress={() => {
              onTransfer(target)
              setTransferOpen(false)
            }}
          >
            {t('panel.transferGo')}
          </Button>
        </Row>
      )}
      <Button variant="danger" icon={<HangUpIcon />} onPress={onHangup} fullWidth data-testid="hangup">
        {t('panel.hangup')}
      </Button>
    </Stack>
  )
}
