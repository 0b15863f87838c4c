import type { CommandHandlers } from '../bus/commands'

export const i18nCommands: CommandHandlers = {
  'locale/set': ({ locale }, ctx) => void ctx.bus.emit('locale/changed', { locale }, ctx.source),
}
