import { agentsServer } from '../modules/agents/server'
import { createBidsServer } from '../modules/bids/server'
import { callCenterServer } from '../modules/callcenter/server'
import { clientsServer } from '../modules/clients/server'
import { leadsServer } from '../modules/leads/server'
import { investServer } from '../modules/invest/server'
import { notificationsServer } from '../modules/notifications/server'
import { bankOfUser, partnersByIds, partnersServer, staffOfPartner } from '../modules/partners/server'
import { siteRecallServer } from '../modules/site-recall/server'
import { smsServer } from '../modules/sms/server'
import { splitServer } from '../modules/split/server'
import { tasksServer } from '../modules/tasks/server'
import { tendersServer } from '../modules/tenders/server'
import type { ServerModule } from '../server/module'

/**
 * The server halves of the modules (DESIGN §4), the server's counterpart of app/modules.ts.
 * buildApp registers each under /api/v1 in its own context; add a module's `server/index.ts` export here.
 * A half may only declare (bids, tasks, invest: their notification types, until they get routes).
 * Partners come before bids: the bids' demo seed sends bids to the partners' banks.
 * The order is the order their migrations run in: tenders before callcenter, so the tender history the call center
 * used to keep is copied into tender_history before the call center's migration drops its old table.
 */
/**
 * Bids know banks only through this port: the composition root wires the partners module into it, so neither
 * module imports the other's server.
 */
const bidsServer = createBidsServer({
  partners: {
    bankOfUser,
    partners: async (db, ids) => new Map((await partnersByIds(db, ids)).map(p => [p.id, { name: p.name }])),
    staffOf: async (db, ids) => (await Promise.all(ids.map(id => staffOfPartner(db, id)))).flat().map(s => s.user_id),
  },
})

export const serverModules: readonly ServerModule[] = [
  notificationsServer,
  tendersServer,
  callCenterServer,
  clientsServer,
  agentsServer,
  partnersServer,
  bidsServer,
  tasksServer,
  investServer,
  smsServer,
  siteRecallServer,
  splitServer,
  leadsServer,
]
