import type { CommandHandlers } from '../bus/commands'
import type { ToastInput } from './toast'

declare module '../bus/commands' {
  interface CommandMap {
    'toast/show': ToastInput
    'toast/dismiss': { id: string }
  }
}

export const toastCommands: CommandHandlers = {
  'toast/show': (input, ctx) => void ctx.toast(input),
  'toast/dismiss': ({ id }, ctx) => void ctx.bus.emit('toast/dismissed', { id }, ctx.source),
}
