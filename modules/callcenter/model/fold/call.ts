import type { AnyEvent } from '../../../../core/events/map'
import { CALL_DIRECTION } from '../../contract/constants'
import { callPhoneDigits } from '../../contract/phone'
import { TOAST_PRESET } from '../../../../core/toast/toast'
import { command, emit, toast, type Effect } from '../effects'
import { NO_LINKS, type CallSession, type SoftphoneState, type WaitingDial } from '../state'
import { isRegistering } from '../panel'
import { entryValue } from '../number'
import { callEndPath, isTender } from './paths'
import { DECLINE_STATUS, finishAtZero, isSessionEvent, mayDismiss, newSession, patchSession, searchLinks, secondsAt, sessionEvent, statusCommand } from './session'

/**
 * Dials `phone` filed under its page: the record first (`createCall`), then the call. A click-to-call while the
 * phone is still registering waits for it (`waitingDial`); on a phone that is off or failed the number is only shown.
 */
function dial(state: SoftphoneState, { phone, page, page_id }: WaitingDial, fx: Effect[]): SoftphoneState {
  const base: SoftphoneState = { ...state, open: true, number: phone, context: { page, page_id }, waitingDial: null, failure: null, refusal: null, callBack: null }
  // Click-to-call from a user without a softphone (no SIP code, or its credentials were refused): say so.
  if (!state.credentials) fx.push(toast({ kind: 'info', timeout: TOAST_PRESET.systemNotification.timeout, text: 'callcenter:toast.noSoftphone' }))
  if (state.session) return base
  if (state.registration !== 'registered') return isRegistering(state) ? { ...base, waitingDial: { phone, page, page_id } } : base
  const key = state.nextKey
  const session = newSession({ key, ref: `call-${key}`, direction: CALL_DIRECTION.outgoing, phone, page, page_id, phase: 'creating', record: 'pending' })
  fx.push(command('callcenter/createCall', { key, phone, direction: CALL_DIRECTION.outgoing, page, page_id }))
  if (isTender(page, page_id)) fx.push(command('callcenter/historyAdd', { tenderId: page_id, phone }))
  return { ...base, session, nextKey: key + 1 }
}

/**
 * The call session (SPEC §4): dialling out and ringing in, the record's id, the user's buttons during the call,
 * the timer and the finish-call dialog.
 */
export function call(state: SoftphoneState, e: AnyEvent, fx: Effect[]): SoftphoneState {
  if (isSessionEvent(e)) return sessionEvent(state, e, fx)
  switch (e.type) {
    // ── outgoing ──
    case 'callcenter/dialRequested':
      return dial(state, e.payload, fx)
    case 'sip/registered':
      // The registration fold has just marked the phone registered: a click-to-call that waited for it goes out now.
      return state.waitingDial ? dial(state, state.waitingDial, fx) : state
    case 'sip/registrationFailed':
    case 'sip/disconnected':
    case 'sip/unregistered':
    case 'sip/stopped':
      // The alert says why the phone is not there; the number stays in the field for the user to call again.
      return state.waitingDial ? { ...state, waitingDial: null } : state
    case 'callcenter/callCreated':
    case 'callcenter/callCreateFailed': {
      const s = state.session
      if (!s || s.key !== e.payload.key) return state
      if (e.type === 'callcenter/callCreateFailed') {
        // No record: nothing to call (outgoing: say so), nothing to finish (ended); an incoming call goes on unrecorded.
        if (s.phase === 'creating') return { ...state, session: null, failure: { kind: 'record', cause: e.payload.message, status: null } }
        if (s.phase === 'closing' || s.phase === 'ended') return { ...state, session: null }
        return patchSession(state, s, { record: 'failed', pending: [] })
      }
      const callId = e.payload.id
      for (const p of s.pending) fx.push(statusCommand(s, callId, p))
      if (s.phase === 'closing') return { ...state, session: null }
      const created: Partial<CallSession> = { callId, record: 'created', pending: [] }
      if (s.phase === 'creating') {
        fx.push(emit('sip/callRequested', { ref: s.ref, target: s.phone }))
        return patchSession(state, s, { ...created, phase: 'connecting', placed: true })
      }
      return patchSession(state, s, created)
    }

    // ── incoming ──
    case 'sip/newSession': {
      const { id, direction, remote } = e.payload
      if (direction !== 'incoming') return state
      if (state.session) {
        // One call at a time (and a finished one is logged first): the second caller hears "busy".
        fx.push(emit('sip/terminateRequested', { id, status: DECLINE_STATUS }))
        return state
      }
      const key = state.nextKey
      const digits = callPhoneDigits(remote)
      const phone = digits ?? remote
      const session = newSession({ key, ref: id, direction: CALL_DIRECTION.incoming, phone, page: null, page_id: null, phase: 'incoming', record: digits ? 'pending' : 'none' })
      if (digits) fx.push(command('callcenter/createCall', { key, phone: digits, direction: CALL_DIRECTION.incoming, page: null, page_id: null }))
      const next: SoftphoneState = { ...state, open: true, number: phone, context: { page: null, page_id: null }, failure: null, session, nextKey: key + 1, callBack: null }
      return digits ? searchLinks(next, digits, fx) : next
    }
    case 'callcenter/answerRequested': {
      const s = state.session
      if (!s || s.phase !== 'incoming') return state
      fx.push(emit('sip/answerRequested', { id: s.ref }))
      return patchSession(state, s, { phase: 'answering' })
    }
    case 'callcenter/declineRequested': {
      const s = state.session
      if (!s || s.phase !== 'incoming') return state
      return finishAtZero(state, s, fx, DECLINE_STATUS)
    }

    case 'callcenter/tick': {
      const s = state.session
      if (!s || s.key !== e.payload.key || s.phase !== 'established') return state
      const seconds = secondsAt(s, e.at)
      return seconds === s.seconds ? state : patchSession(state, s, { seconds })
    }

    // ── the user's buttons ──
    case 'callcenter/hangupRequested': {
      const s = state.session
      if (!s || s.phase === 'ended' || s.phase === 'closing') return state
      if (s.phase === 'incoming') return finishAtZero(state, s, fx, DECLINE_STATUS)
      const seconds = secondsAt(s, e.at)
      // SPEC §4: finish while the timer is 0 → status 102, finished at once, no dialog.
      if (seconds === 0) return finishAtZero(state, s, fx)
      fx.push(emit('sip/terminateRequested', { id: s.ref }))
      return patchSession(state, s, { seconds })
    }
    case 'callcenter/dtmfPressed': {
      const s = state.session
      // SPEC §5: DTMF only while the call is established.
      if (!s || s.phase !== 'established') return state
      fx.push(emit('sip/dtmfRequested', { id: s.ref, tone: e.payload.tone }))
      return state
    }
    case 'callcenter/muteToggled': {
      const s = state.session
      if (!s || s.phase !== 'established') return state
      fx.push(emit('sip/muteRequested', { id: s.ref, muted: !s.muted }))
      return state
    }
    case 'callcenter/holdToggled': {
      const s = state.session
      if (!s || s.phase !== 'established') return state
      fx.push(emit('sip/holdRequested', { id: s.ref, held: !s.held }))
      return state
    }
    case 'callcenter/transferRequested': {
      const s = state.session
      const target = callPhoneDigits(e.payload.target)
      if (!s || s.phase !== 'established' || !target || s.transfer === 'pending') return state
      fx.push(emit('sip/transferRequested', { id: s.ref, target }))
      return patchSession(state, s, { transfer: 'pending' })
    }

    // ── finishing ──
    case 'callcenter/finishSubmitted': {
      const s = state.session
      if (!s || s.key !== e.payload.key || s.phase !== 'ended' || s.callId === null || s.finishing) return state
      const f = e.payload.form
      fx.push(
        command('callcenter/postCallEnd', {
          key: s.key,
          path: callEndPath(s),
          body: {
            status: f.status,
            comment: f.comment ?? '',
            is_reminder: Boolean(f.is_reminder),
            reminder_date: f.is_reminder ? (f.reminder_date ?? '') : '',
            reminder_time: f.is_reminder ? (f.reminder_time ?? '') : '',
            phone: s.phone,
            call_rating: f.call_rating,
            time: s.seconds,
            email_notification: Boolean(f.is_reminder && f.email_notification),
            phone_call_id: s.callId,
            page: s.page,
            page_id: s.page_id,
          },
        }),
      )
      return patchSession(state, s, { finishing: true, finishFailure: null })
    }
    case 'callcenter/finishDismissed': {
      const s = state.session
      // Only a call that never connected may go without an outcome: its record already has status 50 and the cause.
      if (!s || s.key !== e.payload.key || s.phase !== 'ended' || !mayDismiss(s) || s.finishing) return state
      // The number stays in the field, as typed, for another try.
      return { ...state, session: null, number: entryValue(s.phone) }
    }
    case 'callcenter/callFinished': {
      const s = state.session
      if (!s || s.key !== e.payload.key) return state
      // The outcome is saved: the call, its number and why it failed are done with; a call-back it set is said.
      const task = e.payload.result.task
      const callBack = task ? { id: task.id, phone: task.phone, due_at: task.due_at, task_id: task.task_id ?? null } : null
      return { ...state, session: null, number: '', links: NO_LINKS, failure: null, callBack }
    }
    case 'callcenter/finishFailed': {
      const s = state.session
      if (!s || s.key !== e.payload.key) return state
      return patchSession(state, s, { finishing: false, finishFailure: e.payload.failure })
    }
    default:
      return state
  }
}
