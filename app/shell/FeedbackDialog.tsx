import { useUnit } from 'effector-react'
import { useEffect, useState } from 'react'
import { useLocation } from 'wouter'
import { $profile } from '../../core/auth/model'
import { ROLE, type Role } from '../../core/auth/profile'
import { $feedback } from '../../core/feedback/model'
import { usePackPart } from '../../core/i18n/usePackPart'
import { useT } from '../../core/i18n/useT'
import { useDispatch } from '../../core/react/runtime'
import { Alert } from '../../core/ui/Alert'
import { Button } from '../../core/ui/Button'
import { Checkbox } from '../../core/ui/Checkbox'
import { Dialog } from '../../core/ui/Dialog'
import { Stack } from '../../core/ui/Stack'
import { TextArea } from '../../core/ui/TextArea'
import { FEEDBACK_MAX } from '../../core/validation/rules'

/** SPEC §2: one text for clients and agents, another for call-center and verifier staff. */
function introKey(role: Role | undefined) {
  if (role === ROLE.client || role === ROLE.agent) return 'feedback.textClient'
  if (role === ROLE.callCenter || role === ROLE.verifier || role === ROLE.adminVerifier) return 'feedback.textStaff'
  return 'feedback.textOther'
}

/** The open/sent/reset timing lives in core/feedback (2 s close, 2.5 s reset); this only renders it. */
export function FeedbackDialog() {
  usePackPart('shell', 'feedback')
  const t = useT('shell')
  const dispatch = useDispatch()
  const [location] = useLocation()
  const { state, profile } = useUnit({ state: $feedback, profile: $profile })
  const [message, setMessage] = useState('')
  const [attachLog, setAttachLog] = useState(true)
  const length = message.trim().length
  const canSend = length > 0 && message.length <= FEEDBACK_MAX && state.status !== 'sending'
  const sent = state.status === 'sent'

  const send = () => {
    if (!canSend) return
    void dispatch('feedback/send', { message, url: location + window.location.search, attachLog })
  }
  // A sent message is gone from the form; a failed one stays for another try.
  useEffect(() => {
    if (sent) setMessage('')
  }, [sent])

  return (
    <Dialog
      isOpen={state.open}
      onOpenChange={open => !open && void dispatch('feedback/close', {})}
      title={t('feedback.title')}
      closeLabel={t('feedback.close')}
      footer={
        sent ? null : (
          <>
            <Button onPress={() => void dispatch('feedback/close', {})}>{t('feedback.cancel')}</Button>
            <Button variant="primary" isDisabled={!canSend} isPending={state.status === 'sending'} onPress={send} data-testid="feedback-send">
              {t('feedback.send')}
            </Button>
          </>
        )
      }
    >
      {sent ? (
        <Alert kind="success" role="status">
          {t('feedback.thanks')}
        </Alert>
      ) : (
        <Stack gap="md">
          {state.error && <Alert kind="error">{state.error}</Alert>}
          <p>{t(introKey(profile?.role))}</p>
          <TextArea
            label={t('feedback.message')}
            name="message"
            value={message}
            onChange={setMessage}
            isRequired
            autoFocus
            description={t('feedback.counter', { count: message.length, max: FEEDBACK_MAX })}
            errorMessage={message.length > FEEDBACK_MAX ? t('validation:tooLong') : null}
          />
          <Checkbox isSelected={attachLog} onChange={setAttachLog}>
            {t('feedback.attachLog')}
          </Checkbox>
        </Stack>
      )}
    </Dialog>
  )
}
