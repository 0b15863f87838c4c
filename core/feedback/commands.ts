import { asFailure, failureText } from '../api/client'
import type { CommandHandlers } from '../bus/commands'

declare module '../bus/commands' {
  interface CommandMap {
    'feedback/open': Record<string, never>
    'feedback/close': Record<string, never>
    /** POST v1/users/feedback; `attachLog` adds the recent redacted event log so the report can be replayed. */
    'feedback/send': { message: string; url: string; attachLog: boolean }
  }
}

/** `getLog`: the recorder's `recentLog` (the runtime passes it; a replay passes none). */
export function feedbackCommands({ getLog }: { getLog: () => Promise<string> }): CommandHandlers {
  return {
    'feedback/open': (_, ctx) => void ctx.bus.emit('feedback/opened', {}, ctx.source),
    'feedback/close': (_, ctx) => void ctx.bus.emit('feedback/closed', {}, ctx.source),
    'feedback/send': async ({ message, url, attachLog }, ctx) => {
      ctx.bus.emit('feedback/sending', {}, ctx.source)
      const body: { message: string; url: string; events?: string } = { message, url }
      if (attachLog) body.events = await getLog()
      try {
        // Quiet: the dialog shows the failure under its title instead of a toast.
        await ctx.api.post('v1/users/feedback', body, { quiet: true })
        ctx.bus.emit('feedback/sent', {}, 'api')
      } catch (error) {
        ctx.bus.emit('feedback/failed', { message: failureText(asFailure(error)) ?? '' }, 'api')
      }
    },
  }
}
