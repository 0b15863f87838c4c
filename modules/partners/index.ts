import { anyone } from '../../core/access'
import { definePlugin } from '../../core/plugin/types'
import { canSeePartners } from './access'

/**
 * Partners (SPEC /partners, /help): banks and microfinance organisations with their products and conditions, for
 * everyone but call-center employees and bank users; administrators edit them. /help explains how a bid moves,
 * for the reader's role.
 */
export default definePlugin({
  id: 'partners',
  routes: [
    { path: '/partners', page: () => import('./ui/PartnersPage'), access: canSeePartners, load: () => import('./loads').then(m => m.partnersLoad) },
    // Help is linked from every user's menu, so it is open to all signed-in users.
    { path: '/help', page: () => import('./ui/HelpPage'), access: anyone },
  ],
  sidebar: [{ id: 'partners', to: '/partners', label: 'partners:menu', order: 95, visible: canSeePartners, icon: 'handshake' }],
  // Commands and stores: fetched with its pages (./logic.ts).
  logic: () => import('./logic'),
  i18n: {
    ru: () => import('./i18n/ru.json'),
    en: () => import('./i18n/en.json'),
    // After sign-in only the sidebar's labels and the page names; the rest with the pages.
    shell: { ru: () => import('./i18n/ru.json?shell'), en: () => import('./i18n/en.json?shell') },
  },
})
