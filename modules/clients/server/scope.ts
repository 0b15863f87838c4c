import { eq, inArray, or, sql, type SQL } from 'drizzle-orm'
import type { AnyPgColumn } from 'drizzle-orm/pg-core'
import { ROLE } from '../../../core/auth/profile'
import type { UserRow } from '../../../server/auth/sessions'
import type { Db } from '../../../server/db/client'
import { companies, users } from '../../../server/db/schema'
import { individuals } from '../tables'

/**
 * Who sees which client records (issue 5 §2, contract.ts): a client its own companies; an agent what it
 * keeps; an agent manager what every agent of its office keeps (its own included); an administrator all;
 * everyone else nothing. Reads and writes use the same condition, and a record outside it answers 404.
 */

/** Roles that keep client records and may add companies and individuals. */
export const KEEPER_ROLES = [ROLE.agent, ROLE.agentManager, ROLE.admin] as const
export const isKeeper = (user: UserRow): boolean => (KEEPER_ROLES as readonly number[]).includes(user.role)
export const isAdmin = (user: UserRow): boolean => user.role === ROLE.admin

/** The agents whose records the user keeps: itself, plus its office's users for a manager with an office. */
function keptBy(db: Db, user: UserRow, agentColumn: AnyPgColumn): SQL {
  if (user.role === ROLE.agentManager && user.office_id !== null) {
    const kept = db
      .select({ id: users.id })
      .from(users)
      .where(or(eq(users.office_id, user.office_id), eq(users.id, user.id)))
    return inArray(agentColumn, kept)
  }
  return eq(agentColumn, user.id)
}

/** The companies `user` may read and write. */
export function companyScope(db: Db, user: UserRow): SQL {
  switch (user.role) {
    case ROLE.admin:
      return sql`true`
    case ROLE.client:
      return eq(companies.owner_user_id, user.id)
    case ROLE.agent:
    case ROLE.agentManager:
      return keptBy(db, user, companies.agent_user_id)
    default:
      return sql`false`
  }
}

/** The individuals `user` may read and write (clients keep none). */
export function individualScope(db: Db, user: UserRow): SQL {
  switch (user.role) {
    case ROLE.admin:
      return sql`true`
    case ROLE.agent:
    case ROLE.agentManager:
      return keptBy(db, user, individuals.agent_user_id)
    default:
      return sql`false`
  }
}
