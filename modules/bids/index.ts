import { ROLE } from '../../core/auth/profile'
import { definePlugin } from '../../core/plugin/types'
import { plannedPage } from '../../core/ui/planned'
import { canCreateBids, canListBids, canOpenBid, canVerifyBid, seesBidsAtBottom, seesBidsInMenu } from './access'
import { BID_NOTIFICATION } from './notifications'

export default definePlugin({
  id: 'bids',
  routes: [
    { path: '/bids', page: plannedPage('bids:pages.list'), access: canListBids },
    { path: '/bids/new', page: plannedPage('bids:pages.new'), access: canCreateBids },
    { path: '/confirm-bid', page: plannedPage('bids:pages.confirm'), access: canCreateBids },
    { path: '/bids/:id', page: plannedPage('bids:pages.one'), access: canOpenBid },
    { path: '/verificator/bid/:id', page: plannedPage('bids:pages.one'), access: canVerifyBid },
    { path: '/live', page: plannedPage('bids:pages.live'), access: 'public', bare: true },
  ],
  sidebar: [
    { id: 'bids', to: '/bids', label: 'bids:menu', order: 30, visible: seesBidsInMenu, icon: 'file' },
    { id: 'bids-bottom', to: '/bids', label: 'bids:menu', order: 0, visible: seesBidsAtBottom, placement: 'bottom', icon: 'file' },
  ],
  landing: [
    { when: ({ profile, company }) => profile.role === ROLE.client && Boolean(company?.inn && company?.ogrn), to: '/bids' },
    { when: ({ profile }) => profile.role === ROLE.agent, to: '/bids' },
  ],
  notifications: [BID_NOTIFICATION],
  i18n: { ru: () => import('./i18n/ru.json'), en: () => import('./i18n/en.json') },
})
