import type { FastifyInstance } from 'fastify'
import type { NotificationTypeDef } from '../core/notifications/types'
import type { Clock } from './clock'
import type { Db } from './db/client'
import type { ServerDeps } from './deps'
import type { NotificationTypes } from './notify'

/**
 * A module's server half (DESIGN §4): app/server-modules.ts lists them and buildApp registers each in its
 * own encapsulated context under /api/v1, so a module's hooks and decorators stay its own.
 * Routes guard themselves with `app.requireUser(roles)` and read the user with `currentUser(request)`.
 */
export interface ServerModule {
  /** Unique; a duplicate fails the start loudly. */
  id: string
  /**
   * Absolute path of the module's own drizzle-kit output folder (e.g. `fileURLToPath(new URL('./migrations', import.meta.url))`),
   * generated with the module's own config: `npx drizzle-kit generate --config modules/<name>/drizzle.config.ts`.
   * Applied after the core's migrations, with a journal table of its own.
   */
  migrations?: string
  /**
   * The notification types this module owns (the same declarations its plugin lists): `app.notify` accepts only
   * declared types, and the server renders their texts (`<key>.title`, `<key>.text` of the module's i18n packs).
   * Two modules declaring one type number fail the start.
   */
  notifications?: readonly NotificationTypeDef[]
  /** The module's routes; a module that only declares (say its notification types) has none. */
  register?(app: FastifyInstance, deps: ServerDeps): void | Promise<void>
  /**
   * Runs on the root instance before any module registers: a service other modules and core routes call
   * (e.g. `app.notify`), declared for TypeScript by the offering module's `declare module 'fastify'`.
   */
  decorate?(app: FastifyInstance, deps: ServerDeps): void
  /** Adds the module's demo data after the demo users exist (server/seed.ts; same transaction). */
  seed?(db: Db, demo: DemoSeed): Promise<void>
}

/** What a module's seed hook gets: the demo users by the `RR-RR` suffix of their phone (DESIGN §6). */
export interface DemoSeed {
  clock: Clock
  userId(suffix: string): number | null
  /** Every installed module's notification types by number (demo notifications of modules not installed are left out). */
  notificationTypes: NotificationTypes
}

export type { ServerDeps }
