import type { AnyEvent } from '../../../../core/events/map'
import { CALL_DIRECTION, CALL_STATUS } from '../../contract/constants'
import { command, emit, type Effect } from '../effects'
import { NO_LINKS, type CallSession, type PendingStatus, type SoftphoneState } from '../state'

/** The SIP status a declined incoming call is answered with. */
export const DECLINE_STATUS = 486

export function newSession(init: Pick<CallSession, 'key' | 'ref' | 'direction' | 'phone' | 'page' | 'page_id' | 'phase' | 'record'>): CallSession {
  return {
    ...init,
    callId: null,
    placed: false,
    acceptedAt: null,
    seconds: 0,
    muted: false,
    held: false,
    cause: null,
    endStatus: null,
    pending: [],
    transfer: null,
    dtmf: '',
    dtmfIn: '',
    finishing: false,
    finishFailure: null,
  }
}

/** The state with the session changed by `patch` (the one nested update the fold makes over and over). */
export const patchSession = (state: SoftphoneState, s: CallSession, patch: Partial<CallSession>): SoftphoneState => ({ ...state, session: { ...s, ...patch } })

/** A call that never connected (never accepted): its finish dialog may close without an outcome. */
export const mayDismiss = (s: CallSession) => s.acceptedAt === null

/** Whole seconds since the call was accepted (0 before). */
export const secondsAt = (s: CallSession, at: number) => (s.acceptedAt === null ? 0 : Math.max(0, Math.floor((at - s.acceptedAt) / 1000)))

export function statusCommand(s: CallSession, id: number, p: PendingStatus): Effect {
  return command('callcenter/postStatus', { key: s.key, id, status: p.status, time: p.time, cause: p.cause, page: s.page, page_id: s.page_id })
}

/** Sends a status now, or once the record exists; without a record it is dropped. */
export function post(s: CallSession, p: PendingStatus, fx: Effect[]): CallSession {
  if (s.callId !== null) {
    fx.push(statusCommand(s, s.callId, p))
    return s
  }
  return s.record === 'pending' ? { ...s, pending: [...s.pending, p] } : s
}

/** Looks the number's clients and calls up, unless they are known or being looked up. */
export function searchLinks(state: SoftphoneState, phone: string, fx: Effect[]): SoftphoneState {
  if (state.links.phone === phone && state.links.status !== 'failed') return state
  fx.push(command('callcenter/searchLinks', { phone }))
  return { ...state, links: { ...NO_LINKS, phone, status: 'loading' } }
}

/** Finish at timer 0 (and decline): status 102, the SIP side hung up, no dialog. */
export function finishAtZero(state: SoftphoneState, s: CallSession, fx: Effect[], declineStatus?: number): SoftphoneState {
  if (s.placed || s.direction === CALL_DIRECTION.incoming) {
    fx.push(emit('sip/terminateRequested', declineStatus ? { id: s.ref, status: declineStatus } : { id: s.ref }))
  }
  const posted = post(s, { status: CALL_STATUS.noAnswer, time: 0, cause: null }, fx)
  // The record is still being created: keep the session out of sight until its id arrives for the 102.
  if (posted.record === 'pending' && posted.callId === null) return { ...state, session: { ...posted, phase: 'closing' } }
  return { ...state, session: null }
}

export type SessionEvent = Extract<
  AnyEvent,
  {
    type:
      | 'sip/callConnecting'
      | 'sip/callProgress'
      | 'sip/callAccepted'
      | 'sip/callConfirmed'
      | 'sip/callEnded'
      | 'sip/callFailed'
      | 'sip/muteChanged'
      | 'sip/holdChanged'
      | 'sip/transferAccepted'
      | 'sip/transferFailed'
      | 'sip/dtmf'
  }
>

const SESSION_EVENTS: readonly string[] = [
  'sip/callConnecting',
  'sip/callProgress',
  'sip/callAccepted',
  'sip/callConfirmed',
  'sip/callEnded',
  'sip/callFailed',
  'sip/muteChanged',
  'sip/holdChanged',
  'sip/transferAccepted',
  'sip/transferFailed',
  'sip/dtmf',
]
export const isSessionEvent = (e: AnyEvent): e is SessionEvent => SESSION_EVENTS.includes(e.type)

/** What JsSIP reports about the live call (matched by its `ref`). */
export function sessionEvent(state: SoftphoneState, e: SessionEvent, fx: Effect[]): SoftphoneState {
  const s = state.session
  if (!s || s.ref !== e.payload.id || s.phase === 'closing' || s.phase === 'ended') return state
  switch (e.type) {
    case 'sip/callConnecting':
      return s.phase === 'creating' || s.phase === 'connecting' ? patchSession(state, s, { phase: 'connecting' }) : state
    case 'sip/callProgress':
      if (s.direction !== CALL_DIRECTION.outgoing || (s.phase !== 'connecting' && s.phase !== 'creating')) return state
      // The lookup of clients and calls waits until the callee rings: it would slow the call's setup otherwise
      // (the same server, one database query at a time; measured in tests/e2e/call-latency.ts).
      return searchLinks(patchSession(state, s, { phase: 'dialing' }), s.phone, fx)
    case 'sip/callAccepted': {
      if (s.phase === 'established') return state
      // SPEC §4: accepted → the timer starts and status 10 is sent.
      const accepted: CallSession = { ...s, phase: 'established', acceptedAt: e.at, seconds: 0 }
      const next = { ...state, session: post(accepted, { status: CALL_STATUS.accepted, time: 0, cause: null }, fx) }
      return s.direction === CALL_DIRECTION.outgoing ? searchLinks(next, s.phone, fx) : next
    }
    case 'sip/callConfirmed':
      return state
    case 'sip/callEnded':
    case 'sip/callFailed': {
      const seconds = secondsAt(s, e.at)
      // SPEC §4: ended → 50; failed → 20 when the timer is above 0, else 50, with the cause.
      const failed = e.type === 'sip/callFailed'
      const status = failed && seconds > 0 ? CALL_STATUS.failedAfterAnswer : CALL_STATUS.ended
      const cause = failed ? e.payload.cause : null
      const ended = post({ ...s, phase: 'ended', seconds, cause: e.payload.cause, endStatus: status, muted: false, held: false }, { status, time: seconds, cause }, fx)
      // A failure is said in the panel, in words (busy, not found, no microphone…), whatever happens to the record.
      const said: SoftphoneState = e.type === 'sip/callFailed' ? { ...state, failure: { kind: 'sip', cause: e.payload.cause, status: e.payload.status } } : state
      // Without a record there is nothing to finish: no dialog.
      if (ended.record === 'failed' || ended.record === 'none') return { ...said, session: null }
      return { ...said, session: ended }
    }
    case 'sip/muteChanged':
      return patchSession(state, s, { muted: e.payload.muted })
    case 'sip/holdChanged':
      return e.payload.originator === 'remote' ? state : patchSession(state, s, { held: e.payload.held })
    case 'sip/transferAccepted':
      // The other party now talks to the transfer target: our leg ends (→ status 50 and the dialog).
      fx.push(emit('sip/terminateRequested', { id: s.ref }))
      return patchSession(state, s, { transfer: null })
    case 'sip/transferFailed':
      return patchSession(state, s, { transfer: 'failed' })
    case 'sip/dtmf':
      return e.payload.originator === 'local' ? patchSession(state, s, { dtmf: s.dtmf + e.payload.tone }) : patchSession(state, s, { dtmfIn: s.dtmfIn + e.payload.tone })
  }
}
