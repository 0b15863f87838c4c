import { ROLE } from '../../core/auth/profile'
import { definePlugin } from '../../core/plugin/types'
import { plannedPage } from '../../core/ui/planned'
import { canSeeSplit } from './access'

export default definePlugin({
  id: 'split',
  routes: [
    { path: '/split-bids', page: plannedPage('split:pages.bids'), access: canSeeSplit },
    { path: '/split-bids/:id', page: plannedPage('split:pages.bid'), access: canSeeSplit },
    { path: '/split-clients', page: plannedPage('split:pages.clients'), access: canSeeSplit },
  ],
  sidebar: [
    { id: 'split-bids', to: '/split-bids', label: 'split:menu.bids', order: 80, visible: canSeeSplit, icon: 'split' },
    { id: 'split-clients', to: '/split-clients', label: 'split:menu.clients', order: 81, visible: canSeeSplit, icon: 'people' },
  ],
  // SPEC §6: after a password sign-in a call-center employee starts on split bids.
  landing: [{ when: ({ profile, via }) => profile.role === ROLE.callCenter && via === 'password', to: '/split-bids' }],
  i18n: { ru: () => import('./i18n/ru.json'), en: () => import('./i18n/en.json') },
})
