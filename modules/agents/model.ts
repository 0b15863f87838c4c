import { createStore } from 'effector'
import type { Failure, KeysetPage } from '../../core/api/envelope'
import { remote } from '../../core/data/remote'
import { onBus } from '../../core/events/effector'
import { agentsApi, type AgentListItem, type AgentListQuery, type AgentView } from './contract'

declare module '../../core/events/map' {
  interface EventMap {
    /** "Log into their cabinet" was asked for; the session switches when the server answers. */
    'agents/impersonationRequested': { agentId: number }
    'agents/impersonationFailed': { agentId: number; failure: Failure }
    /** "Return to my cabinet" was asked for. */
    'agents/returnRequested': Record<string, never>
    'agents/returnFailed': { failure: Failure }
  }
}

/** GET agents: one page of the list (search, page or keyset cursor); the page shown stays while the next one loads. */
export const agentsList = remote('agents/list', {
  load: (query: AgentListQuery, { api, signal }) => {
    const searchParams: Record<string, string | number> = { page: query.page, limit: query.limit }
    if (query.q) searchParams.q = query.q
    if (query.cursor) searchParams.cursor = query.cursor
    return api.get<KeysetPage<AgentListItem>>(agentsApi.agents, { quiet: true, searchParams, signal })
  },
})

/** GET agents/{id}: the agent view. Another agent's data never shows under this one's title while it loads. */
export const agentView = remote('agents/agent', {
  load: ({ id }: { id: number }, { api, signal }) => api.get<AgentView>(agentsApi.agent(id), { quiet: true, signal }),
  keepData: (prev, next) => prev.id === next.id,
})

/** The switch of sessions in progress (either way) and its failure. */
export const $switching = createStore<{ status: 'idle' | 'entering' | 'returning' | 'failed'; failure: Failure | null }>({ status: 'idle', failure: null })
  .on(onBus('agents/impersonationRequested'), () => ({ status: 'entering', failure: null }))
  .on(onBus('agents/returnRequested'), () => ({ status: 'returning', failure: null }))
  .on(onBus('agents/impersonationFailed'), (_, { failure }) => ({ status: 'failed', failure }))
  .on(onBus('agents/returnFailed'), (_, { failure }) => ({ status: 'failed', failure }))
  .reset(onBus('auth/profileLoaded'))
