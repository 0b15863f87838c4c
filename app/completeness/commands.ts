import type { CommandHandlers } from '../../core/bus/commands'
import type { CompletenessItem } from './model'

export const completenessCommands: CommandHandlers = {
  'completeness/refresh': async (_, ctx) => {
    const items = await ctx.api.get<CompletenessItem[]>('v1/statistics/client-fullness', { quiet: true })
    ctx.bus.emit('completeness/loaded', { items }, 'api')
  },
}
