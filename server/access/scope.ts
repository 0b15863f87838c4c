import { eq, or, sql, type Placeholder, type SQL } from 'drizzle-orm'
import type { AnyPgColumn } from 'drizzle-orm/pg-core'
import type { Actor } from '../../core/access/actor'
import { isList, rowShapeFor, type RowScope, type RowShape } from '../../core/access/scope'
import type { Db } from '../db/client'
import { asValues, type Bind } from '../db/statements'
import { users } from '../db/schema'

/**
 * A user reference whose office the row keeps beside it (a trigger follows the user's office, as
 * `companies.agent_office_id` follows the agent's): an office's rows are then one equality on one column, which
 * an index answers and the planner estimates (issue 16: "строй" in an office of 100 000 of 1 000 000 companies,
 * two bitmaps ANDed for 33 ms, is one GIN scan of (office, name) for 5 ms).
 */
export interface UserWithOffice {
  user: AnyPgColumn
  office: AnyPgColumn
}

/** The record's user references of a row scope, by the names its declaration uses (`{ owner: companies.owner_user_id }`). */
export type ScopeColumns<K extends string> = Record<K, AnyPgColumn | UserWithOffice>

const withOffice = (column: AnyPgColumn | UserWithOffice): column is UserWithOffice => 'office' in column && 'user' in column
const userColumn = (column: AnyPgColumn | UserWithOffice): AnyPgColumn => (withOffice(column) ? column.user : column)

/**
 * A module's row scope (its `access.ts`) as a Drizzle `where` for this actor: every list and every read or write
 * of one record uses it, so a record outside it answers 404 the same way everywhere. The in-memory
 * `inRowScope` (core/access/scope.ts) is the same rule for tests.
 */
export function scopeWhere<K extends string>(
  db: Db,
  actor: Pick<Actor, 'id' | 'role' | 'office_id'>,
  scope: RowScope<K>,
  columns: ScopeColumns<K>,
  bind: Bind = asValues,
): SQL {
  const at = { id: bind('scope_actor', actor.id), office_id: actor.office_id === null ? null : bind('scope_office', actor.office_id) }
  return shapeWhere(db, rowShapeFor(scope, actor), at, columns)
}

/**
 * What decides the text of `scopeWhere` for this actor (the actor's id and office are its values): the part of a
 * statement's shape (server/db/statements.ts) its scope makes.
 */
export const scopeShape = <K extends string>(scope: RowScope<K>, actor: Pick<Actor, 'role' | 'office_id'>): string =>
  `${JSON.stringify(rowShapeFor(scope, actor))}${actor.office_id === null ? ' without an office' : ''}`

type BoundActor = { id: number | Placeholder; office_id: number | Placeholder | null }

function shapeWhere<K extends string>(db: Db, shape: RowShape<K>, actor: BoundActor, columns: ScopeColumns<K>): SQL {
  if (shape === 'all') return sql`true`
  if (shape === 'none') return sql`false`
  if (isList(shape)) return shape.length === 0 ? sql`false` : (or(...shape.map(s => shapeWhere(db, s, actor, columns))) as SQL)
  if ('office' in shape) {
    const reference = columns[shape.office]
    const column = userColumn(reference)
    if (actor.office_id === null) return eq(column, actor.id)
    // The actor's own rows are among them: the actor's office is the one kept beside them.
    if (withOffice(reference)) return eq(reference.office, actor.office_id)
    // One array of the office's people (the actor among them) that the column's index is probed with, entry by
    // entry: `column = actor or column in (subquery)` filtered every entry of the index instead (issue 16: an
    // office's 5 000 companies counted in 7.5 ms of 50 000, 2.3 ms this way).
    const people = db.select({ id: users.id }).from(users).where(or(eq(users.office_id, actor.office_id), eq(users.id, actor.id)))
    return sql`${column} = any(array(${people}))`
  }
  return eq(userColumn(columns['own' in shape ? shape.own : shape.assigned]), actor.id)
}

/**
 * Whether the planner estimates this actor's scope well (server/search/total.ts `planFirst`): every row, none, one
 * column equal to the actor, or an office kept beside the row (`UserWithOffice`). An office as a column in an array
 * of colleagues is estimated as a fraction of the table whatever the office's size (issue 16: "~25 125" for an
 * office keeping 5 000 of 50 000 companies), and so is a list of shapes: such a list is counted.
 */
export function scopeEstimable<K extends string>(scope: RowScope<K>, actor: Pick<Actor, 'role'>, columns: ScopeColumns<K>): boolean {
  const shape = rowShapeFor(scope, actor)
  if (shape === 'all' || shape === 'none') return true
  if (isList(shape)) return false
  return !('office' in shape) || withOffice(columns[shape.office])
}
