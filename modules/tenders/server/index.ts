import { fileURLToPath } from 'node:url'
import type { ServerModule } from '../../../server/module'
import { TENDER_NOTIFICATIONS } from '../notifications'
import { actionRoutes } from './actions'
import { tenderCallRoutes } from './calls'
import { filterRoutes } from './filter'
import { historyRoutes } from './history'
import { callListRoutes } from './call-list'
import { importMaxBytes, importRoutes } from './import/routes'
import { kpRoutes } from './kp'
import { showTenderRoutes } from './show'
import { tendersByIds } from './titles'
import { registryRoutes } from './registry'
import { seedTenders } from './seed'

/**
 * The tenders module's server half (issue 12): the registry (list, favourites, take to work, the stored filter) and
 * its demo data; ShowTender's reads (the tender, its history, comments, contacts and callbacks) and the tenders the
 * call panel's earlier calls name; commercial proposals with their tracking; the call panel's tender variants of
 * call-end and contact-add and the call list, over the call center's service (`app.callCenter`, present when the
 * call center is installed); the tender file import; the module's notification types.
 */
export const tendersServer: ServerModule = {
  id: 'tenders',
  migrations: fileURLToPath(new URL('../migrations', import.meta.url)),
  notifications: TENDER_NOTIFICATIONS,
  seed: seedTenders,
  register(app, deps) {
    registryRoutes(app, deps.db)
    actionRoutes(app, deps)
    filterRoutes(app, deps)
    historyRoutes(app, deps)
    showTenderRoutes(app, deps)
    kpRoutes(app, deps)
    app.extensions.tendersByIds.push(tendersByIds(deps.db))
    if (app.hasDecorator('callCenter')) {
      tenderCallRoutes(app, deps, app.callCenter)
      callListRoutes(app, deps.db, app.callCenter)
    }
    // Its own context: the import's multipart limits are its own.
    app.register(async scope => importRoutes(scope, deps, importMaxBytes()))
  },
}
