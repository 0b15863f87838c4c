import { fileURLToPath } from 'node:url'
import fastifyMultipart from '@fastify/multipart'
import type { ServerDeps, ServerModule } from '../../../server/module'
import { bankAccountRoutes } from './bank-accounts'
import { bankDirectoryRoutes } from './banks/routes'
import { companyRoutes } from './companies'
import type { ClientsContext } from './context'
import { documentRoutes } from './documents'
import { exportRoutes } from './export'
import { financialRoutes } from './financials'
import { fullnessContributor } from './fullness'
import { individualRoutes } from './individuals'
import { keptClientCounts } from './kept'
import { ownerRoutes } from './owners'
import { personRoutes } from './persons'
import { linkSecret, publicLinkRoutes } from './public-links'
import { createDadataRegistry, createLocalRegistry, type OrganizationRegistry } from './registry'
import { clientsByPhone } from './clients-by-phone'
import { searchRoutes } from './search'
import { sweepOrphanFiles } from './orphans'
import { seedClients } from './seed'
import { withSamples, type FileStorage } from './storage'

export type { FileStorage, ListedFile, StoredFile } from './storage'
export { sweepOrphanFiles } from './orphans'
export { readCompanyProfile, type CompanyProfile } from './company-profile'
export { createCompany, type NewCompany } from './create-company'

const ORPHAN_SWEEP_MS = 60 * 60_000
const ORPHAN_GRACE_MS = 60 * 60_000
export type { OrganizationRegistry } from './registry'
export type { KeptClientCounts, KeptClients } from './kept'

export interface ClientsServerOptions {
  /** Where uploads go; default: disk under DATA_DIR/files. Demo `sample:` files are served either way. */
  storage?: (deps: ServerDeps) => FileStorage
  /** Upload size limit in bytes; default CLIENT_FILE_MAX_MB (20) megabytes. */
  maxFileBytes?: number
  /** Bytes of files one company may keep; default CLIENT_STORAGE_QUOTA_MB (200) megabytes. */
  storageQuotaBytes?: number
  /** The organisations registry; default by configuration (see registryFromEnv). */
  registry?: (deps: ServerDeps) => OrganizationRegistry
  /** How often stored files without a row are looked for and removed (default hourly; 0: never, say a test sweeps by hand). */
  orphanSweepMs?: number
  /** How old (on the clock) a file without a row must be before the sweep removes it (default 1 hour). */
  orphanGraceMs?: number
  /** The public-link signing key; default PUBLIC_LINK_SECRET, else one generated and kept in the database. */
  linkSecret?: string | null
  env?: Record<string, string | undefined>
}

/** ORG_REGISTRY=dadata with ORG_REGISTRY_TOKEN (and optionally ORG_REGISTRY_URL) → DaData; otherwise the local table. */
export function registryFromEnv(env: Record<string, string | undefined>, deps: ServerDeps): OrganizationRegistry {
  const kind = env.ORG_REGISTRY ?? 'local'
  if (kind === 'local') return createLocalRegistry(deps.db)
  if (kind === 'dadata') {
    if (!env.ORG_REGISTRY_TOKEN) throw new Error('ORG_REGISTRY=dadata needs ORG_REGISTRY_TOKEN')
    return createDadataRegistry({ token: env.ORG_REGISTRY_TOKEN, ...(env.ORG_REGISTRY_URL ? { url: env.ORG_REGISTRY_URL } : {}) })
  }
  throw new Error(`ORG_REGISTRY must be local or dadata, got "${kind}"`)
}

/** A size in megabytes from the environment (`name`), `fallback` when unset; anything but a positive number throws. */
function megabytesFromEnv(env: Record<string, string | undefined>, name: string, fallback: number): number {
  const raw = env[name]
  const mb = raw ? Number(raw) : fallback
  if (!Number.isFinite(mb) || mb <= 0) throw new Error(`${name} must be a positive number, got "${raw}"`)
  return Math.round(mb * 1024 * 1024)
}

/**
 * The clients and companies module's server half (issue 5): companies and their sections, individuals, file
 * uploads, export, public links, company search, the completeness contributor, the call center's lookup by
 * phone, and `app.keptClientCounts` for the agents module.
 */
export function createClientsServer(options: ClientsServerOptions = {}): ServerModule {
  const env = options.env ?? process.env
  const maxFileBytes = options.maxFileBytes ?? megabytesFromEnv(env, 'CLIENT_FILE_MAX_MB', 20)
  const storageQuotaBytes = options.storageQuotaBytes ?? megabytesFromEnv(env, 'CLIENT_STORAGE_QUOTA_MB', 200)
  return {
    id: 'clients',
    migrations: fileURLToPath(new URL('../migrations', import.meta.url)),

    decorate(app, deps) {
      app.decorate('keptClientCounts', keptClientCounts(deps.db))
    },

    async register(app, deps) {
      await app.register(fastifyMultipart, { limits: { fileSize: maxFileBytes, files: 1, fields: 10, parts: 12 } })
      const ctx: ClientsContext = {
        deps,
        maxFileBytes,
        storageQuotaBytes,
        storage: withSamples(options.storage ? options.storage(deps) : deps.files),
        registry: options.registry ? options.registry(deps) : registryFromEnv(env, deps),
        linkSecret: linkSecret(deps.db, deps.clock, options.linkSecret ?? env.PUBLIC_LINK_SECRET ?? null),
      }
      app.extensions.fullness.push(fullnessContributor())

      // Files whose row never came or went away are removed periodically; unref() so the timer never holds the process.
      const sweepMs = options.orphanSweepMs ?? ORPHAN_SWEEP_MS
      let sweep: NodeJS.Timeout | null = null
      if (sweepMs > 0) {
        app.addHook('onReady', async () => {
          sweep = setInterval(() => {
            sweepOrphanFiles(deps.db, ctx.storage, deps.clock, options.orphanGraceMs ?? ORPHAN_GRACE_MS).catch((err: unknown) => app.log.warn({ err }, 'orphan file sweep failed'))
          }, sweepMs)
          sweep.unref()
        })
        app.addHook('onClose', async () => {
          if (sweep) clearInterval(sweep)
        })
      }
      app.extensions.clientsByPhone.push(clientsByPhone(deps.db))

      companyRoutes(app, ctx)
      exportRoutes(app, ctx)
      personRoutes(app, ctx)
      ownerRoutes(app, ctx)
      bankAccountRoutes(app, ctx)
      bankDirectoryRoutes(app, ctx)
      financialRoutes(app, ctx)
      documentRoutes(app, ctx)
      publicLinkRoutes(app, ctx)
      searchRoutes(app, ctx)
      individualRoutes(app, ctx)
    },

    seed: seedClients,
  }
}

export const clientsServer: ServerModule = createClientsServer()

/**
 * The company file helpers other modules store their uploads with (the bids module's documents): the same storage
 * layout, upload limits, type check by content and company quota as the company's own files.
 */
export { createDiskStorage, withSamples } from './storage'
export { cleanFileName, contentDisposition, detectFileType, fileNameFor } from './file-types'
export { quotaExceeded, usedBytes, withinQuota } from './quota'
export { companyDocuments, companyFiles, licences } from '../tables'
