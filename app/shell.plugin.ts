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
  i18n: {
    ru: () => import('./i18n/ru.json'),
    en: () => import('./i18n/en.json'),
    // What every signed-in page shows (the frame, the header, roles, the socket's notice, the completeness bar); the
    // support dialog's texts come when it first opens.
    shell: {
      ru: () => import('./i18n/ru.json?sections=beta,betaHint,skipToContent,sidebar,header,roles,socket,completeness&part'),
      en: () => import('./i18n/en.json?sections=beta,betaHint,skipToContent,sidebar,header,roles,socket,completeness&part'),
    },
    parts: { feedback: { ru: () => import('./i18n/ru.json?sections=feedback&part'), en: () => import('./i18n/en.json?sections=feedback&part') } },
  },
})
