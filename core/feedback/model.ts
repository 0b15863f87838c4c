import { createStore } from 'effector'
import { onBus } from '../events/effector'

export type FeedbackStatus = 'idle' | 'sending' | 'sent' | 'failed'
export interface FeedbackState {
  open: boolean
  status: FeedbackStatus
  /** Shown under the dialog's title (SPEC §8 "Feedback failure"). */
  error: string | null
}

const initial: FeedbackState = { open: false, status: 'idle', error: null }

/** SPEC §4 Feedback: sending → thank-you view; the dialog closes 2 s after success and resets 2.5 s after. */
export const $feedback = createStore<FeedbackState>(initial)
  .on(onBus('feedback/opened'), state => ({ ...state, open: true }))
  .on(onBus('feedback/closed'), state => ({ ...state, open: false }))
  .on(onBus('feedback/sending'), state => ({ ...state, status: 'sending', error: null }))
  .on(onBus('feedback/sent'), state => ({ ...state, status: 'sent', error: null }))
  .on(onBus('feedback/failed'), (state, { message }) => ({ ...state, status: 'failed', error: message }))
  .on(onBus('feedback/reset'), state => ({ ...state, status: 'idle', error: null }))
