import { index, integer, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core'
import { sessions, users } from '../../server/db/schema'

/**
 * The agents module's tables (migrations in ./migrations, generated with
 * `npx drizzle-kit generate --config modules/agents/drizzle.config.ts`). Times come from the injected clock.
 */

const at = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' })

/**
 * "Log into their cabinet" (SPEC /agents/{id}): every entry of an administrator into an agent's cabinet, for the
 * audit and for `impersonated_by` in that session's profile. Created by the clients module's first migration
 * before this module had its own; its migration creates it only where it is missing, so the rows stay.
 */
export const impersonations = pgTable(
  'impersonations',
  {
    id: serial('id').primaryKey(),
    admin_user_id: integer('admin_user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    target_user_id: integer('target_user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** The administrator's own session that started it. */
    admin_session_id: integer('admin_session_id').references(() => sessions.id, { onDelete: 'set null' }),
    /** The session created inside the target's cabinet. */
    session_id: integer('session_id').references(() => sessions.id, { onDelete: 'set null' }),
    ip: text('ip'),
    user_agent: text('user_agent'),
    started_at: at('started_at').notNull(),
    ended_at: at('ended_at'),
  },
  t => [
    uniqueIndex('impersonations_session').on(t.session_id),
    index('impersonations_admin_idx').on(t.admin_user_id),
    index('impersonations_target_idx').on(t.target_user_id),
  ],
)
