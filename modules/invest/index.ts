import { definePlugin } from '../../core/plugin/types'
import { plannedPage } from '../../core/ui/planned'
import { canSeeInvest, canVerifyOffers } from './access'
import { INVEST_NOTIFICATION } from './notifications'

export default definePlugin({
  id: 'invest',
  routes: [
    { path: '/invest', page: plannedPage('invest:pages.market'), access: canSeeInvest },
    { path: '/invest/deals/:id', page: plannedPage('invest:pages.deal'), access: canSeeInvest },
    { path: '/invest/add', page: plannedPage('invest:pages.add'), access: canSeeInvest },
    { path: '/invest/add/:id', page: plannedPage('invest:pages.add'), access: canSeeInvest },
    { path: '/invest/:id', page: plannedPage('invest:pages.offer'), access: canSeeInvest },
    { path: '/offers', page: plannedPage('invest:pages.offers'), access: canVerifyOffers },
    { path: '/offers/:id', page: plannedPage('invest:pages.offerCheck'), access: canVerifyOffers },
  ],
  sidebar: [
    { id: 'invest', to: '/invest', label: 'invest:menu.invest', order: 70, visible: canSeeInvest, icon: 'coins' },
    { id: 'offers', to: '/offers', label: 'invest:menu.offers', order: 72, visible: canVerifyOffers, icon: 'check' },
  ],
  notifications: [INVEST_NOTIFICATION],
  i18n: { ru: () => import('./i18n/ru.json'), en: () => import('./i18n/en.json') },
})
