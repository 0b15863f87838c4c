import type { Api } from '../api/client'
import type { EventSource, LogoutReason, Locale } from '../events/map'
import { showToast, type ToastInput } from '../toast/toast'
import type { Bus } from './bus'

/**
 * Commands are requests (`callcenter/dial`); modules add theirs by declaration merging:
 *   declare module '../../core/bus/commands' { interface CommandMap { 'tenders/toggleFavourite': { id: number } } }
 * Core slices add theirs the same way (core/auth/commands.ts, core/socket/commands.ts, …).
 */
export interface CommandMap {
  'app/navigate': { to: string; replace?: boolean }
  'auth/signIn': { phone: string; password: string }
  'auth/logout': { reason?: LogoutReason }
  'locale/set': { locale: Locale }
}
export type CommandId = keyof CommandMap

/** What a handler may use. Handlers report only by emitting events on the bus. */
export interface CommandContext {
  bus: Bus
  /** HTTP with the envelope rules of SPEC §8 (in a replay it records the request and never answers). */
  api: Api
  /**
   * Where the causal chain that dispatched this command began: `ui` for a click, `process`/`timer` when logic
   * dispatched it. Emit your synchronous reports with it (answers from the network use `api`), so a replay can
   * tell what to feed back in from what the logic derives again.
   */
  source: EventSource
  /** Dispatches a follow-up command in the same causal chain (same `source`). */
  dispatch<C extends CommandId>(id: C, payload: CommandMap[C]): Promise<void>
  /** Shows a toast in the same causal chain: `ctx.toast({ ...TOAST_PRESET.employeeEdited, text })`. */
  toast(input: ToastInput): string
}

export type CommandHandler<C extends CommandId> = (payload: CommandMap[C], ctx: CommandContext) => void | Promise<void>
export type CommandHandlers = { [C in CommandId]?: CommandHandler<C> }

export interface CommandBus {
  register<C extends CommandId>(id: C, handler: CommandHandler<C>): void
  registerAll(handlers: CommandHandlers): void
  /**
   * Runs the handler; its synchronous part runs before `dispatch` returns (replays rely on it). `source` defaults
   * to `ui`; processes pass `process` (or `timer`). Never rejects: failures become `command/failed`.
   */
  dispatch<C extends CommandId>(id: C, payload: CommandMap[C], source?: EventSource): Promise<void>
  has(id: CommandId): boolean
  /**
   * Where a command nobody has registered may still come from (a plugin's logic not fetched yet): dispatch waits for
   * it once, then runs the command or reports it unknown.
   */
  resolveUnknown(resolver: (id: CommandId) => Promise<void>): void
}

/** An Api for places that have none (unit tests of the bus): every call fails. */
const noApiCall = () => Promise.reject({ result: false, message: 'No API in this context' })
export const noApi: Api = { get: noApiCall, post: noApiCall, upload: noApiCall, download: noApiCall }

/** Duplicate ids throw at registration (VS Code's registerAction2 habit); unknown ids become `command/unknown`. */
export function createCommandBus(deps: { bus: Bus; api?: Api }): CommandBus {
  const { bus } = deps
  const api = deps.api ?? noApi
  const handlers = new Map<CommandId, CommandHandler<never>>()
  let resolver: ((id: CommandId) => Promise<void>) | null = null
  const register = <C extends CommandId>(id: C, handler: CommandHandler<C>) => {
    if (handlers.has(id)) throw new Error(`Command "${id}" is already registered`)
    handlers.set(id, handler as CommandHandler<never>)
  }
  const dispatch = async <C extends CommandId>(id: C, payload: CommandMap[C], source: EventSource = 'ui'): Promise<void> => {
    let handler = handlers.get(id) as CommandHandler<C> | undefined
    if (!handler && resolver) {
      await resolver(id).catch(() => undefined)
      handler = handlers.get(id) as CommandHandler<C> | undefined
    }
    if (!handler) {
      bus.emit('command/unknown', { id }, source)
      return
    }
    const ctx: CommandContext = {
      bus,
      api,
      source,
      dispatch: (next, nextPayload) => dispatch(next, nextPayload, source),
      toast: input => showToast(bus, input, source),
    }
    try {
      await handler(payload, ctx)
    } catch (error) {
      bus.emit('command/failed', { id, message: errorMessage(error) }, source)
    }
  }
  return {
    register,
    registerAll(all) {
      for (const [id, handler] of Object.entries(all)) register(id as CommandId, handler as CommandHandler<CommandId>)
    },
    dispatch,
    has: id => handlers.has(id),
    resolveUnknown(next) {
      resolver = next
    },
  }
}

function errorMessage(error: unknown): string {
  if (error instanceof Error) return error.message
  if (typeof error === 'object' && error !== null && 'message' in error && typeof error.message === 'string') return error.message
  return String(error)
}
