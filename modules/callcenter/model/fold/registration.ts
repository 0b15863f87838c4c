import type { Profile } from '../../../../core/auth/profile'
import type { AnyEvent } from '../../../../core/events/map'
import '../../../../core/sip/events'
import { emit, type Effect } from '../effects'
import { initialSoftphone, type SipAlert, type SipCredentials, type SoftphoneState } from '../state'

/*
 * Softphone registration (SPEC §4): the profile's SIP credentials start the phone, JsSIP's user agent reports
 * how its connection and registration go, and a refused registration says why.
 */

/** JsSIP's causes (JsSIP.C.causes) and SIP statuses of a registration the registrar refused, by what the user is told. */
const AUTHENTICATION_CAUSES: readonly string[] = ['Authentication Error']
const AUTHENTICATION_STATUSES: readonly number[] = [401, 407]
const TIMEOUT_STATUSES: readonly number[] = [408]
const REJECTION_CAUSES: readonly string[] = ['Rejected', 'Not Found', 'Unavailable', 'Busy', 'Redirected', 'Address Incomplete', 'SIP Failure Code']

/**
 * Why a registration failed, as the panel's alert: only an authentication failure means the password is wrong
 * (the credentials are then cleared); an unreachable server, a timeout or a refused account keep them, since
 * JsSIP registers again by itself once the server is back or the account is fixed.
 */
export function registrationFailure(cause: string, status: number | null): SipAlert {
  if (AUTHENTICATION_CAUSES.includes(cause) || (status !== null && AUTHENTICATION_STATUSES.includes(status))) return 'wrongPassword'
  if (cause === 'Connection Error') return 'unreachable'
  if (cause === 'Request Timeout' || (status !== null && TIMEOUT_STATUSES.includes(status))) return 'timeout'
  if (REJECTION_CAUSES.includes(cause) || (status !== null && status >= 300)) return 'rejected'
  return 'registrationFailed'
}

/** Alerts a later successful registration does not take away (they need the user or the administrator). */
const STICKY_ALERTS: readonly (SipAlert | null)[] = ['wrongPassword', 'notConfigured']

function profileLoaded(state: SoftphoneState, profile: Profile, fx: Effect[]): SoftphoneState {
  const sip = profile.sip
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

export function registration(state: SoftphoneState, e: AnyEvent, fx: Effect[]): SoftphoneState {
  switch (e.type) {
    // The module's logic arrived after sign-in (it is fetched on demand): the session it missed, as if it had heard it.
    // Its stores may have heard the sign-in already (a screen imported them first) with nobody there to start the
    // phone: the softphone process listens from now on, so the start is asked for now, not at the next 1 s re-check.
    case 'plugin/logicStarted': {
      if (e.payload.plugin !== 'callcenter') return state
      const next = profileLoaded(state, e.payload.session.profile, fx)
      if (fx.length === 0 && next.credentials?.ws_url && !next.phoneExists && !next.cleared) fx.push(emit('sip/startRequested', next.credentials))
      return next
    }
    case 'auth/profileLoaded':
      return profileLoaded(state, e.payload.profile, fx)
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
    case 'sip/disconnected': {
      const keep = state.alert === 'wrongPassword'
      return {
        ...state,
        registration: 'unregistered',
        alert: keep ? state.alert : 'disconnected',
        alertCause: keep ? state.alertCause : e.payload.code === null ? e.payload.reason : String(e.payload.code),
      }
    }
    case 'sip/registered':
      // Beyond the spec: JsSIP reconnected and registered again by itself — the alert goes, the panel works.
      return { ...state, registration: 'registered', alert: STICKY_ALERTS.includes(state.alert) ? state.alert : null, alertCause: null }
    case 'sip/unregistered':
      return state.registration === 'off' ? state : { ...state, registration: 'unregistered' }
    case 'sip/registrationFailed': {
      const { cause, status } = e.payload
      const alert = registrationFailure(cause, status)
      const alertCause = status === null || cause.includes(String(status)) ? cause : `${cause}, ${status}`
      if (alert === 'wrongPassword') {
        // SPEC §4/§8: a refused password is cleared and the phone stopped; only a refresh with fixed credentials helps.
        fx.push(emit('sip/stopRequested', {}))
        return { ...state, credentials: null, cleared: true, registration: 'off', alert, alertCause: cause }
      }
      return { ...state, registration: 'unregistered', alert, alertCause }
    }
    default:
      return state
  }
}
