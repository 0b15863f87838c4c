import type { CommandHandlers } from '../bus/commands'
import type { ToastInput } from './toast'

declare module '../bus/commands' {
  interface CommandMap {
    'toast/show': ToastInput
    'toast/dismiss': { id: string }
    'toast/pause': { id: string }
    'toast/resume': { id: string }
  }
}

export const toastCommands: CommandHandlers = {
  'toast/show': (input, ctx) => void ctx.toast(input),
  'toast/dismiss': ({ id }, ctx) => void ctx.bus.emit('toast/dismissed', { id }, ctx.source),
  'toast/pause': ({ id }, ctx) => void ctx.bus.emit('toast/paused', { id }, ctx.source),
  'toast/resume': ({ id }, ctx) => void ctx.bus.emit('toast/resumed', { id }, ctx.source),
}
