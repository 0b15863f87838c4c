import { definePlugin } from '../../core/plugin/types'
import { canSeeInvest, canUseInvest, canVerifyOffers } from './access'
import { INVEST_NOTIFICATION } from './notifications'
import { UPDATE_INVEST } from './socket'

/**
 * The investment marketplace (issue 14 §1): /invest (offers with filters, the user's own offers, deals),
 * /invest/add[/{id}] (the offer in 5 steps), /invest/{id} (an offer; open a deal), /invest/deals/{id} (a deal, its
 * actions and income schedule), and the verifiers' /offers, /offers/{id}.
 */
export default definePlugin({
  id: 'invest',
  routes: [
    { path: '/invest', page: () => import('./ui/MarketPage'), access: canSeeInvest },
    { path: '/invest/deals/:id', page: () => import('./ui/DealPage'), access: canSeeInvest },
    { path: '/invest/add', page: () => import('./ui/EditorPage'), access: canSeeInvest },
    { path: '/invest/add/:id', page: () => import('./ui/EditorPage'), access: canSeeInvest },
    // The bell's type 7 links here for everyone, verifiers included (their review notifications): DESIGN §9 detail page.
    { path: '/invest/:id', page: () => import('./ui/OfferPage'), access: canUseInvest },
    { path: '/offers', page: () => import('./ui/ReviewPage'), access: canVerifyOffers },
    { path: '/offers/:id', page: () => import('./ui/OfferPage'), access: canVerifyOffers },
  ],
  sidebar: [
    { id: 'invest', to: '/invest', label: 'invest:menu.invest', order: 70, visible: canSeeInvest, icon: 'coins' },
    { id: 'offers', to: '/offers', label: 'invest:menu.offers', order: 72, visible: canVerifyOffers, icon: 'check' },
  ],
  notifications: [INVEST_NOTIFICATION],
  socketActions: [UPDATE_INVEST],
  i18n: {
    ru: () => import('./i18n/ru.json'),
    en: () => import('./i18n/en.json'),
    shell: { ru: () => import('./i18n/ru.json?shell'), en: () => import('./i18n/en.json?shell') },
  },
})
