/**
 * The softphone's events on the bus. The SIP adapter (./adapter.ts) performs the `…Requested` ones and reports
 * what JsSIP's user agent and its call sessions do as the others, with source `sip`. It knows no module: the
 * call center's logic decides when to register, call, answer or hang up, and the adapter only does it.
 *
 * A session `id` is the logic's own `ref` for an outgoing call (so a hang-up can name the call before JsSIP has
 * reported anything) and `in-<n>` for an incoming one.
 */
export type SipOriginator = 'local' | 'remote' | 'system'

declare module '../events/map' {
  interface EventMap {
    /** Create and start the user agent (idempotent for the same server and code). */
    'sip/startRequested': { ws_url: string; code: string; password: string }
    /** Stop the user agent (sign-out, credentials cleared); its calls end. */
    'sip/stopRequested': Record<string, never>
    'sip/callRequested': { ref: string; target: string }
    'sip/answerRequested': { id: string }
    /** Hang up, cancel or decline (`status`: the SIP status of a decline, e.g. 486). */
    'sip/terminateRequested': { id: string; status?: number }
    'sip/dtmfRequested': { id: string; tone: string }
    'sip/muteRequested': { id: string; muted: boolean }
    'sip/holdRequested': { id: string; held: boolean }
    /** Blind transfer (REFER) of the remote party to `target`. */
    'sip/transferRequested': { id: string; target: string }

    /** The adapter listens now (it is attached by the UI that shows the phone, after the first start request). */
    'sip/adapterReady': Record<string, never>
    /** JsSIP could not be loaded (a failed chunk). */
    'sip/loadFailed': { message: string }
    /** The phone object (JsSIP UA) exists; it is starting. */
    'sip/uaCreated': { code: string }
    'sip/stopped': Record<string, never>
    /** The WebSocket to the SIP server is being opened (`attempt` counts JsSIP's own recovery attempts). */
    'sip/connecting': { attempt: number }
    'sip/connected': Record<string, never>
    'sip/disconnected': { code: number | null; error: boolean; reason: string | null }
    'sip/registered': Record<string, never>
    'sip/unregistered': { cause: string | null }
    'sip/registrationFailed': { cause: string; status: number | null }
    'sip/newSession': { id: string; direction: 'incoming' | 'outgoing'; remote: string; displayName: string | null }
    /** Local media obtained, the INVITE is about to go out. */
    'sip/callConnecting': { id: string }
    /** A provisional answer: the remote side is notified (ringing). */
    'sip/callProgress': { id: string; status: number | null }
    'sip/callAccepted': { id: string }
    'sip/callConfirmed': { id: string }
    'sip/callEnded': { id: string; originator: SipOriginator; cause: string }
    'sip/callFailed': { id: string; originator: SipOriginator; cause: string; status: number | null }
    'sip/dtmf': { id: string; tone: string; originator: SipOriginator }
    'sip/muteChanged': { id: string; muted: boolean }
    'sip/holdChanged': { id: string; held: boolean; originator: SipOriginator }
    'sip/transferAccepted': { id: string }
    'sip/transferFailed': { id: string; cause: string }
    /** Something JsSIP threw at a request (an action in the wrong state, a bad target). */
    'sip/error': { id: string | null; message: string }
  }
}

export {}
