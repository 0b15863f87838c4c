import { createStore } from 'effector'
import { onBus } from '../../core/events/effector'
import type { FormState } from './model'

// Only the registration form reads this store, and its events come only from that form: it loads with the form,
// keeping /login's first load as it was.

/**
 * Registration's SMS code: idle → sending → sent (the code step, with the re-send countdown) | failed. `sent`
 * counts the codes sent, so each one restarts the countdown; `seconds` is the server's wait before the next.
 */
export interface RegisterCodeState extends FormState {
  sent: number
  resendAfterSeconds: number
  expiresInSeconds: number
}
const noCode: RegisterCodeState = { status: 'idle', failure: null, sent: 0, resendAfterSeconds: 0, expiresInSeconds: 0 }
export const $registerCode = createStore<RegisterCodeState>(noCode)
  .on(onBus('account/registerCodeSending'), s => ({ ...s, status: 'sending', failure: null }))
  .on(onBus('account/registerCodeSent'), (s, { resend_after_seconds, expires_in_seconds }) => ({
    status: 'done',
    failure: null,
    sent: s.sent + 1,
    resendAfterSeconds: resend_after_seconds,
    expiresInSeconds: expires_in_seconds,
  }))
  .on(onBus('account/registerCodeFailed'), (s, { failure }) => ({ ...s, status: 'failed', failure }))
  .on(onBus('account/registerDetailsReopened'), s => ({ ...s, status: 'idle', failure: null }))
  .reset(onBus('auth/signedIn'))
