import type { Role } from '../auth/profile'
import type { Actor } from './actor'

/**
 * Which rows of a list an actor sees, declared once per list in the module's `access.ts` as data (no tables: the
 * browser imports it too). `K` names the record's user references (`owner`, `agent`, `author`, …); the server half
 * maps each name to a column (server/access/scope.ts → a Drizzle `where`).
 *
 * - `'all'`: everything (administrators);
 * - `'none'`: nothing;
 * - `{ own: K }` / `{ assigned: K }`: rows whose `K` is the actor (the same test; two names so a declaration reads
 *   as the product says it: what I created vs what was given to me);
 * - `{ office: K }`: rows whose `K` is a user of the actor's office — the actor's own included; without an office,
 *   the actor's own rows only (a manager still sees what they keep themselves);
 * - an array: any of them (`[{ own: 'author' }, { assigned: 'executor' }]`).
 */
export type RowShape<K extends string> = 'all' | 'none' | { own: K } | { assigned: K } | { office: K } | readonly RowShape<K>[]

/** A shape per role; `'*'` for the roles not named; a role without either sees nothing. */
export type RowScope<K extends string> = Partial<Record<Role | '*', RowShape<K>>>

export function rowShapeFor<K extends string>(scope: RowScope<K>, actor: Pick<Actor, 'role'>): RowShape<K> {
  return scope[actor.role] ?? scope['*'] ?? 'none'
}

/** A user a row refers to, as far as scopes need them. */
export interface UserRef {
  id: number
  office_id: number | null
}

/**
 * The same rule evaluated in memory for one row (`refs`: the row's user references): what the server's `where`
 * must agree with. Tests use it as the oracle of the SQL; screens may use it to hide what a row's scope forbids.
 */
export function inRowScope<K extends string>(scope: RowScope<K>, actor: Pick<Actor, 'id' | 'role' | 'office_id'>, refs: Partial<Record<K, UserRef | null>>): boolean {
  return matches(rowShapeFor(scope, actor), actor, refs)
}

function matches<K extends string>(shape: RowShape<K>, actor: Pick<Actor, 'id' | 'office_id'>, refs: Partial<Record<K, UserRef | null>>): boolean {
  if (shape === 'all') return true
  if (shape === 'none') return false
  if (isList(shape)) return shape.some(s => matches(s, actor, refs))
  if ('office' in shape) {
    const ref = refs[shape.office]
    if (!ref) return false
    return ref.id === actor.id || (actor.office_id !== null && ref.office_id === actor.office_id)
  }
  const key = 'own' in shape ? shape.own : shape.assigned
  return refs[key]?.id === actor.id
}

export function isList<K extends string>(shape: RowShape<K>): shape is readonly RowShape<K>[] {
  return Array.isArray(shape)
}
