import { definePlugin } from '../../core/plugin/types'
import { plannedPage } from '../../core/ui/planned'
import { canSeeAgents } from './access'

export default definePlugin({
  id: 'agents',
  routes: [
    { path: '/agents', page: plannedPage('agents:pages.list'), access: canSeeAgents },
    { path: '/agents/:id', page: plannedPage('agents:pages.one'), access: canSeeAgents },
  ],
  sidebar: [{ id: 'agents', to: '/agents', label: 'agents:menu', order: 20, visible: canSeeAgents, icon: 'badge' }],
  i18n: { ru: () => import('./i18n/ru.json'), en: () => import('./i18n/en.json') },
})
