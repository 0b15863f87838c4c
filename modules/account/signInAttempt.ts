import { createStore } from 'effector'
import type { SignInMethod } from '../../core/auth/profile'
import { onBus } from '../../core/events/effector'

/**
 * How the last sign-in was tried, so its failure shows in the tab it came from (phone or certificate). Only the
 * sign-in page reads it and only it starts sign-ins: it loads with the page, not in /login's first load.
 */
export const $signInAttemptMethod = createStore<SignInMethod | null>(null)
  .on(onBus('auth/signInRequested'), (_, { method }) => method)
  .reset(onBus('auth/signedIn'), onBus('auth/loggedOut'))
