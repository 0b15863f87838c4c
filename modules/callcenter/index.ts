import { ROLE } from '../../core/auth/profile'
import { definePlugin } from '../../core/plugin/types'
import { plannedPage } from '../../core/ui/planned'
import { canManageCallers, canManageSips, canSeeCallStatistics } from './access'

export default definePlugin({
  id: 'callcenter',
  routes: [
    { path: '/callers', page: plannedPage('callcenter:pages.callers'), access: canManageCallers },
    { path: '/callers/add', page: plannedPage('callcenter:pages.callerAdd'), access: canManageCallers },
    { path: '/callers/:id', page: plannedPage('callcenter:pages.caller'), access: canManageCallers },
    { path: '/sips', page: plannedPage('callcenter:pages.sips'), access: canManageSips },
    { path: '/sips/add', page: plannedPage('callcenter:pages.sipAdd'), access: canManageSips },
    { path: '/statistics', page: plannedPage('callcenter:pages.statistics'), access: canSeeCallStatistics },
  ],
  sidebar: [
    { id: 'callers', to: '/callers', label: 'callcenter:menu.callers', order: 60, visible: canManageCallers, icon: 'headset' },
    { id: 'statistics', to: '/statistics', label: 'callcenter:menu.statistics', order: 62, visible: canSeeCallStatistics, icon: 'chart' },
    { id: 'sips', to: '/sips', label: 'callcenter:menu.sips', order: 64, visible: canManageSips, icon: 'phone' },
  ],
  landing: [{ when: ({ profile }) => profile.role === ROLE.agentManager, to: '/statistics' }],
  i18n: { ru: () => import('./i18n/ru.json'), en: () => import('./i18n/en.json') },
})
