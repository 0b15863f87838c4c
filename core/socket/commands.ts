import { asFailure } from '../api/client'
import type { CommandHandlers } from '../bus/commands'
import type { SocketMessage } from './message'

declare module '../bus/commands' {
  interface CommandMap {
    /** Fetch a fresh one-time ticket for connect attempt `attempt` (0: the first, once the profile loaded; the socket process dispatches it). */
    'socket/reconnect': { attempt: number }
    /** The user asks to connect again after the socket gave up: a fresh series of attempts (ignored otherwise). */
    'socket/retry': Record<string, never>
    /** Send a message when connected (dropped otherwise). */
    'socket/send': { message: SocketMessage }
  }
}

declare module '../events/map' {
  interface EventMap {
    /** The user asked to connect again (input; the socket process decides whether a series starts). */
    'socket/retryRequested': Record<string, never>
    /** A fresh series of reconnect attempts began after giving up: attempt 1 fetches a new ticket now. */
    'socket/retryStarted': Record<string, never>
  }
}

export const socketCommands: CommandHandlers = {
  'socket/reconnect': async ({ attempt }, ctx) => {
    try {
      // Quiet: a server that is down would otherwise show a hundred toasts.
      const data = await ctx.api.get<{ ws_connection_string: string }>('v1/socket/ticket', { quiet: true })
      ctx.bus.emit('socket/ticketReceived', { url: data.ws_connection_string, attempt }, 'api')
    } catch (error) {
      ctx.bus.emit('socket/ticketFailed', { attempt, failure: asFailure(error) }, 'api')
    }
  },
  'socket/retry': (_, ctx) => void ctx.bus.emit('socket/retryRequested', {}, ctx.source),
  'socket/send': ({ message }, ctx) => {
    ctx.bus.emit('socket/sendRequested', { message }, ctx.source)
  },
}
