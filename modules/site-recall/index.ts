import { definePlugin } from '../../core/plugin/types'
import { plannedPage } from '../../core/ui/planned'
import { canSeeSiteRecall } from './access'

export default definePlugin({
  id: 'site-recall',
  routes: [{ path: '/site-recall', page: plannedPage('site-recall:pages.list'), access: canSeeSiteRecall }],
  sidebar: [{ id: 'site-recall', to: '/site-recall', label: 'site-recall:menu', order: 84, visible: canSeeSiteRecall, icon: 'callback' }],
  i18n: { ru: () => import('./i18n/ru.json'), en: () => import('./i18n/en.json') },
})
