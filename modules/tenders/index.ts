import { ROLE } from '../../core/auth/profile'
import { definePlugin } from '../../core/plugin/types'
import { plannedPage } from '../../core/ui/planned'
import { canSeeTenders, canUploadTenders } from './access'
import { TENDER_NOTIFICATIONS, tenderPath } from './notifications'

export default definePlugin({
  id: 'tenders',
  routes: [
    { path: '/tenders', page: () => import('./ui/registry/RegistryPage'), access: canSeeTenders, load: () => import('./ui/registry/loads').then(m => m.registryLoad) },
    { path: '/tenders/:id', page: plannedPage('tenders:pages.one'), access: canSeeTenders },
    { path: '/tenders-kp', page: plannedPage('tenders:pages.kp'), access: canSeeTenders },
    { path: '/tenders-call-list', page: plannedPage('tenders:pages.calls'), access: canSeeTenders },
    { path: '/upload', page: plannedPage('tenders:pages.upload'), access: canUploadTenders },
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
  // The registry's load commands, stores and actions (favourite, take, the stored filter).
  logic: () => import('./ui/registry/logic'),
  notifications: TENDER_NOTIFICATIONS,
  links: { 'tenders/tender': ({ id }) => tenderPath(id) },
  i18n: { ru: () => import('./i18n/ru.json'), en: () => import('./i18n/en.json') },
})
