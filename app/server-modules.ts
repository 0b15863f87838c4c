import { agentsServer } from '../modules/agents/server'
import { bidsServer } from '../modules/bids/server'
import { callCenterServer } from '../modules/callcenter/server'
import { clientsServer } from '../modules/clients/server'
import { investServer } from '../modules/invest/server'
import { notificationsServer } from '../modules/notifications/server'
import { smsServer } from '../modules/sms/server'
import { tasksServer } from '../modules/tasks/server'
import { tendersServer } from '../modules/tenders/server'
import type { ServerModule } from '../server/module'

/**
 * The server halves of the modules (DESIGN §4), the server's counterpart of app/modules.ts.
 * buildApp registers each under /api/v1 in its own context; add a module's `server/index.ts` export here.
 * A half may only declare (bids, tasks, invest: their notification types, until they get routes).
 * The order is the order their migrations run in: tenders before callcenter, so the tender history the call center
 * used to keep is copied into tender_history before the call center's migration drops its old table.
 */
export const serverModules: readonly ServerModule[] = [
  notificationsServer,
  tendersServer,
  callCenterServer,
  clientsServer,
  agentsServer,
  bidsServer,
  tasksServer,
  investServer,
  smsServer,
]
