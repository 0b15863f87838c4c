import { definePlugin } from '../../core/plugin/types'
import { isBankStaff } from './access'

/**
 * /bank-bids (40, 45): the bank's requests by tab; the bank manager sees the bank's whole queue and assigns requests
 * to the bank's staff, a bank user what is assigned to them and what nobody has yet.
 */
export default definePlugin({
  id: 'bank-bids',
  routes: [{ path: '/bank-bids', page: () => import('./ui/BankBidsPage'), access: isBankStaff, load: () => import('./loads').then(m => m.bankBidsLoad) }],
  sidebar: [{ id: 'bank-bids', to: '/bank-bids', label: 'bank-bids:menu', order: 32, visible: isBankStaff, icon: 'bank' }],
  landing: [{ when: ({ actor }) => isBankStaff(actor), to: '/bank-bids' }],
  logic: () => import('./logic'),
  i18n: {
    ru: () => import('./i18n/ru.json'),
    en: () => import('./i18n/en.json'),
    // After sign-in only the sidebar's labels and the page names; the rest with the pages.
    shell: { ru: () => import('./i18n/ru.json?shell'), en: () => import('./i18n/en.json?shell') },
    borrows: ['bids'],
  },
})
