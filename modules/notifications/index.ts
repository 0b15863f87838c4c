import { anyone } from '../../core/access'
import { definePlugin } from '../../core/plugin/types'
import { UPDATE_TOP_NOTIFICATIONS } from './socket'
import { NOTIFICATIONS_OWN_TYPES } from './types'

/** The bell, the notification page and e-mail unsubscribe pages. Links by type come from the owning modules. */
export default definePlugin({
  id: 'notifications',
  routes: [
    { path: '/notifications', page: () => import('./ui/NotificationsPage'), access: anyone, load: () => import('./loads').then(m => m.notificationsLoad) },
    { path: '/unsubscribe', page: () => import('./ui/UnsubscribePage').then(m => ({ default: m.UnsubscribeOne })), access: 'public', bare: true },
    { path: '/unsubscribe-universe', page: () => import('./ui/UnsubscribePage').then(m => ({ default: m.UnsubscribeAll })), access: 'public', bare: true },
  ],
  // The bell, on every signed-in page, reads only its own texts (not the page's nor the unsubscribe pages').
  widgets: [{ slot: 'header', component: () => import('./ui/Bell'), texts: 'bell' }],
  notifications: NOTIFICATIONS_OWN_TYPES,
  socketActions: [UPDATE_TOP_NOTIFICATIONS],
  // Commands, stores and the process that keeps the bell fresh: fetched after sign-in or with the bell and the page,
  // not on /login (./logic.ts).
  logic: () => import('./logic'),
  i18n: {
    ru: () => import('./i18n/ru.json'),
    en: () => import('./i18n/en.json'),
    // After sign-in only the page names; the bell brings its part, the page and the unsubscribe pages the rest.
    shell: { ru: () => import('./i18n/ru.json?shell'), en: () => import('./i18n/en.json?shell') },
    parts: {
      bell: {
        ru: () => import('./i18n/ru.json?sections=bell,bellUnread_one,bellUnread_few,bellUnread_many,bellUnread_other,title,all,archive,dateLocale,empty,unread,untitled&part'),
        en: () => import('./i18n/en.json?sections=bell,bellUnread_one,bellUnread_few,bellUnread_many,bellUnread_other,title,all,archive,dateLocale,empty,unread,untitled&part'),
      },
    },
  },
})
