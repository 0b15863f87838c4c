import { asFailure } from '../api/client'
import type { CommandHandlers } from '../bus/commands'
import type { SocketMessage } from './message'

declare module '../bus/commands' {
  interface CommandMap {
    /** Fetch a fresh one-time ticket for reconnect attempt `attempt` (the socket process dispatches it). */
    'socket/reconnect': { attempt: number }
    /** Send a message when connected (dropped otherwise). */
    'socket/send': { message: SocketMessage }
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
  'socket/send': ({ message }, ctx) => {
    ctx.bus.emit('socket/sendRequested', { message }, ctx.source)
  },
}
