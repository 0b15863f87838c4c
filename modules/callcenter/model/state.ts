import type { Failure } from '../../../core/api/envelope'
import type { CallDirection, SearchLinkCall, SearchLinkClient } from '../contract'
import type { CallFailure } from './failure'
import type { CallRefusal } from './number'

/** The softphone's state: everything the call panel shows, folded from the bus by ./fold (one fold, in the store). */

export interface SipCredentials {
  ws_url: string
  code: string
  password: string
}

export type Registration = 'off' | 'connecting' | 'registered' | 'unregistered'

/**
 * What the panel's alert says. A refused registration is told apart by its cause: `wrongPassword` (authentication
 * failed: the credentials are cleared), `unreachable` (no connection to the server), `timeout` (the registrar did
 * not answer), `rejected` (the registrar refused the account, e.g. 403/404), `registrationFailed` (anything else).
 */
export const SIP_ALERTS = ['wrongPassword', 'unreachable', 'timeout', 'rejected', 'registrationFailed', 'disconnected', 'loadFailed', 'notConfigured'] as const
export type SipAlert = (typeof SIP_ALERTS)[number]

/**
 * A call's progress: `creating` (the record is being created, outgoing), `connecting`, `dialing` (the remote side
 * rings), `incoming` (ringing here), `answering`, `established` (timer runs), `ended` (the finish dialog), and
 * `closing` (finished with status 102 before the record existed: invisible, waits for the record's id).
 */
export type CallPhase = 'creating' | 'connecting' | 'dialing' | 'incoming' | 'answering' | 'established' | 'ended' | 'closing'

export interface PendingStatus {
  status: number
  time: number
  cause: string | null
}

export interface CallSession {
  /** 1, 2, … in this page's life. */
  key: number
  /** The session's id on the `sip/…` events: `call-<key>` for ours, the adapter's for an incoming one. */
  ref: string
  direction: CallDirection
  /** Digits: 11 for a +7 phone, otherwise an extension. */
  phone: string
  page: string | null
  page_id: number | null
  callId: number | null
  record: 'pending' | 'created' | 'failed' | 'none'
  phase: CallPhase
  /** Asked the adapter to place it (outgoing). */
  placed: boolean
  acceptedAt: number | null
  /** The timer, whole seconds since accepted. */
  seconds: number
  muted: boolean
  held: boolean
  cause: string | null
  /** The status sent when it ended (50 or 20). */
  endStatus: number | null
  /** Statuses to send once the record's id is known. */
  pending: PendingStatus[]
  transfer: 'pending' | 'failed' | null
  /** Tones sent. */
  dtmf: string
  /** Tones the other side sent. */
  dtmfIn: string
  finishing: boolean
  finishFailure: Failure | null
}

export interface LinksState {
  phone: string | null
  status: 'idle' | 'loading' | 'ready' | 'failed'
  clients: SearchLinkClient[]
  calls: SearchLinkCall[]
}

export interface ContactDialogState {
  open: boolean
  saving: boolean
  failure: Failure | null
}

/** A page record calls and contacts are filed under (`{ page: 'tender', page_id: 7 }`). */
export interface PageContext {
  page: string | null
  page_id: number | null
}

/** A dial the phone is not ready for yet: the number (digits) and the page it is filed under. */
export interface WaitingDial extends PageContext {
  phone: string
}

/** The call-back the last finished call left (its reminder), said in the panel until another call or number. */
export interface CallBackSet {
  /** `call_back_tasks.id`. */
  id: number
  phone: string
  /** The reminder's instant (ISO). */
  due_at: string
  /** The tasks module's task made of it (/tasks/{id}); null without that module. */
  task_id: number | null
}

export interface SoftphoneState {
  /** From the profile; null without a SIP code, or once cleared after a wrong password. */
  credentials: SipCredentials | null
  cleared: boolean
  /** The phone object (JsSIP UA) exists. */
  phoneExists: boolean
  registration: Registration
  alert: SipAlert | null
  alertCause: string | null
  open: boolean
  number: string
  /** Page context of the last dial (click-to-call from a tender page). */
  context: PageContext
  /**
   * A click-to-call that came while the phone was still registering (the first seconds after a page loads): placed
   * as soon as it is registered; dropped if the registration fails or the number in the field is changed.
   */
  waitingDial: WaitingDial | null
  /** Why the last press of the call button (or Enter) dialled nothing; until the number changes. */
  refusal: CallRefusal | null
  /** Why the last call failed (said in the panel until another number is dialled or typed, or a call comes in). */
  failure: CallFailure | null
  session: CallSession | null
  nextKey: number
  links: LinksState
  contact: ContactDialogState
  callBack: CallBackSet | null
}

export const NO_LINKS: LinksState = { phone: null, status: 'idle', clients: [], calls: [] }
export const NO_CONTACT: ContactDialogState = { open: false, saving: false, failure: null }

export const initialSoftphone: SoftphoneState = {
  credentials: null,
  cleared: false,
  phoneExists: false,
  registration: 'off',
  alert: null,
  alertCause: null,
  open: false,
  number: '',
  context: { page: null, page_id: null },
  waitingDial: null,
  refusal: null,
  failure: null,
  session: null,
  nextKey: 1,
  links: NO_LINKS,
  contact: NO_CONTACT,
  callBack: null,
}
