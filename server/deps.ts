import type { PasswordHasher } from './auth/password'
import type { SessionStore } from './auth/sessions'
import type { Clock } from './clock'
import type { Config } from './config'
import type { Db } from './db/client'
import type { FileStorage } from './files/storage'
import type { LimitStore } from './limits/store'
import type { SmsProvider } from './sms/provider'
import type { SocketHub } from './socket/hub'
import type { TicketStore } from './socket/tickets'

/** Everything a route (core or module) may use; built once in buildApp. */
export interface ServerDeps {
  db: Db
  config: Config
  clock: Clock
  /** Rate-limit windows every node shares (`limits.counter(scope, limit).hit(key)`). */
  limits: LimitStore
  sms: SmsProvider
  hub: SocketHub
  sessions: SessionStore
  passwords: PasswordHasher
  tickets: TicketStore
  /** Uploaded files, in the configured driver (FILE_STORAGE: this node's disk, or the Postgres server). */
  files: FileStorage
}
