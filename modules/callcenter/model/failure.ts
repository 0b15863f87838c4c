/**
 * Why a call failed, in the user's words: JsSIP's cause of a failed session (its `causes` constants, which it
 * derives from the SIP response code when there is one) as the key of a text under `callFailed.*` in the packs.
 * The fold keeps only the cause (`CallFailure`); the key is read where it is shown (the panel, a lazy chunk), so
 * this table stays out of the first load: import it from this file, never through ../model.ts.
 */
export const CALL_FAILURES = [
  'busy',
  'rejected',
  'notFound',
  'unavailable',
  'addressIncomplete',
  'noMicrophone',
  'noAnswer',
  'canceled',
  'connection',
  'media',
  'auth',
  'serverError',
  'notReady',
  'noRecord',
  'other',
] as const
export type CallFailureKey = (typeof CALL_FAILURES)[number]

/** The failure of the last call, said in the panel until another number is dialled or typed. */
export interface CallFailure {
  /** `sip`: the call failed (JsSIP's cause); `record`: the call record could not be created (the server's message). */
  kind: 'sip' | 'record'
  /** JsSIP's cause as it came (stored with the call record too), or the server's message. */
  cause: string
  /** The SIP response code, when the failure had one. */
  status: number | null
}

const BY_CAUSE: Record<string, CallFailureKey> = {
  Busy: 'busy',
  Rejected: 'rejected',
  Redirected: 'unavailable',
  'Not Found': 'notFound',
  Unavailable: 'unavailable',
  'Address Incomplete': 'addressIncomplete',
  'User Denied Media Access': 'noMicrophone',
  'No Answer': 'noAnswer',
  Expires: 'noAnswer',
  Canceled: 'canceled',
  'Request Timeout': 'connection',
  'Connection Error': 'connection',
  'RTP Timeout': 'connection',
  'No ACK': 'connection',
  'Dialog Error': 'connection',
  'Incompatible SDP': 'media',
  'Missing SDP': 'media',
  'Bad Media Description': 'media',
  'WebRTC Error': 'media',
  'Authentication Error': 'auth',
  // The adapter's own: a call asked for before the phone object exists.
  'Phone not ready': 'notReady',
}

/** The failure's key from JsSIP's `cause` and the response's `status` (a bare "SIP Failure Code" is read by its code). */
export function callFailureKey({ kind, cause, status }: CallFailure): CallFailureKey {
  if (kind === 'record') return 'noRecord'
  return BY_CAUSE[cause] ?? (status !== null && status >= 500 ? 'serverError' : 'other')
}
