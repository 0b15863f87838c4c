import { definePlugin } from '../../core/plugin/types'
import { plannedPage } from '../../core/ui/planned'
import { canSeeSms } from './access'

export default definePlugin({
  id: 'sms',
  routes: [{ path: '/sms', page: plannedPage('sms:pages.list'), access: canSeeSms }],
  sidebar: [{ id: 'sms', to: '/sms', label: 'sms:menu', order: 92, visible: canSeeSms, icon: 'message' }],
  i18n: { ru: () => import('./i18n/ru.json'), en: () => import('./i18n/en.json') },
})
