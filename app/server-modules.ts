import { agentsServer } from '../modules/agents/server'
import { callCenterServer } from '../modules/callcenter/server'
import { clientsServer } from '../modules/clients/server'
import { notificationsServer } from '../modules/notifications/server'
import type { ServerModule } from '../server/module'

/**
 * The server halves of the modules (DESIGN §4), the server's counterpart of app/modules.ts.
 * buildApp registers each under /api/v1 in its own context; add a module's `server.ts` export here.
 */
export const serverModules: readonly ServerModule[] = [notificationsServer, callCenterServer, clientsServer, agentsServer]
