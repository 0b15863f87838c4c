import { definePlugin } from '../../core/plugin/types'
import { canSeeAgents, isImpersonated } from './access'

/**
 * Agents (SPEC /agents, /agents/{id}; roles 100 and 170): the list, the agent view, and "log into their
 * cabinet" for administrators. While an administrator works in an agent's cabinet the header says so and
 * offers the way back (a header widget, so the shell needs to know nothing about it).
 */
export default definePlugin({
  id: 'agents',
  routes: [
    { path: '/agents', page: () => import('./ui/AgentsPage'), access: canSeeAgents, load: () => import('./loads').then(m => m.agentsLoad) },
    { path: '/agents/:id', page: () => import('./ui/AgentPage'), access: canSeeAgents },
  ],
  sidebar: [{ id: 'agents', to: '/agents', label: 'agents:menu', order: 20, visible: canSeeAgents, icon: 'badge' }],
  widgets: [{ slot: 'header', component: () => import('./ui/ImpersonationBanner'), visible: isImpersonated }],
  // Commands and stores: fetched with its pages and banner or after sign-in, not on /login (./logic.ts).
  logic: () => import('./logic'),
  i18n: {
    ru: () => import('./i18n/ru.json'),
    en: () => import('./i18n/en.json'),
    // After sign-in only the sidebar's labels and the page names; the rest with the pages.
    shell: { ru: () => import('./i18n/ru.json?shell'), en: () => import('./i18n/en.json?shell') },
  },
})
