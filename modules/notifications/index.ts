import { anyone } from '../../core/plugin/roles'
import { definePlugin } from '../../core/plugin/types'
import { plannedPage } from '../../core/ui/planned'

export default definePlugin({
  id: 'notifications',
  routes: [
    { path: '/notifications', page: plannedPage('notifications:pages.list'), access: anyone },
    { path: '/unsubscribe', page: plannedPage('notifications:pages.unsubscribe'), access: 'public', bare: true },
    { path: '/unsubscribe-universe', page: plannedPage('notifications:pages.unsubscribe'), access: 'public', bare: true },
  ],
  i18n: { ru: () => import('./i18n/ru.json'), en: () => import('./i18n/en.json') },
})
