import { anyone } from '../../core/access'
import { definePlugin } from '../../core/plugin/types'
import { plannedPage } from '../../core/ui/planned'
import { canSeePartners } from './access'

export default definePlugin({
  id: 'partners',
  routes: [
    { path: '/partners', page: plannedPage('partners:pages.list'), access: canSeePartners },
    // Help is linked from every user's menu, so it is open to all signed-in users.
    { path: '/help', page: plannedPage('partners:pages.help'), access: anyone },
  ],
  sidebar: [{ id: 'partners', to: '/partners', label: 'partners:menu', order: 95, visible: canSeePartners, icon: 'handshake' }],
  i18n: { ru: () => import('./i18n/ru.json'), en: () => import('./i18n/en.json') },
})
