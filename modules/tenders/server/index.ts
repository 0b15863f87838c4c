import { fileURLToPath } from 'node:url'
import type { ServerModule } from '../../../server/module'
import { TENDER_NOTIFICATIONS } from '../notifications'
import { tenderCallRoutes } from './calls'
import { historyRoutes } from './history'
import { callListRoutes } from './call-list'
import { importMaxBytes, importRoutes } from './import/routes'
import { kpRoutes } from './kp'
import { showTenderRoutes } from './show'
import { tendersByIds } from './titles'

/**
 * The tenders module's server half (issue 8): a tender's history, the call panel's tender variants of call-end and
 * contact-add over the call center's service (`app.callCenter`, present when the call center is installed), and the
 * module's notification types (the same declarations its plugin lists); ShowTender's reads (the tender, its
 * history, comments, contacts and callbacks) and the tenders the call panel's earlier calls name; the call list over
 * the call center's service and the tender file import (issue 12 §4, §5).
 */
export const tendersServer: ServerModule = {
  id: 'tenders',
  migrations: fileURLToPath(new URL('../migrations', import.meta.url)),
  notifications: TENDER_NOTIFICATIONS,
  register(app, deps) {
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
