import { sql } from 'drizzle-orm'
import type { Db } from '../../server/db/client'

/**
 * Tables that change on any request, refused or not, and so say nothing about a refused request's effect:
 * - `sessions`: every authenticated request writes the session's `last_seen_at` (idle expiry);
 * - `socket_seq`: the socket hub's message counter;
 * - `notification_secrets`, `clients_secrets`, `bid_secrets`: signing keys generated once, on first use, whatever the request's
 *   outcome (a refused unsubscribe link is checked against the key it creates).
 * - `feedback_mail`: the support digest's timer (every 60 s of real time) marks support messages mailed, whatever
 *   request happens to be in flight; a fuzz run longer than a minute meets it.
 * - `rate_limits`: the shared rate-limit windows (server/limits/store.ts) count every request of a limited route,
 *   refused ones included (that is their purpose).
 * The server writes its log to stdout, not to a table.
 */
export const VOLATILE_TABLES: ReadonlySet<string> = new Set(['sessions', 'socket_seq', 'notification_secrets', 'clients_secrets', 'bid_secrets', 'feedback_mail', 'rate_limits'])

/** The public tables whose data is fingerprinted (every one but the volatile ones), by name. */
export async function dataTables(db: Db): Promise<string[]> {
  const result = await db.execute<{ tablename: string }>(sql`select tablename from pg_tables where schemaname = 'public' order by tablename`)
  const rows = (Array.isArray(result) ? result : (result as { rows: { tablename: string }[] }).rows) as { tablename: string }[]
  return rows.map(r => r.tablename).filter(name => !VOLATILE_TABLES.has(name) && !name.startsWith('__drizzle'))
}

/**
 * Every data table's row count and the md5 of its rows' text in order, in one query: equal fingerprints mean
 * no row was added, removed or changed.
 */
export async function fingerprint(db: Db, tables: readonly string[]): Promise<Map<string, string>> {
  const parts = tables.map(
    name => `select '${name}' as name, count(*)::text || ':' || coalesce(md5(string_agg(t::text, '|' order by t::text)), '') as print from "public"."${name}" t`,
  )
  const result = await db.execute<{ name: string; print: string }>(sql.raw(parts.join(' union all ')))
  const rows = (Array.isArray(result) ? result : (result as { rows: { name: string; print: string }[] }).rows) as { name: string; print: string }[]
  return new Map(rows.map(r => [r.name, r.print]))
}

/** The tables whose fingerprint differs. */
export function changedTables(before: Map<string, string>, after: Map<string, string>): string[] {
  return [...new Set([...before.keys(), ...after.keys()])].filter(name => before.get(name) !== after.get(name))
}
