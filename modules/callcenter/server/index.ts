import { fileURLToPath } from 'node:url'
import type { ServerModule } from '../../../server/module'
import { callerRoutes } from './callers'
import { callRoutes } from './calls'
import { seedCallCenter } from './demo'
import { loadCallCenterSettings, type CallCenterSettings } from './settings'
import { sipRoutes } from './sips'
import { statisticsRoutes } from './statistics'

/**
 * The call center's server half (issue 3): the call session (SPEC §7 call-center calls and their tender
 * variants), employees (/callers), SIP accounts (/sips), statistics, its tables and demo data.
 */
export function createCallCenterModule(settings: CallCenterSettings = loadCallCenterSettings()): ServerModule {
  return {
    id: 'callcenter',
    migrations: fileURLToPath(new URL('../migrations', import.meta.url)),
    register(app, deps) {
      callRoutes(app, deps, settings)
      callerRoutes(app, deps)
      sipRoutes(app, deps)
      statisticsRoutes(app, deps, settings)
    },
    seed: seedCallCenter,
  }
}

export const callCenterServer = createCallCenterModule()
