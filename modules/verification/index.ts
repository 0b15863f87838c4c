import { definePlugin } from '../../core/plugin/types'
import { isVerifier } from './access'

/** /verificator (170, 180): the queue of submitted bids by tab, and the clients who never finished registration. */
export default definePlugin({
  id: 'verification',
  routes: [{ path: '/verificator', page: () => import('./ui/VerifierPage'), access: isVerifier, load: () => import('./loads').then(m => m.verifierLoad) }],
  sidebar: [{ id: 'verificator', to: '/verificator', label: 'verification:menu', order: 35, visible: isVerifier, icon: 'check' }],
  landing: [{ when: ({ actor }) => isVerifier(actor), to: '/verificator' }],
  logic: () => import('./logic'),
  i18n: {
    ru: () => import('./i18n/ru.json'),
    en: () => import('./i18n/en.json'),
    // After sign-in only the sidebar's labels and the page names; the rest with the pages.
    shell: { ru: () => import('./i18n/ru.json?shell'), en: () => import('./i18n/en.json?shell') },
    borrows: ['bids'],
  },
})
