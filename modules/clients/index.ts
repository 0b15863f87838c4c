import { ROLE } from '../../core/auth/profile'
import { definePlugin } from '../../core/plugin/types'
import { isClient, keepsClients } from './access'
import { UPDATE_CLIENT_PROGRESS } from './socket'

const hasInnAndOgrn = (c: { inn: string | null; ogrn: string | null } | null) => Boolean(c?.inn && c?.ogrn)

// One loader for the three routes of the client's company screen: the same page stays mounted between them.
const cabinetCompany = () => import('./ui/CabinetPages')
const individual = () => import('./ui/IndividualPage')

/**
 * Clients and companies (issue 5): "My companies" for agents and administrators, the client's own cabinet
 * (/company, /financials, /documents, /faces, /banks), the company card in tabs, individuals, and the
 * public read-only pages behind signed links.
 */
export default definePlugin({
  id: 'clients',
  routes: [
    { path: '/clients', page: () => import('./ui/ClientsPage'), access: keepsClients, load: () => import('./loads').then(m => m.clientsLoad) },
    { path: '/clients/:id', page: () => import('./ui/ClientPage'), access: keepsClients },
    { path: '/add-client', page: () => import('./ui/AddClientPage'), access: keepsClients },
    { path: '/company', page: cabinetCompany, access: isClient },
    { path: '/faces', page: cabinetCompany, access: isClient },
    { path: '/banks', page: cabinetCompany, access: isClient },
    { path: '/financials', page: () => import('./ui/CabinetSectionPages').then(m => ({ default: m.CabinetFinancialsPage })), access: isClient },
    { path: '/documents', page: () => import('./ui/CabinetSectionPages').then(m => ({ default: m.CabinetDocumentsPage })), access: isClient },
    {
      path: '/physics',
      page: () => import('./ui/ClientsPage').then(m => ({ default: m.IndividualsPage })),
      access: keepsClients,
      load: () => import('./loads').then(m => m.individualsLoad),
    },
    { path: '/physics/add', page: individual, access: keepsClients },
    { path: '/physics/:id', page: individual, access: keepsClients },
    {
      path: '/public-documents/:hash',
      page: () => import('./ui/PublicPages').then(m => ({ default: m.PublicDocumentsPage })),
      access: 'public',
      bare: true,
    },
    {
      path: '/public-financials/:hash',
      page: () => import('./ui/PublicPages').then(m => ({ default: m.PublicFinancialsPage })),
      access: 'public',
      bare: true,
    },
  ],
  sidebar: [
    { id: 'clients', to: '/clients', label: 'clients:menu.clients', order: 10, visible: keepsClients, icon: 'people' },
    { id: 'company', to: '/company', label: 'clients:menu.company', order: 12, visible: isClient, icon: 'building' },
    { id: 'financials', to: '/financials', label: 'clients:menu.financials', order: 14, visible: isClient, icon: 'chart' },
    { id: 'documents', to: '/documents', label: 'clients:menu.documents', order: 16, visible: isClient, icon: 'doc' },
  ],
  // SPEC §6: a client whose company lacks inn or ogrn fills it in first.
  landing: [{ when: ({ profile, company }) => profile.role === ROLE.client && !hasInnAndOgrn(company), to: '/company' }],
  socketActions: [UPDATE_CLIENT_PROGRESS],
  links: { 'clients/company': ({ id }) => `/clients/${id}` },
  // Commands, stores and processes: fetched with its pages or after sign-in, not on /login (./logic.ts).
  logic: () => import('./logic'),
  i18n: {
    ru: () => import('./i18n/ru.json'),
    en: () => import('./i18n/en.json'),
    // After sign-in only the sidebar's labels and the page names; the rest with the pages.
    shell: { ru: () => import('./i18n/ru.json?shell'), en: () => import('./i18n/en.json?shell') },
  },
})
