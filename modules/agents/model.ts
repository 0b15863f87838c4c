import { createStore } from 'effector'
import type { Failure } from '../../core/api/envelope'
import { onBus } from '../../core/events/effector'
import type { Page } from '../../core/api/envelope'
import type { AgentListItem, AgentView } from './contract'

export interface AgentListQuery {
  page: number
  limit: number
  q: string
}

export type Loadable<T> =
  | { status: 'idle'; data: null }
  | { status: 'loading'; data: T | null }
  | { status: 'ready'; data: T }
  | { status: 'failed'; data: T | null; failure: Failure }

declare module '../../core/events/map' {
  interface EventMap {
    'agents/listRequested': { query: AgentListQuery }
    'agents/listLoaded': { query: AgentListQuery; page: Page<AgentListItem> }
    'agents/listFailed': { query: AgentListQuery; failure: Failure }
    'agents/agentRequested': { id: number }
    'agents/agentLoaded': { agent: AgentView }
    'agents/agentFailed': { id: number; failure: Failure }
    /** "Log into their cabinet" was asked for; the session switches when the server answers. */
    'agents/impersonationRequested': { agentId: number }
    'agents/impersonationFailed': { agentId: number; failure: Failure }
    /** "Return to my cabinet" was asked for. */
    'agents/returnRequested': Record<string, never>
    'agents/returnFailed': { failure: Failure }
  }
}

const loggedOut = onBus('auth/loggedOut')
const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b)

export const $agents = createStore<{ query: AgentListQuery | null; page: Loadable<Page<AgentListItem>> }>({ query: null, page: { status: 'idle', data: null } })
  .on(onBus('agents/listRequested'), (s, { query }) => ({ query, page: { status: 'loading', data: s.page.data } }))
  .on(onBus('agents/listLoaded'), (s, { query, page }) => (same(s.query, query) ? { query, page: { status: 'ready', data: page } } : s))
  .on(onBus('agents/listFailed'), (s, { query, failure }) => (same(s.query, query) ? { query, page: { status: 'failed', data: s.page.data, failure } } : s))
  .reset(loggedOut)

export const $agent = createStore<{ id: number | null; state: Loadable<AgentView> }>({ id: null, state: { status: 'idle', data: null } })
  .on(onBus('agents/agentRequested'), (s, { id }) => ({ id, state: { status: 'loading', data: s.id === id ? s.state.data : null } }))
  .on(onBus('agents/agentLoaded'), (s, { agent }) => (s.id === agent.id ? { id: agent.id, state: { status: 'ready', data: agent } } : s))
  .on(onBus('agents/agentFailed'), (s, { id, failure }) => (s.id === id ? { id, state: { status: 'failed', data: s.state.data, failure } } : s))
  .reset(loggedOut)

/** The switch of sessions in progress (either way) and its failure. */
export const $switching = createStore<{ status: 'idle' | 'entering' | 'returning' | 'failed'; failure: Failure | null }>({ status: 'idle', failure: null })
  .on(onBus('agents/impersonationRequested'), () => ({ status: 'entering', failure: null }))
  .on(onBus('agents/returnRequested'), () => ({ status: 'returning', failure: null }))
  .on(onBus('agents/impersonationFailed'), (_, { failure }) => ({ status: 'failed', failure }))
  .on(onBus('agents/returnFailed'), (_, { failure }) => ({ status: 'failed', failure }))
  .reset(onBus('auth/profileLoaded'))
