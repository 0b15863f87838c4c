import { Subscription } from 'rxjs'
import { feedbackCommands } from '../feedback/commands'
import { feedbackProcess } from '../feedback/process'
import { accountLanguageProcess } from '../i18n/account'
import type { ProcessDeps } from '../plugin/types'
import { socketToastProcess } from '../toast/socket'
import type { SocketActionDef } from './actions'
import { socketActionProcess } from './action-process'
import { socketCommands } from './commands'
import { socketProcess } from './process'
import { sessionProcess } from './session'

export interface SignedInCoreDeps extends ProcessDeps {
  /** The plugins' socket actions (registry.socketActions). */
  actions: ReadonlyMap<string, SocketActionDef>
  t: (key: 'core:toast.systemNotification') => string
  /** The recorder's recent log, for a support message that attaches it ('' in a replay). */
  getLog: () => Promise<string>
}

/**
 * The core's logic that only a signed-in user needs: the socket's life (tickets, reconnects, resume), session control
 * over it (idle logout, other tabs' sign-out), the socket's module actions and toasts, the account's language, the
 * support message. The live runtime fetches this chunk after sign-in (or at boot with a stored token), never on
 * /login; a replay starts it in place from the start. Registers the socket's and the support message's commands and
 * returns the processes' teardown.
 */
export function startSignedInCore({ actions, t, getLog, ...deps }: SignedInCoreDeps): Subscription {
  deps.commands.registerAll(socketCommands)
  deps.commands.registerAll(feedbackCommands({ getLog }))
  const sub = new Subscription()
  sub.add(feedbackProcess({ bus: deps.bus }))
  sub.add(accountLanguageProcess(deps))
  sub.add(socketToastProcess({ bus: deps.bus, t }))
  sub.add(socketProcess(deps))
  sub.add(socketActionProcess({ bus: deps.bus, actions }))
  sub.add(sessionProcess(deps))
  return sub
}
