import { definePlugin } from '../../core/plugin/types'
import { canSeeSiteRecall } from './access'
import { UPDATE_SITE_RECALLS } from './socket'

/**
 * Site callbacks (issue 13 §3, /site-recall for roles 100 and 170): the callback requests the company's website
 * posts, in two tabs (new, processed), taken into work with a call-back task, and marked done; new ones arrive live.
 */
export default definePlugin({
  id: 'site-recall',
  routes: [
    { path: '/site-recall', page: () => import('./ui/SiteRecallPage'), access: canSeeSiteRecall, load: () => import('./loads').then(m => m.siteRecallLoad) },
  ],
  sidebar: [{ id: 'site-recall', to: '/site-recall', label: 'site-recall:menu', order: 84, visible: canSeeSiteRecall, icon: 'callback' }],
  socketActions: [UPDATE_SITE_RECALLS],
  // Commands and stores: fetched with its page (./logic.ts).
  logic: () => import('./logic'),
  i18n: {
    ru: () => import('./i18n/ru.json'),
    en: () => import('./i18n/en.json'),
    // After sign-in only the sidebar's texts; the rest with the page.
    shell: { ru: () => import('./i18n/ru.json?shell'), en: () => import('./i18n/en.json?shell') },
  },
})
