import { createStore } from 'effector'
import type { Failure, Page } from '../../core/api/envelope'
import type { CommandId, CommandMap } from '../../core/bus/commands'
import { busEventReceived, onBus } from '../../core/events/effector'
import type { AnyEvent, EventMap, EventType } from '../../core/events/map'
import '../../core/sip/events'
import type { ToastInput } from '../../core/toast/toast'
import { TOAST_PRESET } from '../../core/toast/toast'
import { phoneDigits } from '../../core/validation/phone'
import {
  CALL_DIRECTION,
  CALL_STATUS,
  CALLCENTER_ERROR,
  callPhoneDigits,
  type CallDirection,
  type CallEndForm,
  type CallEndResult,
  type CallStatistics,
  type Caller,
  type Contact,
  type ContactForm,
  type Office,
  type SearchLinkCall,
  type SearchLinkClient,
  type SearchLinks,
  type SipAccount,
} from './contract'

/*
 * The softphone as one pure fold: `step(state, event) → { state, effects }`. The effector store `$softphone` keeps
 * the state (the call panel is a pure function of it) and the softphone process runs the same fold and performs
 * the effects (HTTP through commands, `sip/…Requested` events for the adapter). A replay feeds the logged inputs
 * (`ui`, `sip`, `api`) through both and so re-derives every request and every SIP action.
 */

/** The page a tender's calls and contacts belong to (the server's TENDER_PAGE). */
export const TENDER_PAGE = 'tender'
/** SPEC §4/§9: the connection is re-checked every second until the phone object exists. */
export const SIP_RECHECK_MS = 1000
/** The call timer's step (mm:ss). */
export const CALL_TICK_MS = 1000
/** The SIP status a declined incoming call is answered with. */
export const DECLINE_STATUS = 486
/**
 * Registration failures that mean the credentials are wrong (JsSIP's causes): the alert says "wrong password"
 * and the credentials are cleared. Any other failure (connection, timeout) is a connection problem that JsSIP
 * recovers from by itself.
 */
export const CREDENTIAL_CAUSES: readonly string[] = ['Authentication Error', 'Rejected', 'Not Found']
const CREDENTIAL_STATUSES: readonly number[] = [401, 403, 404, 407]

// ───────────────────────── events ─────────────────────────

/** What the finish-call dialog submits; the logic adds the phone, time, call id and page. */
export type FinishForm = Pick<CallEndForm, 'status' | 'comment' | 'is_reminder' | 'reminder_date' | 'reminder_time' | 'call_rating' | 'email_notification'>
/** What the add-contact dialog submits; the logic adds the page. */
export type ContactFields = Omit<ContactForm, 'page' | 'page_id'>

export type AdminResource = 'callers' | 'caller' | 'sips' | 'freeSips' | 'offices' | 'statistics'
export interface AdminData {
  callers: Page<Caller>
  caller: Caller
  sips: Page<SipAccount>
  freeSips: SipAccount[]
  offices: Office[]
  statistics: CallStatistics
}
export type AdminLoaded = { [R in AdminResource]: { resource: R; key: string; data: AdminData[R] } }[AdminResource]

declare module '../../core/events/map' {
  interface EventMap {
    'callcenter/panelOpened': Record<string, never>
    'callcenter/panelClosed': Record<string, never>
    /** The panel's number as typed (a masked phone or an extension). */
    'callcenter/numberEntered': { value: string }
    /** A call asked for (the panel's button or another module's click-to-call); `phone` is digits. */
    'callcenter/dialRequested': { phone: string; page: string | null; page_id: number | null }
    'callcenter/callCreated': { key: number; id: number }
    'callcenter/callCreateFailed': { key: number; message: string }
    'callcenter/statusSaved': { key: number; id: number; status: number }
    /** The call timer's second (derived from the clock while a call is established). */
    'callcenter/tick': { key: number }
    'callcenter/hangupRequested': Record<string, never>
    'callcenter/answerRequested': Record<string, never>
    'callcenter/declineRequested': Record<string, never>
    'callcenter/dtmfPressed': { tone: string }
    'callcenter/muteToggled': Record<string, never>
    'callcenter/holdToggled': Record<string, never>
    'callcenter/transferRequested': { target: string }
    'callcenter/linksLoaded': { phone: string; links: SearchLinks }
    'callcenter/linksFailed': { phone: string; message: string }
    'callcenter/historyAdded': { tenderId: number }
    'callcenter/finishSubmitted': { key: number; form: FinishForm }
    'callcenter/callFinished': { key: number; result: CallEndResult }
    'callcenter/finishFailed': { key: number; failure: Failure }
    'callcenter/contactDialogOpened': Record<string, never>
    'callcenter/contactDialogClosed': Record<string, never>
    'callcenter/contactSubmitted': { form: ContactFields }
    'callcenter/contactAdded': { contact: Contact }
    'callcenter/contactFailed': { failure: Failure }

    'callcenter/adminRequested': { resource: AdminResource; key: string }
    'callcenter/adminLoaded': AdminLoaded
    'callcenter/adminFailed': { resource: AdminResource; key: string; failure: Failure }
    'callcenter/callerSaving': { id: number | null }
    'callcenter/callerSaved': { caller: Caller; created: boolean }
    'callcenter/callerSaveFailed': { id: number | null; failure: Failure }
    'callcenter/sipSaving': Record<string, never>
    'callcenter/sipSaved': { sip: SipAccount }
    'callcenter/sipSaveFailed': { failure: Failure }
  }
}

// ───────────────────────── state ─────────────────────────

export interface SipCredentials {
  ws_url: string
  code: string
  password: string
}

export type Registration = 'off' | 'connecting' | 'registered' | 'unregistered'
export type SipAlert = 'wrongPassword' | 'disconnected' | 'registrationFailed' | 'loadFailed' | 'notConfigured'

/**
 * A call's progress: `creating` (the record is being created, outgoing), `connecting`, `dialing` (the remote side
 * rings), `incoming` (ringing here), `answering`, `established` (timer runs), `ended` (the finish dialog), and
 * `closing` (finished with status 102 before the record existed: invisible, waits for the record's id).
 */
export type CallPhase = 'creating' | 'connecting' | 'dialing' | 'incoming' | 'answering' | 'established' | 'ended' | 'closing'

interface PendingStatus {
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
  context: { page: string | null; page_id: number | null }
  session: CallSession | null
  nextKey: number
  links: LinksState
  contact: ContactDialogState
}

const NO_LINKS: LinksState = { phone: null, status: 'idle', clients: [], calls: [] }
const NO_CONTACT: ContactDialogState = { open: false, saving: false, failure: null }

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
  session: null,
  nextKey: 1,
  links: NO_LINKS,
  contact: NO_CONTACT,
}

// ───────────────────────── effects ─────────────────────────

export type Effect =
  | { [C in CommandId]: { kind: 'command'; id: C; payload: CommandMap[C] } }[CommandId]
  | { [T in EventType]: { kind: 'emit'; type: T; payload: EventMap[T] } }[EventType]
  | { kind: 'toast'; toast: ToastInput }

const command = <C extends CommandId>(id: C, payload: CommandMap[C]): Effect => ({ kind: 'command', id, payload }) as Effect
const emit = <T extends EventType>(type: T, payload: EventMap[T]): Effect => ({ kind: 'emit', type, payload }) as Effect

export interface Step {
  state: SoftphoneState
  effects: Effect[]
}

// ───────────────────────── the fold ─────────────────────────

const isTender = (page: string | null, pageId: number | null): pageId is number => page === TENDER_PAGE && pageId !== null

/** The path of the finish-call request (SPEC §7): the tender variant on a tender page. */
export function callEndPath(session: Pick<CallSession, 'page' | 'page_id' | 'callId'>): string {
  return isTender(session.page, session.page_id) ? `v1/tenders/${session.page_id}/call-end` : `v1/call-center/${session.callId}/call-end`
}
export function contactAddPath(context: { page: string | null; page_id: number | null }): string {
  return isTender(context.page, context.page_id) ? `v1/tenders/${context.page_id}/contact-add` : 'v1/call-center/contact-add'
}

const secondsAt = (s: CallSession, at: number) => (s.acceptedAt === null ? 0 : Math.max(0, Math.floor((at - s.acceptedAt) / 1000)))

/** Applies one bus event. Pure: the same events always give the same states and effects. */
export function step(state: SoftphoneState, event: AnyEvent): Step {
  const fx: Effect[] = []
  const next = reduce(state, event, fx)
  return { state: next, effects: fx }
}

function reduce(state: SoftphoneState, e: AnyEvent, fx: Effect[]): SoftphoneState {
  switch (e.type) {
    // ── registration ──
    case 'auth/profileLoaded': {
      const sip = e.payload.profile.sip
      if (!sip?.code) {
        if (state.credentials || state.phoneExists) fx.push(emit('sip/stopRequested', {}))
        return state.credentials || state.phoneExists ? { ...state, credentials: null, phoneExists: false, registration: 'off' } : state
      }
      if (state.cleared) return state
      const credentials: SipCredentials = { ws_url: sip.ws_url, code: sip.code, password: sip.password }
      if (!credentials.ws_url) return { ...state, credentials, alert: 'notConfigured', alertCause: null }
      const same = state.credentials && state.credentials.ws_url === credentials.ws_url && state.credentials.code === credentials.code
      if (same) return state // a refreshed profile does not restart a phone
      fx.push(emit('sip/startRequested', credentials))
      return { ...state, credentials, registration: 'connecting', alert: null, alertCause: null }
    }
    case 'auth/loggedOut':
      if (state.credentials || state.phoneExists || state.session) fx.push(emit('sip/stopRequested', {}))
      return initialSoftphone
    case 'sip/adapterReady':
      // The adapter has just begun to listen: ask now rather than at the next 1 s re-check.
      if (state.credentials?.ws_url && !state.phoneExists && !state.cleared) fx.push(emit('sip/startRequested', state.credentials))
      return state
    case 'sip/uaCreated':
      return { ...state, phoneExists: true }
    case 'sip/stopped':
      return { ...state, phoneExists: false, registration: 'off' }
    case 'sip/loadFailed':
      return { ...state, alert: 'loadFailed', alertCause: e.payload.message }
    case 'sip/connecting':
      return state.registration === 'registered' || state.registration === 'connecting' ? state : { ...state, registration: 'connecting' }
    case 'sip/disconnected':
      return {
        ...state,
        registration: 'unregistered',
        alert: state.alert === 'wrongPassword' ? state.alert : 'disconnected',
        alertCause: state.alert === 'wrongPassword' ? state.alertCause : e.payload.code === null ? e.payload.reason : String(e.payload.code),
      }
    case 'sip/registered':
      // Beyond the spec: JsSIP reconnected and registered again by itself — the alert goes, the panel works.
      return { ...state, registration: 'registered', alert: state.alert === 'wrongPassword' || state.alert === 'notConfigured' ? state.alert : null, alertCause: null }
    case 'sip/unregistered':
      return state.registration === 'off' ? state : { ...state, registration: 'unregistered' }
    case 'sip/registrationFailed': {
      const { cause, status } = e.payload
      if (CREDENTIAL_CAUSES.includes(cause) || (status !== null && CREDENTIAL_STATUSES.includes(status))) {
        fx.push(emit('sip/stopRequested', {}))
        return { ...state, credentials: null, cleared: true, registration: 'off', alert: 'wrongPassword', alertCause: cause }
      }
      return { ...state, registration: 'unregistered', alert: 'registrationFailed', alertCause: cause }
    }

    // ── the panel ──
    case 'callcenter/panelOpened':
      return state.open ? state : { ...state, open: true }
    case 'callcenter/panelClosed':
      return state.open ? { ...state, open: false } : state
    case 'callcenter/numberEntered': {
      const value = e.payload.value
      const digits = phoneDigits(value)
      const next = { ...state, number: value }
      return digits ? searchLinks(next, digits, fx) : next
    }

    // ── outgoing ──
    case 'callcenter/dialRequested': {
      const { phone, page, page_id } = e.payload
      const base: SoftphoneState = { ...state, open: true, number: phone, context: { page, page_id } }
      // Click-to-call from a user without a softphone (no SIP code, or its credentials were refused): say so.
      if (!state.credentials) fx.push({ kind: 'toast', toast: { kind: 'info', timeout: TOAST_PRESET.systemNotification.timeout, text: 'callcenter:toast.noSoftphone' } })
      if (state.session || state.registration !== 'registered') return base
      const key = state.nextKey
      const session = newSession({ key, ref: `call-${key}`, direction: CALL_DIRECTION.outgoing, phone, page, page_id, phase: 'creating', record: 'pending' })
      fx.push(command('callcenter/createCall', { key, phone, direction: CALL_DIRECTION.outgoing, page, page_id }))
      if (isTender(page, page_id)) fx.push(command('callcenter/historyAdd', { tenderId: page_id, phone }))
      return { ...base, session, nextKey: key + 1 }
    }
    case 'callcenter/callCreated':
    case 'callcenter/callCreateFailed': {
      const s = state.session
      if (!s || s.key !== e.payload.key) return state
      if (e.type === 'callcenter/callCreateFailed') {
        // No record: nothing to call (outgoing), nothing to finish (ended); an incoming call goes on unrecorded.
        if (s.phase === 'creating' || s.phase === 'closing' || s.phase === 'ended') return { ...state, session: null }
        return withSession(state, { ...s, record: 'failed', pending: [] })
      }
      const callId = e.payload.id
      for (const p of s.pending) fx.push(statusCommand(s, callId, p))
      if (s.phase === 'closing') return { ...state, session: null }
      const created: CallSession = { ...s, callId, record: 'created', pending: [] }
      if (s.phase === 'creating') {
        fx.push(emit('sip/callRequested', { ref: s.ref, target: s.phone }))
        return withSession(state, { ...created, phase: 'connecting', placed: true })
      }
      return withSession(state, created)
    }
    case 'callcenter/statusSaved':
    case 'callcenter/historyAdded':
      return state

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
      const next: SoftphoneState = { ...state, open: true, number: phone, context: { page: null, page_id: null }, session, nextKey: key + 1 }
      return digits ? searchLinks(next, digits, fx) : next
    }
    case 'callcenter/answerRequested': {
      const s = state.session
      if (!s || s.phase !== 'incoming') return state
      fx.push(emit('sip/answerRequested', { id: s.ref }))
      return withSession(state, { ...s, phase: 'answering' })
    }
    case 'callcenter/declineRequested': {
      const s = state.session
      if (!s || s.phase !== 'incoming') return state
      return finishAtZero(state, s, fx, DECLINE_STATUS)
    }

    // ── the call's progress ──
    case 'sip/callConnecting':
    case 'sip/callProgress':
    case 'sip/callAccepted':
    case 'sip/callConfirmed':
    case 'sip/callEnded':
    case 'sip/callFailed':
    case 'sip/muteChanged':
    case 'sip/holdChanged':
    case 'sip/transferAccepted':
    case 'sip/transferFailed':
    case 'sip/dtmf':
      return sessionEvent(state, e, fx)

    case 'callcenter/tick': {
      const s = state.session
      if (!s || s.key !== e.payload.key || s.phase !== 'established') return state
      const seconds = secondsAt(s, e.at)
      return seconds === s.seconds ? state : withSession(state, { ...s, seconds })
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
      return withSession(state, { ...s, seconds })
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
      return withSession(state, { ...s, transfer: 'pending' })
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
      return withSession(state, { ...s, finishing: true, finishFailure: null })
    }
    case 'callcenter/callFinished': {
      const s = state.session
      if (!s || s.key !== e.payload.key) return state
      return { ...state, session: null, number: '', links: NO_LINKS }
    }
    case 'callcenter/finishFailed': {
      const s = state.session
      if (!s || s.key !== e.payload.key) return state
      return withSession(state, { ...s, finishing: false, finishFailure: e.payload.failure })
    }

    // ── found clients and calls ──
    case 'callcenter/linksLoaded':
      if (state.links.phone !== e.payload.phone) return state
      return { ...state, links: { phone: e.payload.phone, status: 'ready', clients: e.payload.links.clients, calls: e.payload.links.calls } }
    case 'callcenter/linksFailed':
      if (state.links.phone !== e.payload.phone) return state
      return { ...state, links: { ...NO_LINKS, phone: e.payload.phone, status: 'failed' } }

    // ── add contact ──
    case 'callcenter/contactDialogOpened':
      return { ...state, contact: { open: true, saving: false, failure: null } }
    case 'callcenter/contactDialogClosed':
      return state.contact.open ? { ...state, contact: NO_CONTACT } : state
    case 'callcenter/contactSubmitted': {
      if (state.contact.saving) return state
      const context = state.session ? { page: state.session.page, page_id: state.session.page_id } : state.context
      fx.push(command('callcenter/postContact', { path: contactAddPath(context), body: { ...e.payload.form, page: context.page, page_id: context.page_id } }))
      return { ...state, contact: { open: true, saving: true, failure: null } }
    }
    case 'callcenter/contactAdded':
      fx.push({ kind: 'toast', toast: { ...TOAST_PRESET.contactAdded, text: 'callcenter:toast.contactAdded' } })
      return { ...state, contact: NO_CONTACT }
    case 'callcenter/contactFailed': {
      const { failure } = e.payload
      // SPEC §8/§9: a mass number is a 5 s warning "enter another phone"; anything else the contact-add error.
      if (failure.code === CALLCENTER_ERROR.massNumber) fx.push({ kind: 'toast', toast: { ...TOAST_PRESET.massNumber, text: 'callcenter:toast.massNumber' } })
      else fx.push({ kind: 'toast', toast: { ...TOAST_PRESET.contactAddError, text: 'callcenter:toast.contactAddError' } })
      return { ...state, contact: { open: true, saving: false, failure } }
    }
    default:
      return state
  }
}

function newSession(init: Pick<CallSession, 'key' | 'ref' | 'direction' | 'phone' | 'page' | 'page_id' | 'phase' | 'record'>): CallSession {
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

const withSession = (state: SoftphoneState, session: CallSession): SoftphoneState => ({ ...state, session })

function statusCommand(s: CallSession, id: number, p: PendingStatus): Effect {
  return command('callcenter/postStatus', { key: s.key, id, status: p.status, time: p.time, cause: p.cause, page: s.page, page_id: s.page_id })
}

/** Sends a status now, or once the record exists; without a record it is dropped. */
function post(s: CallSession, p: PendingStatus, fx: Effect[]): CallSession {
  if (s.callId !== null) {
    fx.push(statusCommand(s, s.callId, p))
    return s
  }
  return s.record === 'pending' ? { ...s, pending: [...s.pending, p] } : s
}

function searchLinks(state: SoftphoneState, phone: string, fx: Effect[]): SoftphoneState {
  if (state.links.phone === phone && state.links.status !== 'failed') return state
  fx.push(command('callcenter/searchLinks', { phone }))
  return { ...state, links: { ...NO_LINKS, phone, status: 'loading' } }
}

/** Finish at timer 0 (and decline): status 102, the SIP side hung up, no dialog. */
function finishAtZero(state: SoftphoneState, s: CallSession, fx: Effect[], declineStatus?: number): SoftphoneState {
  if (s.placed || s.direction === CALL_DIRECTION.incoming) {
    fx.push(emit('sip/terminateRequested', declineStatus ? { id: s.ref, status: declineStatus } : { id: s.ref }))
  }
  const posted = post(s, { status: CALL_STATUS.noAnswer, time: 0, cause: null }, fx)
  // The record is still being created: keep the session out of sight until its id arrives for the 102.
  if (posted.record === 'pending' && posted.callId === null) return withSession(state, { ...posted, phase: 'closing' })
  return { ...state, session: null }
}

type SessionEvent = Extract<
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

function sessionEvent(state: SoftphoneState, e: SessionEvent, fx: Effect[]): SoftphoneState {
  const s = state.session
  if (!s || s.ref !== e.payload.id || s.phase === 'closing' || s.phase === 'ended') return state
  switch (e.type) {
    case 'sip/callConnecting':
      return s.phase === 'creating' || s.phase === 'connecting' ? withSession(state, { ...s, phase: 'connecting' }) : state
    case 'sip/callProgress':
      if (s.direction !== CALL_DIRECTION.outgoing || (s.phase !== 'connecting' && s.phase !== 'creating')) return state
      // The lookup of clients and calls waits until the callee rings: it would slow the call's setup otherwise
      // (the same server, one database query at a time; measured in tests/e2e/call-latency.ts).
      return searchLinks(withSession(state, { ...s, phase: 'dialing' }), s.phone, fx)
    case 'sip/callAccepted': {
      if (s.phase === 'established') return state
      // SPEC §4: accepted → the timer starts and status 10 is sent.
      const accepted: CallSession = { ...s, phase: 'established', acceptedAt: e.at, seconds: 0 }
      const next = withSession(state, post(accepted, { status: CALL_STATUS.accepted, time: 0, cause: null }, fx))
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
      // Without a record there is nothing to finish: no dialog.
      if (ended.record === 'failed' || ended.record === 'none') return { ...state, session: null }
      return withSession(state, ended)
    }
    case 'sip/muteChanged':
      return withSession(state, { ...s, muted: e.payload.muted })
    case 'sip/holdChanged':
      return e.payload.originator === 'remote' ? state : withSession(state, { ...s, held: e.payload.held })
    case 'sip/transferAccepted':
      // The other party now talks to the transfer target: our leg ends (→ status 50 and the dialog).
      fx.push(emit('sip/terminateRequested', { id: s.ref }))
      return withSession(state, { ...s, transfer: null })
    case 'sip/transferFailed':
      return withSession(state, { ...s, transfer: 'failed' })
    case 'sip/dtmf':
      return e.payload.originator === 'local'
        ? withSession(state, { ...s, dtmf: s.dtmf + e.payload.tone })
        : withSession(state, { ...s, dtmfIn: s.dtmfIn + e.payload.tone })
  }
}

// ───────────────────────── stores ─────────────────────────

/** Everything the call panel shows. */
export const $softphone = createStore<SoftphoneState>(initialSoftphone).on(busEventReceived, (state, event) => step(state, event).state)

/**
 * The panel's state in SPEC §4's words: ready, input (a number is typed), connecting, dialing, start (the call is
 * on, the timer runs), end (the finish dialog); plus incoming and unavailable (not registered).
 */
export type PanelState = 'unavailable' | 'ready' | 'input' | 'connecting' | 'dialing' | 'incoming' | 'start' | 'end'

export function panelState(s: SoftphoneState): PanelState {
  const session = s.session && s.session.phase !== 'closing' ? s.session : null
  if (session) {
    switch (session.phase) {
      case 'incoming':
        return 'incoming'
      case 'creating':
      case 'connecting':
      case 'answering':
        return 'connecting'
      case 'dialing':
        return 'dialing'
      case 'established':
        return 'start'
      default:
        return 'end'
    }
  }
  if (s.registration !== 'registered') return 'unavailable'
  return s.number.replace(/\D/g, '') ? 'input' : 'ready'
}

/** The visible call (a `closing` one is already finished). */
export const visibleSession = (s: SoftphoneState): CallSession | null => (s.session && s.session.phase !== 'closing' ? s.session : null)

/** `mm:ss` (hours roll into minutes). */
export function formatTimer(seconds: number): string {
  const m = Math.floor(seconds / 60)
  const sec = seconds % 60
  return `${String(m).padStart(2, '0')}:${String(sec).padStart(2, '0')}`
}

// ───────────────────────── administration ─────────────────────────

export type AdminState<R extends AdminResource> =
  | { status: 'idle' }
  | { status: 'loading'; key: string; data: AdminData[R] | null }
  | { status: 'ready'; key: string; data: AdminData[R] }
  | { status: 'failed'; key: string; failure: Failure; data: AdminData[R] | null }

const dataOf = <R extends AdminResource>(s: AdminState<R>): AdminData[R] | null => (s.status === 'ready' || s.status === 'loading' || s.status === 'failed' ? s.data : null)

function adminStore<R extends AdminResource>(resource: R) {
  return createStore<AdminState<R>>({ status: 'idle' })
    .on(onBus('callcenter/adminRequested'), (s, p) => (p.resource === resource ? { status: 'loading', key: p.key, data: dataOf(s) } : s))
    .on(onBus('callcenter/adminLoaded'), (s, p) =>
      p.resource === resource && (s.status === 'idle' || s.key === p.key) ? { status: 'ready', key: p.key, data: p.data as AdminData[R] } : s,
    )
    .on(onBus('callcenter/adminFailed'), (s, p) =>
      p.resource === resource && s.status !== 'idle' && s.key === p.key ? { status: 'failed', key: p.key, failure: p.failure, data: dataOf(s) } : s,
    )
    .reset(onBus('auth/loggedOut'))
}

export const $callers = adminStore('callers')
export const $caller = adminStore('caller')
export const $sips = adminStore('sips')
export const $freeSips = adminStore('freeSips')
export const $offices = adminStore('offices')
export const $statistics = adminStore('statistics')

export type SaveState = { status: 'idle' } | { status: 'saving' } | { status: 'failed'; failure: Failure } | { status: 'saved' }

export const $callerSave = createStore<SaveState>({ status: 'idle' })
  .on(onBus('callcenter/callerSaving'), () => ({ status: 'saving' }))
  .on(onBus('callcenter/callerSaved'), () => ({ status: 'saved' }))
  .on(onBus('callcenter/callerSaveFailed'), (_, { failure }) => ({ status: 'failed', failure }))
  .reset(onBus('auth/loggedOut'), onBus('callcenter/adminRequested'))

export const $sipSave = createStore<SaveState>({ status: 'idle' })
  .on(onBus('callcenter/sipSaving'), () => ({ status: 'saving' }))
  .on(onBus('callcenter/sipSaved'), () => ({ status: 'saved' }))
  .on(onBus('callcenter/sipSaveFailed'), (_, { failure }) => ({ status: 'failed', failure }))
  .reset(onBus('auth/loggedOut'), onBus('callcenter/adminRequested'))
