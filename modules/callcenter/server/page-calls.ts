import { and, asc, desc, eq, gte, lt, or, sql, type SQL } from 'drizzle-orm'
import type { Actor, RowScope } from '../../../core/access'
import type { Db } from '../../../server/db/client'
import { users } from '../../../server/db/schema'
import { scopeWhere } from '../../../server/access/scope'
import { phoneField, searchOf, textField } from '../../../server/search/search'
import { contacts, phoneCalls } from '../tables'

/**
 * The calls filed under another module's page (`page: 'tender'`), for that module's call log. The asking module
 * brings its own row scope (whose calls the actor sees, `caller` being who made the call) and filters; the call
 * center reads its tables, so no other module does.
 */
export interface PageCallsQuery {
  page: string
  actor: Pick<Actor, 'id' | 'role' | 'office_id'>
  scope: RowScope<'caller'>
  outcome?: number
  caller?: number
  /** Calls made at or after `from` and before `to`. */
  from?: Date
  to?: Date
  /** Typed into the log's search: the called number (masked or not, a prefix) or the employee's name. */
  search?: string
  /** Keyset position, newest first: rows strictly after this (time, id). */
  after?: { at: Date; id: number } | null
  limit: number
}

export interface PageCall {
  id: number
  page_id: number | null
  created_at: Date
  caller: { id: number; name: string }
  phone: string
  /** The name of a contact saved under the same page record with this phone, if any. */
  contact: string | null
  time: number
  outcome: number | null
  comment: string | null
}

/**
 * The call log's search (server/search): the number as a prefix, the employee by name (the users' stored
 * search_name with its trigram index). A log reads newest first, so a search narrows it and keeps that order.
 */
const CALL_SEARCH = searchOf({ phone: phoneField(phoneCalls.phone), caller: textField(users.search_name) })

/** The page, the scope and the filters: the calls a search looks among. */
function where(db: Db, query: Omit<PageCallsQuery, 'limit' | 'after' | 'search'>): SQL {
  return and(
    eq(phoneCalls.page, query.page),
    scopeWhere(db, query.actor, query.scope, { caller: phoneCalls.user_id }),
    query.outcome === undefined ? undefined : eq(phoneCalls.outcome, query.outcome),
    query.caller === undefined ? undefined : eq(phoneCalls.user_id, query.caller),
    query.from === undefined ? undefined : gte(phoneCalls.created_at, query.from),
    query.to === undefined ? undefined : lt(phoneCalls.created_at, query.to),
  ) as SQL
}

/** The calls among these (the employee's name joined) that meet a condition. */
function callHeld(db: Db, calls: SQL, condition: SQL) {
  return db.select({ id: phoneCalls.id }).from(phoneCalls).innerJoin(users, eq(users.id, phoneCalls.user_id)).where(and(calls, condition))
}

/** A page of the log; `similar` when no call's employee holds the search as typed and the rows are a typo's names. */
export interface PageCalls {
  calls: PageCall[]
  similar: boolean
}

export async function pageCalls(db: Db, query: PageCallsQuery): Promise<PageCalls> {
  const calls = where(db, query)
  // An employee's name as typed, and a typo's similar names only where no call of the log is by a name holding it.
  const { match, similar } = await CALL_SEARCH.resolve(db, query.search ?? '', condition => callHeld(db, calls, condition))
  const after = query.after
    ? or(lt(phoneCalls.created_at, query.after.at), and(eq(phoneCalls.created_at, query.after.at), lt(phoneCalls.id, query.after.id)))
    : undefined
  // The newest contact of the record with the call's number: the person the employee reached.
  const contact = sql<string | null>`(select ${contacts.name} from ${contacts} where ${contacts.page} = ${phoneCalls.page} and ${contacts.page_id} = ${phoneCalls.page_id} and ${contacts.phone} = ${phoneCalls.phone} order by ${contacts.id} desc limit 1)`
  const rows = await db
    .select({
      id: phoneCalls.id,
      page_id: phoneCalls.page_id,
      created_at: phoneCalls.created_at,
      caller_id: phoneCalls.user_id,
      caller_name: users.full_name,
      phone: phoneCalls.phone,
      contact,
      time: phoneCalls.time,
      outcome: phoneCalls.outcome,
      comment: phoneCalls.comment,
    })
    .from(phoneCalls)
    .innerJoin(users, eq(users.id, phoneCalls.user_id))
    .where(and(calls, match?.where, after))
    .orderBy(desc(phoneCalls.created_at), desc(phoneCalls.id))
    .limit(query.limit)
  const found = rows.map(r => ({
    id: r.id,
    page_id: r.page_id,
    created_at: r.created_at,
    caller: { id: r.caller_id, name: r.caller_name },
    phone: r.phone,
    contact: r.contact,
    time: r.time,
    outcome: r.outcome,
    comment: r.comment,
  }))
  return { calls: found, similar }
}

/** The employees with calls on the page the actor may see (a call log's employee filter). */
export function pageCallers(db: Db, query: Pick<PageCallsQuery, 'page' | 'actor' | 'scope'>): Promise<{ id: number; name: string }[]> {
  return db
    .selectDistinct({ id: users.id, name: users.full_name })
    .from(phoneCalls)
    .innerJoin(users, eq(users.id, phoneCalls.user_id))
    // The page and the scope only: the filter's choices do not shrink with the other filters or the search.
    .where(where(db, { page: query.page, actor: query.actor, scope: query.scope }))
    .orderBy(asc(users.full_name), asc(users.id))
}
