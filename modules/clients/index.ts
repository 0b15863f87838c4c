import { ROLE } from '../../core/auth/profile'
import { definePlugin } from '../../core/plugin/types'
import { plannedPage } from '../../core/ui/planned'
import { canManageClients, canSeeIndividuals, isClient } from './access'

const hasInnAndOgrn = (c: { inn: string | null; ogrn: string | null } | null) => Boolean(c?.inn && c?.ogrn)

export default definePlugin({
  id: 'clients',
  routes: [
    { path: '/clients', page: plannedPage('clients:pages.clients'), access: canManageClients },
    { path: '/clients/:id', page: plannedPage('clients:pages.client'), access: canManageClients },
    { path: '/add-client', page: plannedPage('clients:pages.addClient'), access: canManageClients },
    { path: '/company', page: plannedPage('clients:pages.company'), access: isClient },
    { path: '/financials', page: plannedPage('clients:pages.financials'), access: isClient },
    { path: '/documents', page: plannedPage('clients:pages.documents'), access: isClient },
    { path: '/faces', page: plannedPage('clients:pages.faces'), access: isClient },
    { path: '/banks', page: plannedPage('clients:pages.banks'), access: isClient },
    { path: '/physics', page: plannedPage('clients:pages.physics'), access: canSeeIndividuals },
    { path: '/physics/add', page: plannedPage('clients:pages.physicsAdd'), access: canSeeIndividuals },
    { path: '/physics/:id', page: plannedPage('clients:pages.physicsOne'), access: canSeeIndividuals },
    { path: '/public-documents/:hash', page: plannedPage('clients:pages.publicDocuments'), access: 'public', bare: true },
    { path: '/public-financials/:hash', page: plannedPage('clients:pages.publicFinancials'), access: 'public', bare: true },
  ],
  sidebar: [
    { id: 'clients', to: '/clients', label: 'clients:menu.clients', order: 10, visible: canManageClients, icon: 'people' },
    { id: 'company', to: '/company', label: 'clients:menu.company', order: 12, visible: isClient, icon: 'building' },
    { id: 'financials', to: '/financials', label: 'clients:menu.financials', order: 14, visible: isClient, icon: 'chart' },
    { id: 'documents', to: '/documents', label: 'clients:menu.documents', order: 16, visible: isClient, icon: 'doc' },
  ],
  // SPEC §6: a client whose company lacks inn or ogrn fills it in first.
  landing: [{ when: ({ profile, company }) => profile.role === ROLE.client && !hasInnAndOgrn(company), to: '/company' }],
  i18n: { ru: () => import('./i18n/ru.json'), en: () => import('./i18n/en.json') },
})
