import { definePlugin } from '../../core/plugin/types'
import { canSeeLeads } from './access'
import { UPDATE_LEADS } from './socket'

/**
 * Chat-bot leads (issue 14 §3, /leads-users for roles 150, 170, 100): the chat users the bot's webhook delivered,
 * their leads, and each lead's workflow — verified, sent back for rework, declined with a reason — and a verified
 * lead turned into a client company and a bid draft. New leads arrive live (the socket's updateLeads).
 */
export default definePlugin({
  id: 'leads',
  routes: [
    { path: '/leads-users', page: () => import('./ui/LeadUsersPage'), access: canSeeLeads, load: () => import('./loads').then(m => m.leadUsersLoad) },
    { path: '/leads-users/:chat_id/leads', page: () => import('./ui/ChatLeadsPage'), access: canSeeLeads },
    { path: '/leads-users/:chat_id/leads/:id', page: () => import('./ui/LeadPage'), access: canSeeLeads },
  ],
  sidebar: [{ id: 'leads-users', to: '/leads-users', label: 'leads:menu', order: 82, visible: canSeeLeads, icon: 'chat' }],
  socketActions: [UPDATE_LEADS],
  logic: () => import('./logic'),
  i18n: {
    ru: () => import('./i18n/ru.json'),
    en: () => import('./i18n/en.json'),
    // After sign-in only the sidebar's texts; the rest with the pages.
    shell: { ru: () => import('./i18n/ru.json?shell'), en: () => import('./i18n/en.json?shell') },
  },
})
