import { definePlugin } from '../../core/plugin/types'
import { plannedPage } from '../../core/ui/planned'
import { canSeeLeads } from './access'

export default definePlugin({
  id: 'leads',
  routes: [
    { path: '/leads-users', page: plannedPage('leads:pages.users'), access: canSeeLeads },
    { path: '/leads-users/:chat_id/leads', page: plannedPage('leads:pages.leads'), access: canSeeLeads },
    { path: '/leads-users/:chat_id/leads/:id', page: plannedPage('leads:pages.lead'), access: canSeeLeads },
  ],
  sidebar: [{ id: 'leads-users', to: '/leads-users', label: 'leads:menu', order: 82, visible: canSeeLeads, icon: 'chat' }],
  i18n: { ru: () => import('./i18n/ru.json'), en: () => import('./i18n/en.json') },
})
