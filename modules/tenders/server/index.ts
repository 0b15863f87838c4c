import { fileURLToPath } from 'node:url'
import type { ServerModule } from '../../../server/module'
import { TENDER_NOTIFICATIONS } from '../notifications'
import { actionRoutes } from './actions'
import { tenderCallRoutes } from './calls'
import { filterRoutes } from './filter'
import { historyRoutes } from './history'
import { registryRoutes } from './registry'
import { seedTenders } from './seed'

/**
 * The tenders module's server half (issue 8): a tender's history, the call panel's tender variants of call-end and
 * contact-add over the call center's service (`app.callCenter`, present when the call center is installed), and the
 * module's notification types (the same declarations its plugin lists); the registry (issue 12 §1: list, favourites,
 * take to work, the stored filter) and its demo data. KP and uploads are still to come.
 */
export const tendersServer: ServerModule = {
  id: 'tenders',
  migrations: fileURLToPath(new URL('../migrations', import.meta.url)),
  notifications: TENDER_NOTIFICATIONS,
  seed: seedTenders,
  register(app, deps) {
    historyRoutes(app, deps)
    registryRoutes(app, deps.db)
    actionRoutes(app, deps)
    filterRoutes(app, deps)
    if (app.hasDecorator('callCenter')) tenderCallRoutes(app, app.callCenter)
  },
}
