import type { Bus } from './bus'

/**
 * Commands are requests (`callcenter/dial`); modules add theirs by declaration merging:
 *   declare module '../../core/bus/commands' { interface CommandMap { 'tenders/toggleFavourite': { id: number } } }
 */
export interface CommandMap {
  'app/navigate': { to: string; replace?: boolean }
  'auth/signIn': { phone: string; password: string }
  'auth/logout': Record<string, never>
  'locale/set': { locale: 'ru' | 'en' }
}
export type CommandId = keyof CommandMap

/** What a handler may use. Handlers report only by emitting events on the bus. */
export interface CommandContext {
  bus: Bus
}

export type CommandHandler<C extends CommandId> = (payload: CommandMap[C], ctx: CommandContext) => void | Promise<void>
export type CommandHandlers = { [C in CommandId]?: CommandHandler<C> }

export interface CommandBus {
  register<C extends CommandId>(id: C, handler: CommandHandler<C>): void
  registerAll(handlers: CommandHandlers): void
  dispatch<C extends CommandId>(id: C, payload: CommandMap[C]): Promise<void>
  has(id: CommandId): boolean
}

export function createCommandBus(ctx: CommandContext): CommandBus {
  const handlers = new Map<CommandId, CommandHandler<never>>()
  const register = <C extends CommandId>(id: C, handler: CommandHandler<C>) => {
    if (handlers.has(id)) throw new Error(`Command "${id}" is already registered`)
    handlers.set(id, handler as CommandHandler<never>)
  }
  return {
    register,
    registerAll(all) {
      for (const [id, handler] of Object.entries(all)) register(id as CommandId, handler as CommandHandler<CommandId>)
    },
    async dispatch(id, payload) {
      const handler = handlers.get(id) as CommandHandler<typeof id> | undefined
      if (!handler) {
        ctx.bus.emit('command/unknown', { id }, 'ui')
        return
      }
      try {
        await handler(payload, ctx)
      } catch (error) {
        ctx.bus.emit('command/failed', { id, message: error instanceof Error ? error.message : String(error) }, 'ui')
      }
    },
    has: id => handlers.has(id),
  }
}
