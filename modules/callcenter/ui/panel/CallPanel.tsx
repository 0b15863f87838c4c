import { useUnit } from 'effector-react'
import { lazy, Suspense, useEffect, useRef, useState } from 'react'
import styled from 'styled-components'
import { $profile } from '../../../../core/auth/model'
import { $locale } from '../../../../core/i18n/model'
import { useT } from '../../../../core/i18n/useT'
import { useDispatch, useRuntime } from '../../../../core/react/runtime'
import { Alert } from '../../../../core/ui/Alert'
import { Row, Stack } from '../../../../core/ui/Stack'
import { TextArea } from '../../../../core/ui/TextArea'
import { VisuallyHidden } from '../../../../core/ui/VisuallyHidden'
import { phoneDigits } from '../../../../core/validation/phone'
import { $softphone, isRegistering, mayDismiss, panelState, visibleSession } from '../../model'
import { CallBackNotice } from './CallBackNotice'
import { CallFailureAlert, callFailureText } from './CallFailure'
import { CallView } from './CallView'
import { FoundLinks } from './FoundLinks'
import { localToday } from './format'
import { ChevronDownIcon, PhoneIcon } from './icons'
import { NumberEntry } from './NumberEntry'
import { Button } from '../../../../core/ui/Button'
import { IconButton } from '../../../../core/ui/IconButton'

// The dialogs (react-aria's modal, the reminder's calendar, the radio group) come when first needed, not with the
// panel every SIP user's page loads; the finish dialog's chunk is fetched while a call is on, before it ends.
const loadFinishDialog = () => import('./FinishCallDialog')
const FinishCallDialog = lazy(() => loadFinishDialog().then(m => ({ default: m.FinishCallDialog })))
const AddContactDialog = lazy(() => import('./AddContactDialog').then(m => ({ default: m.AddContactDialog })))

const Dock = styled.div`
  position: fixed;
  right: ${({ theme }) => theme.space.lg};
  bottom: ${({ theme }) => theme.space.lg};
  z-index: ${({ theme }) => theme.z.callPanel};
  display: flex;
  flex-direction: column;
  align-items: flex-end;
  gap: ${({ theme }) => theme.space.sm};
  /* A phone: closer to the edges, and the open card fits between the header and the button. */
  @media ${({ theme }) => theme.media.phone} {
    right: ${({ theme }) => theme.space.sm};
    bottom: ${({ theme }) => theme.space.sm};
  }
`
const Card = styled.section`
  width: min(360px, calc(100vw - 32px));
  max-height: calc(100vh - 120px);
  max-height: calc(100dvh - ${({ theme }) => theme.size.headerHeight} - 72px);
  @media ${({ theme }) => theme.media.phone} {
    width: calc(100vw - 2 * ${({ theme }) => theme.space.sm});
  }
  overflow-y: auto;
  padding: ${({ theme }) => theme.space.lg};
  background: ${({ theme }) => theme.color.surface};
  border: 1px solid ${({ theme }) => theme.color.divider};
  border-radius: ${({ theme }) => theme.radius.lg};
  box-shadow: ${({ theme }) => theme.shadow.lg};
`
const Title = styled.h2`
  margin: 0;
  font-size: ${({ theme }) => theme.font.size.lg};
  font-weight: ${({ theme }) => theme.font.weight.semibold};
`
const Status = styled.div`
  color: ${({ theme }) => theme.color.textMuted};
  font-size: ${({ theme }) => theme.font.size.sm};
`
const Dot = styled.span<{ $on: boolean }>`
  display: inline-block;
  width: 8px;
  height: 8px;
  margin-inline-end: ${({ theme }) => theme.space.xs};
  border-radius: 50%;
  background: ${({ theme, $on }) => ($on ? theme.color.success : theme.color.error)};
`
const Toggle = styled(Button)<{ $ringing: boolean }>`
  box-shadow: ${({ theme }) => theme.shadow.md};
  ${({ theme, $ringing }) => ($ringing ? `outline: 3px solid ${theme.color.success}; outline-offset: 2px;` : '')}
`

/**
 * The floating call panel (SPEC §2 Call panel), contributed to the shell's floating slot for profiles with a SIP
 * code. It lives in the signed-in layout, so a call keeps its panel across page navigation. Everything it shows
 * is `$softphone`; every button dispatches a command. Mounting it attaches the SIP adapter (core/sip), whose
 * JsSIP chunk loads on the softphone process's first start request.
 */
export default function CallPanel() {
  const runtime = useRuntime()
  const dispatch = useDispatch()
  const t = useT('callcenter')
  const { softphone, profile, locale } = useUnit({ softphone: $softphone, profile: $profile, locale: $locale })
  const [notes, setNotes] = useState('')

  const state = panelState(softphone)
  const session = visibleSession(softphone)
  const inCall = session !== null
  useEffect(() => {
    if (inCall) void loadFinishDialog().catch(() => undefined)
  }, [inCall])
  // The notes belong to one call: cleared once it is finished.
  const hadSession = useRef(false)
  useEffect(() => {
    if (session) hadSession.current = true
    else if (hadSession.current) {
      hadSession.current = false
      setNotes('')
    }
  }, [session])

  const registered = softphone.registration === 'registered'
  const statusText = softphone.waitingDial
    ? t('panel.dialWhenRegistered')
    : state === 'unavailable' && isRegistering(softphone)
      ? t('panel.registering')
      : t(`panel.state.${state}`)
  const open = softphone.open

  // Opened by the user: focus moves into the panel. Opened by an incoming call: it is announced, focus stays.
  const card = useRef<HTMLElement | null>(null)
  const toggle = useRef<HTMLButtonElement | null>(null)
  const focusOnOpen = useRef(false)
  useEffect(() => {
    if (!open || !focusOnOpen.current) return
    focusOnOpen.current = false
    card.current?.querySelector<HTMLElement>('input, textarea, button:not([disabled])')?.focus()
  }, [open])
  const close = () => {
    void dispatch('callcenter/closePanel', {})
    toggle.current?.focus()
  }

  return (
    <Dock data-testid="call-dock">
      {open && (
        <Card
          ref={card}
          aria-labelledby="call-panel-title"
          data-testid="call-panel"
          data-state={state}
          data-call-id={session?.callId ?? undefined}
          onKeyDown={e => {
            if (e.key === 'Escape' && !e.defaultPrevented) close()
          }}
        >
          <Stack gap="md">
            <Row justify="space-between" align="flex-start">
              <div>
                <Title id="call-panel-title">{t('panel.title')}</Title>
                <Status data-testid="call-status">
                  <Dot $on={registered} aria-hidden="true" />
                  {statusText}
                  {profile?.sip?.code ? ` · ${t('panel.myNumber', { code: profile.sip.code })}` : ''}
                </Status>
              </div>
              <IconButton aria-label={t('panel.collapse')} size="sm" onPress={close}>
                <ChevronDownIcon />
              </IconButton>
            </Row>
            <VisuallyHidden aria-live="polite">{statusText}</VisuallyHidden>
            <SipAlert alert={softphone.alert} cause={softphone.alertCause} />
            {softphone.failure && <CallFailureAlert failure={softphone.failure} />}
            {!session && softphone.callBack && (
              <CallBackNotice
                callBack={softphone.callBack}
                href={softphone.callBack.task_id === null ? null : runtime.registry.link('tasks/task', { id: softphone.callBack.task_id })}
                locale={locale}
              />
            )}
            {session && state !== 'end' ? (
              <CallView
                session={session}
                state={state}
                onHangup={() => void dispatch('callcenter/hangup', {})}
                onAnswer={() => void dispatch('callcenter/answer', {})}
                onDecline={() => void dispatch('callcenter/decline', {})}
                onDtmf={tone => void dispatch('callcenter/dtmf', { tone })}
                onMute={() => void dispatch('callcenter/toggleMute', {})}
                onHold={() => void dispatch('callcenter/toggleHold', {})}
                onTransfer={target => void dispatch('callcenter/transfer', { target })}
                onAddContact={phoneDigits(session.phone) ? () => void dispatch('callcenter/openContactDialog', {}) : undefined}
              />
            ) : (
              !session && (
                <NumberEntry
                  value={softphone.number}
                  refusal={softphone.refusal}
                  onChange={value => void dispatch('callcenter/enterNumber', { value })}
                  onCall={(value, mode) => void dispatch('callcenter/pressCall', { value, mode })}
                  onAddContact={() => void dispatch('callcenter/openContactDialog', {})}
                />
              )
            )}
            {(session || softphone.number) && <TextArea label={t('panel.notes')} name="call-notes" rows={3} value={notes} onChange={setNotes} description={t('panel.notesHint')} />}
            <FoundLinks links={softphone.links} locale={locale} />
          </Stack>
        </Card>
      )}
      <Toggle
        ref={toggle}
        variant={state === 'incoming' ? 'primary' : 'secondary'}
        $ringing={state === 'incoming'}
        icon={<PhoneIcon />}
        aria-expanded={open}
        onPress={() => {
          if (open) return void dispatch('callcenter/closePanel', {})
          focusOnOpen.current = true
          void dispatch('callcenter/openPanel', {})
        }}
        data-testid="call-toggle"
      >
        {state === 'incoming' ? t('panel.state.incoming') : session && state === 'start' ? t('panel.toggleInCall') : t('panel.toggle')}
      </Toggle>
      {session && state === 'end' && session.callId !== null && (
        <Suspense fallback={null}>
          <FinishCallDialog
            isOpen
            phone={session.phone}
            seconds={session.seconds}
            today={localToday(runtime.bus.clock.now())}
            initialComment={notes}
            saving={session.finishing}
            failure={session.finishFailure}
            onSubmit={form => void dispatch('callcenter/finishCall', { key: session.key, form })}
            connected={!mayDismiss(session)}
            failureText={softphone.failure ? callFailureText(t, softphone.failure) : null}
            onDismiss={() => void dispatch('callcenter/dismissFinish', { key: session.key })}
          />
        </Suspense>
      )}
      {softphone.contact.open && (
        <Suspense fallback={null}>
          <AddContactDialog
            isOpen
            phone={session?.phone ?? softphone.number}
            saving={softphone.contact.saving}
            failure={softphone.contact.failure}
            onSubmit={form => void dispatch('callcenter/addContact', { form })}
            onClose={() => void dispatch('callcenter/closeContactDialog', {})}
          />
        </Suspense>
      )}
    </Dock>
  )
}

function SipAlert({ alert, cause }: { alert: string | null; cause: string | null }) {
  const t = useT('callcenter')
  if (!alert) return null
  const kind = alert === 'notConfigured' ? 'info' : 'error'
  return (
    <Alert
      kind={kind}
      title={t(`alert.${alert}.title`)}
      action={
        alert === 'notConfigured' ? undefined : (
          <Button size="sm" onPress={() => window.location.reload()}>
            {t('alert.refresh')}
          </Button>
        )
      }
    >
      <span data-testid="sip-alert" data-alert={alert}>
        {t(`alert.${alert}.text`)}
        {cause ? ` (${cause})` : ''}
      </span>
    </Alert>
  )
}
