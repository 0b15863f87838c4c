import { asFailure } from '../../core/api/client'
import { SESSION_EXPIRED_CODE } from '../../core/api/envelope'
import type { CommandContext, CommandHandlers } from '../../core/bus/commands'
import type { SignInResult } from '../../core/auth/profile'
import { agentsApi, type AgentListQuery } from './contract'
import { agentsList, agentView } from './model'

declare module '../../core/bus/commands' {
  interface CommandMap {
    /** GET agents into `agentsList` (a newer query aborts the older one). */
    'agents/loadList': AgentListQuery
    /** GET agents/{id} into `agentView`. */
    'agents/load': { id: number }
    /** POST agents/{id}/impersonate: the session becomes the agent's (audited on the server). */
    'agents/impersonate': { id: number }
    /** POST impersonation/end: back to the administrator's own session, on the agent's page. */
    'agents/endImpersonation': { agentId: number }
  }
}

/**
 * Switches the browser to another session without signing out on the server: the current token is dropped
 * locally (`auth/loggedOut` 'dropped' — stores, socket and softphone of the old session end) and the new
 * one is signed in (`auth/signedIn`: stored, profile loaded, socket reopened, landing). Only core events:
 * the core needs no new way for it.
 */
function switchSession(ctx: CommandContext, token: string, landOn: string | null): void {
  ctx.bus.emit('auth/loggedOut', { reason: 'dropped' }, 'api')
  if (landOn) ctx.bus.emit('auth/pathRemembered', { path: landOn }, 'api')
  ctx.bus.emit('auth/signedIn', { token, method: 'password' }, 'api')
}

export const agentsCommands: CommandHandlers = {
  'agents/loadList': agentsList.load,
  'agents/load': agentView.load,

  'agents/impersonate': async ({ id }, ctx) => {
    ctx.bus.emit('agents/impersonationRequested', { agentId: id }, ctx.source)
    try {
      const session = await ctx.api.post<SignInResult>(agentsApi.impersonate(id), undefined, { quiet: true })
      // The agent's own landing (SPEC §6), as if they had signed in.
      switchSession(ctx, session.token, null)
    } catch (error) {
      ctx.bus.emit('agents/impersonationFailed', { agentId: id, failure: asFailure(error) }, 'api')
    }
  },

  'agents/endImpersonation': async ({ agentId }, ctx) => {
    ctx.bus.emit('agents/returnRequested', {}, ctx.source)
    try {
      const session = await ctx.api.post<SignInResult>(agentsApi.impersonationEnd, undefined, { quiet: true, sessionRedirect: false })
      switchSession(ctx, session.token, `/agents/${agentId}`)
    } catch (error) {
      const failure = asFailure(error)
      ctx.bus.emit('agents/returnFailed', { failure }, 'api')
      if (failure.code === SESSION_EXPIRED_CODE) {
        // The administrator's own session ended meanwhile: sign in again.
        ctx.bus.emit('auth/loggedOut', { reason: 'expired' }, 'api')
        ctx.bus.emit('app/navigationRequested', { to: '/login', replace: true }, 'api')
      }
    }
  },
}
