import type { ServerDeps } from '../../../server/deps'
import type { OrganizationRegistry } from './registry'
import type { FileStorage } from './storage'

/** What the module's route files share for one app. */
export interface ClientsContext {
  deps: ServerDeps
  storage: FileStorage
  /** Upload size limit in bytes. */
  maxFileBytes: number
  /** How many bytes of files one company may keep. */
  storageQuotaBytes: number
  registry: OrganizationRegistry
  /** The public-link signing key (generated once, kept in the database). */
  linkSecret(): Promise<string>
}
