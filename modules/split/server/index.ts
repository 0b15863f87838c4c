import { fileURLToPath } from 'node:url'
import type { ServerModule } from '../../../server/module'
import { splitRoutes } from './routes'
import { seedSplit } from './seed'

/** The split module's server half (issue 14 §2): its tables (./migrations), the endpoints (routes.ts) and demo bids. */
export const splitServer: ServerModule = {
  id: 'split',
  migrations: fileURLToPath(new URL('../migrations', import.meta.url)),
  register(app, deps) {
    splitRoutes(app, deps)
  },
  seed: seedSplit,
}
