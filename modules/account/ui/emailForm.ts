import { createStore } from 'effector'
import { onBus } from '../../../core/events/effector'
import type { FormState } from '../model'

const idle: FormState = { status: 'idle', failure: null }

/**
 * The e-mail form's state. Created with the profile page's chunk, not at start: only that page sends the command
 * whose events it folds (so nothing of it is in the first download).
 */
export const $emailForm = createStore<FormState>(idle)
  .on(onBus('account/emailSending'), () => ({ ...idle, status: 'sending' }))
  .on(onBus('account/emailLinkSent'), () => ({ ...idle, status: 'done' }))
  .on(onBus('account/emailFailed'), (_, { failure }) => ({ ...idle, status: 'failed', failure }))
