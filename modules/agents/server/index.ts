import { fileURLToPath } from 'node:url'
import type { ServerModule } from '../../../server/module'
// The clients module's `app.keptClientCounts` (its type merges into FastifyInstance from there).
import type {} from '../../clients/server'
import { agentRoutes } from './agents'
import { impersonatedBy, impersonationRoutes } from './impersonations'

/**
 * The agents module's server half (SPEC /agents, roles 100 and 170): the list and the agent view, with the
 * companies and individuals each keeps as the clients module counts them (`app.keptClientCounts`, so that module
 * must be composed too), and "log into their cabinet" for administrators with its audit and profile field.
 */
export const agentsServer: ServerModule = {
  id: 'agents',
  migrations: fileURLToPath(new URL('../migrations', import.meta.url)),

  register(app, deps) {
    if (!app.hasDecorator('keptClientCounts')) throw new Error('agents: the clients module is not composed (app.keptClientCounts is missing)')
    app.extensions.profile.push(impersonatedBy(deps.db))
    agentRoutes(app, deps)
    impersonationRoutes(app, deps)
  },
}
