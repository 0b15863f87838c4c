import { fileURLToPath } from 'node:url'
import type { ServerModule } from '../../../server/module'
import { callerRoutes } from './callers'
import { callRoutes } from './calls'
import { seedCallCenter } from './demo'
import { createCallCenterFlows, serviceOf, type CallCenterFlows } from './service'
import { loadCallCenterSettings, type CallCenterSettings } from './settings'
import { sipRoutes } from './sips'
import { statisticsRoutes } from './statistics'

export type { CallCenterService, PageRecord } from './service'
export type { PageCall, PageCalls, PageCallsQuery } from './page-calls'

/**
 * The call center's server half (issue 3): the call session (SPEC §7 call-center calls), employees (/callers), SIP
 * accounts (/sips), statistics, its tables and demo data. It offers other modules `app.callCenter` (finishing a
 * call and adding a contact filed under their record: the tenders module's tender variants).
 */
export function createCallCenterModule(settings: CallCenterSettings = loadCallCenterSettings()): ServerModule {
  // One module object serves every app built from it (tests build many): each app's flows hang off its deps.
  const flowsOf = new WeakMap<object, CallCenterFlows>()
  return {
    id: 'callcenter',
    migrations: fileURLToPath(new URL('../migrations', import.meta.url)),
    decorate(app, deps) {
      // Tasks come from whichever module keeps them (server/extensions.ts), read at use: it may decorate after us.
      const tasksOf = () => app.extensions.tasks
      const flows = createCallCenterFlows(deps, settings, tasksOf)
      flowsOf.set(deps, flows)
      app.decorate('callCenter', serviceOf(deps.db, flows, tasksOf))
    },
    register(app, deps) {
      const flows = flowsOf.get(deps)
      if (!flows) throw new Error('callcenter: decorate() did not run for this app')
      callRoutes(app, deps, flows)
      callerRoutes(app, deps)
      sipRoutes(app, deps)
      statisticsRoutes(app, deps, settings)
    },
    seed: seedCallCenter,
  }
}

export const callCenterServer = createCallCenterModule()
