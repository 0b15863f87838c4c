import { definePlugin } from '../core/plugin/types'
import { completenessCommands } from './completeness/commands'
import { completenessProcess } from './completeness/process'
// Stores must exist before the events they fold arrive, not when a lazy screen first imports them.
import './completeness/model'

/**
 * The shell's own contributions, declared like any module's: its i18n namespace and the completeness bar's
 * loading. It adds no routes or sidebar entries — those come only from modules.
 */
export const shellPlugin = definePlugin({
  id: 'shell',
  commands: completenessCommands,
  processes: [completenessProcess],
  i18n: { ru: () => import('./i18n/ru.json'), en: () => import('./i18n/en.json') },
})
