import { definePlugin } from '../../core/plugin/types'
import { canSeeSms } from './access'

/**
 * SMS status (issue 13 §4, /sms for administrators): the outbox with texts masked, its filters and search, and the
 * resend of failed SMS. The gateway itself is the core server's (server/sms).
 */
export default definePlugin({
  id: 'sms',
  routes: [{ path: '/sms', page: () => import('./ui/SmsPage'), access: canSeeSms, load: () => import('./loads').then(m => m.smsLoad) }],
  sidebar: [{ id: 'sms', to: '/sms', label: 'sms:menu', order: 92, visible: canSeeSms, icon: 'message' }],
  // Commands and stores: fetched with its page (./logic.ts).
  logic: () => import('./logic'),
  i18n: {
    ru: () => import('./i18n/ru.json'),
    en: () => import('./i18n/en.json'),
    // After sign-in only the sidebar's texts; the rest with the page.
    shell: { ru: () => import('./i18n/ru.json?shell'), en: () => import('./i18n/en.json?shell') },
  },
})
