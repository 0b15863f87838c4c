import { ROLE } from '../../core/auth/profile'
import { definePlugin } from '../../core/plugin/types'
import { canManageCallers, canManageSips, canSeeCallStatistics, hasSoftphone } from './access'
import { UPDATE_CALLERS } from './socket'

/**
 * The call center: the floating call panel (softphone) for profiles with a SIP code, click-to-call for every
 * module (`callcenter/dial`), and the administration screens. The panel and JsSIP are lazy chunks that only a
 * SIP user loads.
 */
export default definePlugin({
  id: 'callcenter',
  routes: [
    { path: '/callers', page: () => import('./ui/admin/CallersPage'), access: canManageCallers, load: () => import('./loads').then(m => m.callersLoad) },
    { path: '/callers/add', page: () => import('./ui/admin/CallerFormPage'), access: canManageCallers },
    { path: '/callers/:id', page: () => import('./ui/admin/CallerFormPage'), access: canManageCallers },
    { path: '/sips', page: () => import('./ui/admin/SipsPage'), access: canManageSips, load: () => import('./loads').then(m => m.sipsLoad) },
    { path: '/sips/add', page: () => import('./ui/admin/SipFormPage'), access: canManageSips },
    { path: '/statistics', page: () => import('./ui/admin/StatisticsPage'), access: canSeeCallStatistics },
  ],
  sidebar: [
    { id: 'callers', to: '/callers', label: 'callcenter:menu.callers', order: 60, visible: canManageCallers, icon: 'headset' },
    { id: 'statistics', to: '/statistics', label: 'callcenter:menu.statistics', order: 62, visible: canSeeCallStatistics, icon: 'chart' },
    { id: 'sips', to: '/sips', label: 'callcenter:menu.sips', order: 64, visible: canManageSips, icon: 'phone' },
  ],
  landing: [{ when: ({ profile }) => profile.role === ROLE.agentManager, to: '/statistics' }],
  socketActions: [UPDATE_CALLERS],
  // Commands, stores and the softphone process: fetched with its pages and panel or after sign-in, not on /login
  // (./logic.ts).
  logic: () => import('./logic'),
  widgets: [{ slot: 'floating', component: () => import('./ui/panel/CallPanel'), visible: hasSoftphone }],
  i18n: {
    ru: () => import('./i18n/ru.json'),
    en: () => import('./i18n/en.json'),
    // After sign-in only the sidebar's labels and the page names; the rest with the pages.
    shell: { ru: () => import('./i18n/ru.json?shell'), en: () => import('./i18n/en.json?shell') },
  },
})
