import { definePlugin } from '../../core/plugin/types'
import { plannedPage } from '../../core/ui/planned'
import { isBankStaff } from './access'

export default definePlugin({
  id: 'bank-bids',
  routes: [{ path: '/bank-bids', page: plannedPage('bank-bids:pages.list'), access: isBankStaff }],
  sidebar: [{ id: 'bank-bids', to: '/bank-bids', label: 'bank-bids:menu', order: 32, visible: isBankStaff, icon: 'bank' }],
  landing: [{ when: ({ actor }) => isBankStaff(actor), to: '/bank-bids' }],
  i18n: { ru: () => import('./i18n/ru.json'), en: () => import('./i18n/en.json') },
})
