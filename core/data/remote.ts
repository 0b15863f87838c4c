import { createStore, type Store } from 'effector'
import { asFailure, type Api } from '../api/client'
import type { Failure } from '../api/envelope'
import type { Bus } from '../bus/bus'
import type { CommandContext } from '../bus/commands'
import { onBus } from '../events/effector'

/**
 * Something the screen shows from the server. What was there stays on screen while a reload runs (`loading`
 * with the old `data`) and after a reload fails (`failed` with it): stale while reloading.
 */
export type RemoteState<Q, T> =
  | { status: 'idle'; query: null; data: null; failure: null }
  | { status: 'loading'; query: Q; data: T | null; failure: null }
  | { status: 'loaded'; query: Q; data: T; failure: null }
  | { status: 'failed'; query: Q; data: T | null; failure: Failure }

export interface LoadContext {
  api: Api
  /** Aborted when a newer request of the same store starts (the user typed on, moved to another page). */
  signal: AbortSignal
}

export interface RemoteOptions<Q, T> {
  /** The request: `(query, { api, signal }) => api.get('v1/agents', { searchParams, signal, quiet: true })`. */
  load(query: Q, ctx: LoadContext): Promise<T>
  /**
   * Whether what is shown for `prev` may stay on screen while `next` loads (default: yes). A record store answers
   * `prev.id === next.id`: another record's data must not show under this one's title.
   */
  keepData?(prev: Q, next: Q): boolean
}

export interface Remote<Q, T> {
  readonly key: string
  readonly $state: Store<RemoteState<Q, T>>
  /** The command handler: register it under the module's command (`commands: { 'agents/loadList': agentsList.load }`). */
  readonly load: (query: Q, ctx: CommandContext) => Promise<void>
}

const IDLE = { status: 'idle', query: null, data: null, failure: null } as const
const keys = new Set<string>()
/** Answers to an older query (the user moved on) never overwrite a newer one's. */
const sameQuery = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b)

/**
 * A store of one server resource and the command that loads it (the "requested → loaded / failed" every list and
 * card repeats): `remote/requested` with the handler's source, then `remote/loaded` or `remote/failed` with source
 * `api`, so a replay feeds the answers back. A newer request of the same store aborts the one in flight. Sign-out
 * empties it.
 *
 *   export const agentsList = remote('agents/list', { load: (q: AgentListQuery, { api, signal }) => api.get(…) })
 *   useUnit(agentsList.$state)
 */
export function remote<Q, T>(key: string, options: RemoteOptions<Q, T>): Remote<Q, T> {
  if (keys.has(key)) throw new Error(`Two remote stores share the key "${key}"`)
  keys.add(key)
  const keepData = options.keepData ?? (() => true)
  const mine = <P extends { key: string }>(p: P) => p.key === key

  const $state = createStore<RemoteState<Q, T>>(IDLE)
    .on(onBus('remote/requested').filter({ fn: mine }), (s, p) => {
      const query = p.query as Q
      const data = s.status !== 'idle' && keepData(s.query, query) ? s.data : null
      return { status: 'loading', query, data, failure: null }
    })
    .on(onBus('remote/loaded').filter({ fn: mine }), (s, p) =>
      s.status === 'idle' || sameQuery(s.query, p.query) ? { status: 'loaded', query: p.query as Q, data: p.data as T, failure: null } : s,
    )
    .on(onBus('remote/failed').filter({ fn: mine }), (s, p) =>
      s.status !== 'idle' && sameQuery(s.query, p.query) ? { status: 'failed', query: s.query, data: s.data, failure: p.failure } : s,
    )
    .reset(onBus('auth/loggedOut'))

  return {
    key,
    $state,
    load: async (query, ctx) => void (await request(ctx, key, query, signal => options.load(query, { api: ctx.api, signal }))),
  }
}

const inFlight = new WeakMap<Bus, Map<string, AbortController>>()

/**
 * One request of a remote store by hand (for flows a plain `load` does not fit): emits requested, runs `run`,
 * emits loaded or failed. Resolves with the data, or null when it failed or a newer request replaced it.
 */
export async function request<T>(ctx: Pick<CommandContext, 'bus' | 'source'>, key: string, query: unknown, run: (signal: AbortSignal) => Promise<T>): Promise<T | null> {
  let running = inFlight.get(ctx.bus)
  if (!running) inFlight.set(ctx.bus, (running = new Map()))
  running.get(key)?.abort()
  const controller = new AbortController()
  running.set(key, controller)
  ctx.bus.emit('remote/requested', { key, query }, ctx.source)
  try {
    const data = await run(controller.signal)
    if (controller.signal.aborted) return null
    ctx.bus.emit('remote/loaded', { key, query, data }, 'api')
    return data
  } catch (error) {
    if (controller.signal.aborted) return null
    ctx.bus.emit('remote/failed', { key, query, failure: asFailure(error) }, 'api')
    return null
  } finally {
    if (running.get(key) === controller) running.delete(key)
  }
}

/** What is on screen now, loaded or kept from before. */
export const dataOf = <Q, T>(state: RemoteState<Q, T>): T | null => state.data
