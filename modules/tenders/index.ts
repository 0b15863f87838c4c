import { ROLE } from '../../core/auth/profile'
import { definePlugin } from '../../core/plugin/types'
import { canSeeTenders, canUploadTenders } from './access'
import { TENDER_NOTIFICATIONS, tenderPath } from './notifications'
import './slots'
import { UPDATE_TENDER } from './socket'

export default definePlugin({
  id: 'tenders',
  routes: [
    { path: '/tenders', page: () => import('./ui/registry/RegistryPage'), access: canSeeTenders, load: () => import('./ui/registry/loads').then(m => m.registryLoad) },
    { path: '/tenders/:id', page: () => import('./ui/show/ShowTenderPage'), access: canSeeTenders },
    { path: '/tenders-kp', page: () => import('./ui/kp/KpPage'), access: canSeeTenders, load: () => import('./ui/kp/loads').then(m => m.kpLoad) },
    { path: '/tenders-call-list', page: () => import('./ui/CallListPage'), access: canSeeTenders, load: () => import('./call-list/loads').then(m => m.callListLoad) },
    { path: '/upload', page: () => import('./ui/UploadPage'), access: canUploadTenders },
    // The link of a KP's letter (issue 12 §3): public and bare, the winner may have no account yet.
    { path: '/cabinet', page: () => import('./ui/kp/CabinetPage'), access: 'public', bare: true },
  ],
  sidebar: [
    { id: 'tenders', to: '/tenders', label: 'tenders:menu.registry', order: 40, visible: canSeeTenders, icon: 'trophy' },
    { id: 'tenders-kp', to: '/tenders-kp', label: 'tenders:menu.kp', order: 41, visible: canSeeTenders, icon: 'send' },
    { id: 'tenders-call-list', to: '/tenders-call-list', label: 'tenders:menu.calls', order: 42, visible: canSeeTenders, icon: 'phone' },
    { id: 'upload', to: '/upload', label: 'tenders:menu.upload', order: 90, visible: canUploadTenders, icon: 'upload' },
  ],
  // SPEC §6: call-center employees land on tenders unless they signed in with a password (then split bids).
  landing: [
    { when: ({ profile, via }) => profile.role === ROLE.callCenter && via !== 'password', to: '/tenders' },
    { when: ({ profile }) => profile.role === ROLE.callCenterManager, to: '/tenders' },
  ],
  notifications: TENDER_NOTIFICATIONS,
  socketActions: [UPDATE_TENDER],
  // The KP button on ShowTender (issue 12 §3).
  widgets: [{ slot: 'tenders/showActions', component: () => import('./ui/kp/SendOfferWidget'), visible: canSeeTenders }],
  links: { 'tenders/tender': ({ id }) => tenderPath(id) },
  // Commands and stores: fetched with its pages (./logic.ts).
  logic: () => import('./logic'),
  i18n: {
    ru: () => import('./i18n/ru.json'),
    en: () => import('./i18n/en.json'),
    // After sign-in only the sidebar's labels and the page names; the rest with the pages.
    shell: { ru: () => import('./i18n/ru.json?shell'), en: () => import('./i18n/en.json?shell') },
  },
})
