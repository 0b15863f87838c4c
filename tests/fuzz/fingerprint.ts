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

/** Where the row triggers of watchChanges count each data table's changed rows. */
const CHANGES = 'fuzz_changes'

/**
 * From now on, counts every row a data table gains, loses or changes (an update only where the row differs, a
 * truncate as one): a trigger on each table adds to the table's line in `fuzz_changes` inside the writing
 * transaction, so a write rolled back counts nothing. Reading the counts is one small query however much data the
 * demo holds — hashing every table's rows after each request made a run over every endpoint take ten minutes.
 */
export async function watchChanges(db: Db, tables: readonly string[]): Promise<void> {
  const statements = [
    `create table if not exists ${CHANGES} (name text primary key, n bigint not null)`,
    `create or replace function fuzz_count_change() returns trigger language plpgsql as $$
      begin
        insert into ${CHANGES} (name, n) values (tg_table_name, 1) on conflict (name) do update set n = ${CHANGES}.n + 1;
        return null;
      end $$`,
    ...tables.flatMap(name => [
      `create trigger fuzz_written after insert or delete on "public"."${name}" for each row execute function fuzz_count_change()`,
      `create trigger fuzz_changed after update on "public"."${name}" for each row when (old.* is distinct from new.*) execute function fuzz_count_change()`,
      `create trigger fuzz_emptied after truncate on "public"."${name}" for each statement execute function fuzz_count_change()`,
    ]),
  ]
  for (const statement of statements) await db.execute(sql.raw(statement))
}

/** Each watched table's count of changed rows so far (watchChanges): equal prints mean no row was added, removed or changed. */
export async function fingerprint(db: Db): Promise<Map<string, string>> {
  const result = await db.execute<{ name: string; n: string }>(sql.raw(`select name, n::text as n from ${CHANGES}`))
  const rows = (Array.isArray(result) ? result : (result as { rows: { name: string; n: string }[] }).rows) as { name: string; n: string }[]
  return new Map(rows.map(r => [r.name, r.n]))
}

/** The tables whose fingerprint differs. */
export function changedTables(before: Map<string, string>, after: Map<string, string>): string[] {
  return [...new Set([...before.keys(), ...after.keys()])].filter(name => before.get(name) !== after.get(name))
}
