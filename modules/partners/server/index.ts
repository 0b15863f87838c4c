import { fileURLToPath } from 'node:url'
import type { ServerModule } from '../../../server/module'
import { partnerRoutes } from './routes'
import { seedPartners } from './seed'

export { bankOfUser, partnerById, partnersByIds, staffOfPartner, listPartners } from './store'

/**
 * The partners module's server half: banks and microfinance organisations with their products per service
 * (GET v1/partners for everyone but roles 150 and 40; administrators edit), and which bank each bank user belongs
 * to (`bankOfUser`, `staffOfPartner` for the bids module).
 */
export const partnersServer: ServerModule = {
  id: 'partners',
  migrations: fileURLToPath(new URL('../migrations', import.meta.url)),
  register(app, deps) {
    partnerRoutes(app, deps)
  },
  seed: seedPartners,
}
