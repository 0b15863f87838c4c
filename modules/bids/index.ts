import { ROLE } from '../../core/auth/profile'
import { definePlugin } from '../../core/plugin/types'
import { canCreateBids, canListBids, canOpenBid, canVerifyBid, seesBidsAtBottom, seesBidsInMenu } from './access'
import { BID_NOTIFICATION } from './notifications'
import './slots'
import { UPDATE_BIDS } from './socket'

export default definePlugin({
  id: 'bids',
  routes: [
    { path: '/bids', page: () => import('./ui/list/BidsPage'), access: canListBids, load: () => import('./ui/list/loads').then(m => m.bidsLoad) },
    { path: '/bids/new', page: () => import('./ui/wizard/NewBidPage'), access: canCreateBids },
    { path: '/confirm-bid', page: () => import('./ui/wizard/ConfirmBidPage'), access: canCreateBids },
    { path: '/bids/:id', page: () => import('./ui/BidPage'), access: canOpenBid },
    { path: '/verificator/bid/:id', page: () => import('./ui/BidPage'), access: canVerifyBid },
    // The bid's public links (modules/bids/signing): signing documents with an SMS code, and the live status.
    { path: '/sign/:hash', page: () => import('./signing/ui/SignPage'), access: 'public', bare: true },
    { path: '/live', page: () => import('./signing/ui/LivePage'), access: 'public', bare: true },
  ],
  sidebar: [
    { id: 'bids', to: '/bids', label: 'bids:menu', order: 30, visible: seesBidsInMenu, icon: 'file' },
    { id: 'bids-bottom', to: '/bids', label: 'bids:menu', order: 0, visible: seesBidsAtBottom, placement: 'bottom', icon: 'file' },
  ],
  landing: [
    { when: ({ profile, company }) => profile.role === ROLE.client && Boolean(company?.inn && company?.ogrn), to: '/bids' },
    { when: ({ profile }) => profile.role === ROLE.agent, to: '/bids' },
  ],
  // The company card's bids tab (the clients module's slot) and the lists' load commands and stores.
  widgets: [{ slot: 'clients/companyBids', component: () => import('./ui/list/CompanyBids'), visible: canListBids }],
  links: { 'bids/bid': ({ id }) => `/bids/${id}` },
  logic: () => import('./ui/list/logic'),
  notifications: [BID_NOTIFICATION],
  socketActions: [UPDATE_BIDS],
  i18n: {
    ru: () => import('./i18n/ru.json'),
    en: () => import('./i18n/en.json'),
    // After sign-in only the sidebar's labels and the page names; the rest with the pages.
    shell: { ru: () => import('./i18n/ru.json?shell'), en: () => import('./i18n/en.json?shell') },
  },
})
