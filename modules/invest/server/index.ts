import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import fastifyMultipart from '@fastify/multipart'
import type { ServerModule } from '../../../server/module'
import { createDiskStorage, type FileStorage } from '../../clients/server'
import { OFFER_LIMITS } from '../contract'
import { INVEST_NOTIFICATION } from '../notifications'
import { investRoutes } from './routes'
import { seedInvest } from './seed'

export interface InvestServerOptions {
  /** Where offer images and documents go; default: disk under DATA_DIR/invest-files. */
  storage?: (dataDir: string) => FileStorage
  /** Bytes one uploaded file may have (default OFFER_LIMITS.fileMax, 10 MB). */
  maxFileBytes?: number
}

/**
 * The investment marketplace's server half (issue 14 §1): offers (the 5-step editor's drafts, images with their
 * browser-made previews, documents), their review (send → pass / fail), deals and their status actions, the income
 * schedule, notifications of type 7, and demo offers and deals.
 */
export function createInvestServer(options: InvestServerOptions = {}): ServerModule {
  const maxFileBytes = options.maxFileBytes ?? OFFER_LIMITS.fileMax
  return {
    id: 'invest',
    migrations: fileURLToPath(new URL('../migrations', import.meta.url)),
    notifications: [INVEST_NOTIFICATION],
    async register(app, deps) {
      await app.register(fastifyMultipart, { limits: { fileSize: maxFileBytes, files: 2, fields: 5, parts: 7 } })
      const dir = join(deps.config.dataDir, 'invest-files')
      investRoutes(app, deps, { storage: options.storage ? options.storage(deps.config.dataDir) : createDiskStorage(dir, () => new Date(deps.clock.now())), maxFileBytes })
    },
    seed: seedInvest,
  }
}

export const investServer: ServerModule = createInvestServer()
