/** The softphone's edge: JsSIP's user agent as `sip/…` events (./events.ts), performed by ./adapter.ts. */
import './events'

export type { SipOriginator } from './events'
export { attachSipAdapter, loadJsSip, type SipAdapterOptions, type JsSipLike, type SipUaLike, type SipSessionLike } from './adapter'
export { icePolicyFor, isLoopbackUrl, keepLoopbackCandidates, type IcePolicy } from './sdp'
