import { definePlugin } from '../../core/plugin/types'
import { plannedPage } from '../../core/ui/planned'
import { isVerifier } from './access'

export default definePlugin({
  id: 'verification',
  routes: [{ path: '/verificator', page: plannedPage('verification:pages.queue'), access: isVerifier }],
  sidebar: [{ id: 'verificator', to: '/verificator', label: 'verification:menu', order: 35, visible: isVerifier, icon: 'check' }],
  landing: [{ when: ({ actor }) => isVerifier(actor), to: '/verificator' }],
  i18n: { ru: () => import('./i18n/ru.json'), en: () => import('./i18n/en.json') },
})
