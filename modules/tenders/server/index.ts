import { fileURLToPath } from 'node:url'
import type { ServerModule } from '../../../server/module'
import { tenderCallRoutes } from './calls'
import { historyRoutes } from './history'

/**
 * The tenders module's server half (issue 8): a tender's history, and the call panel's tender variants of
 * call-end and contact-add over the call center's service (`app.callCenter`, present when the call center is
 * installed). The registry, KP and uploads are still to come.
 */
export const tendersServer: ServerModule = {
  id: 'tenders',
  migrations: fileURLToPath(new URL('../migrations', import.meta.url)),
  register(app, deps) {
    historyRoutes(app, deps)
    if (app.hasDecorator('callCenter')) tenderCallRoutes(app, app.callCenter)
  },
}
