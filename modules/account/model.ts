import { createStore } from 'effector'
import type { Failure } from '../../core/api/envelope'
import { onBus } from '../../core/events/effector'

export type FormStatus = 'idle' | 'sending' | 'done' | 'failed'
export interface FormState {
  status: FormStatus
  failure: Failure | null
}
const idle: FormState = { status: 'idle', failure: null }

declare module '../../core/events/map' {
  interface EventMap {
    'account/restoreSending': Record<string, never>
    'account/restoreSucceeded': Record<string, never>
    'account/restoreFailed': { failure: Failure }
    /** The recovery form closes 3 s after success (SPEC §8). */
    'account/restoreClosed': Record<string, never>
    'account/restoreOpened': Record<string, never>
    'account/settingsSending': Record<string, never>
    'account/settingsSaved': Record<string, never>
    'account/settingsFailed': { failure: Failure }
    'account/passwordSending': Record<string, never>
    'account/passwordChanged': Record<string, never>
    'account/passwordFailed': { failure: Failure }
    'account/registerCodeSending': Record<string, never>
    /** The server's countdowns for the code just sent (POST v1/users/register/code). */
    'account/registerCodeSent': { resend_after_seconds: number; expires_in_seconds: number }
    'account/registerCodeFailed': { failure: Failure }
    /** Back from the code to the registration details (to change the phone, say). */
    'account/registerDetailsReopened': Record<string, never>
  }
}

/** Password recovery: open → sending → done (message for 3 s, then closed) | failed (message on the form). */
export const $restoreOpen = createStore(false)
  .on(onBus('account/restoreOpened'), () => true)
  .on(onBus('account/restoreClosed'), () => false)

export const $restore = createStore<FormState>(idle)
  .on(onBus('account/restoreSending'), () => ({ ...idle, status: 'sending' }))
  .on(onBus('account/restoreSucceeded'), () => ({ ...idle, status: 'done' }))
  .on(onBus('account/restoreFailed'), (_, { failure }) => ({ ...idle, status: 'failed', failure }))
  .reset(onBus('account/restoreClosed'), onBus('account/restoreOpened'))

export const $settingsForm = createStore<FormState>(idle)
  .on(onBus('account/settingsSending'), () => ({ ...idle, status: 'sending' }))
  .on(onBus('account/settingsSaved'), () => ({ ...idle, status: 'done' }))
  .on(onBus('account/settingsFailed'), (_, { failure }) => ({ ...idle, status: 'failed', failure }))

export const $passwordForm = createStore<FormState>(idle)
  .on(onBus('account/passwordSending'), () => ({ ...idle, status: 'sending' }))
  .on(onBus('account/passwordChanged'), () => ({ ...idle, status: 'done' }))
  .on(onBus('account/passwordFailed'), (_, { failure }) => ({ ...idle, status: 'failed', failure }))
