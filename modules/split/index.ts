import { ROLE } from '../../core/auth/profile'
import { definePlugin } from '../../core/plugin/types'
import { canSeeSplit } from './access'
import { UPDATE_SPLIT_BIDS } from './socket'

/**
 * Split financing (issue 14 §2): /split-bids (list, new bid), /split-bids/{id} (workflow actions, transactions, the
 * payment schedule and its CSV), /split-clients (the people behind the bids with their totals).
 */
export default definePlugin({
  id: 'split',
  routes: [
    { path: '/split-bids', page: () => import('./ui/SplitBidsPage'), access: canSeeSplit },
    { path: '/split-bids/:id', page: () => import('./ui/SplitBidPage'), access: canSeeSplit },
    { path: '/split-clients', page: () => import('./ui/SplitClientsPage'), access: canSeeSplit },
  ],
  sidebar: [
    { id: 'split-bids', to: '/split-bids', label: 'split:menu.bids', order: 80, visible: canSeeSplit, icon: 'split' },
    { id: 'split-clients', to: '/split-clients', label: 'split:menu.clients', order: 81, visible: canSeeSplit, icon: 'people' },
  ],
  // SPEC §6: after a password sign-in a call-center employee starts on split bids.
  landing: [{ when: ({ profile, via }) => profile.role === ROLE.callCenter && via === 'password', to: '/split-bids' }],
  socketActions: [UPDATE_SPLIT_BIDS],
  i18n: {
    ru: () => import('./i18n/ru.json'),
    en: () => import('./i18n/en.json'),
    shell: { ru: () => import('./i18n/ru.json?shell'), en: () => import('./i18n/en.json?shell') },
  },
})
