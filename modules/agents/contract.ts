import * as v from 'valibot'
import { listCursor } from '../../core/validation/cursor'
import type { SearchedPage } from '../../core/api/envelope'
import { searchText } from '../../core/validation/control'
import type { Role } from '../../core/auth/profile'

/**
 * The agents module's contract, shared by the browser and the server: paths, query schema and response shapes.
 * Every response is the usual envelope; lists are `{ items, total }`.
 */

export const agentsApi = {
  /** GET (100, 170) AgentListQuery → Page<AgentListItem>. */
  agents: 'v1/agents',
  /** GET (100, 170) AgentView. */
  agent: (id: number | string) => `v1/agents/${id}`,
  /** POST (100): signs into the agent's cabinet → SignInResult for the new session (audited). */
  impersonate: (id: number | string) => `v1/agents/${id}/impersonate`,
  /** POST from an impersonated session: ends it → SignInResult of a fresh session of the administrator. */
  impersonationEnd: 'v1/impersonation/end',
  /** GET (100) Page<ImpersonationRecord>, newest first; `page`, `limit`, optional `agent_id`. */
  impersonations: 'v1/impersonations',
} as const

const queryInt = (min: number, max: number, fallback: number) =>
  v.optional(v.pipe(v.string(), v.regex(/^\d{1,7}$/, 'validation:invalid'), v.transform(Number), v.minValue(min, 'validation:invalid'), v.maxValue(max, 'validation:invalid')), String(fallback))

/** GET agents: `page` from 1, `limit` 1..100 (default 20), `q` a name or phone digits. */
export const agentListQuery = v.object({
  page: queryInt(1, 1_000_000, 1),
  limit: queryInt(1, 100, 20),
  q: searchText(),
  /** A keyset cursor from a previous page (server/search/keyset.ts); `page` is used without one. */
  cursor: listCursor,
})
export type AgentListQuery = v.InferOutput<typeof agentListQuery>

export interface UserRef {
  id: number
  name: string
}

export interface AgentListItem {
  id: number
  full_name: string
  /** 11 digits. */
  phone: string
  email: string | null
  role: Role
  office: { id: number; name: string } | null
  companies_count: number
  individuals_count: number
  created_at: string
}

export interface ImpersonationRecord {
  id: number
  admin: UserRef
  target: UserRef
  started_at: string
  ended_at: string | null
}

export interface AgentView extends AgentListItem {
  /** Whether the viewer may "log into their cabinet" (administrators). */
  can_impersonate: boolean
  /** The latest entries into this agent's cabinet (administrators only; empty for others). */
  impersonations: ImpersonationRecord[]
}

export type AgentPage = SearchedPage<AgentListItem>
