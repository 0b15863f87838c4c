import { desc, eq, sql } from 'drizzle-orm'
import type { Db } from '../../../../server/db/client'
import { users } from '../../../../server/db/schema'
import { REPORT_CAP, type ImportColumn, type ImportProblem, type TenderImport } from '../../import/contract'
import { tenderImports, tenders } from '../../tables'
import type { FileRecord } from './csv'
import { cellsOf, readHeader, type Header } from './header'
import { checkRow, pmsg, tenderValues, type ImportRow } from './row'

/** Rows per INSERT: 17 columns × 500 stays far below Postgres's 65 535 parameters. */
const BATCH = 500
/** How often (rows) a running import tells its progress to whoever polls it. */
const PROGRESS_EVERY = 5_000

type ImportRecord = typeof tenderImports.$inferSelect

/** The report so far: problems up to the cap, then only the flag. */
class Report {
  readonly problems: ImportProblem[] = []
  truncated = false
  add(problems: readonly ImportProblem[]) {
    for (const p of problems) {
      if (this.problems.length < REPORT_CAP) this.problems.push(p)
      else this.truncated = true
    }
  }
  get empty() {
    return this.problems.length === 0 && !this.truncated
  }
}

export interface ImportOutcome {
  rows: number
  report: Report
  /** Valid rows by notification number (only worth writing when the report is empty). */
  valid: Map<string, ImportRow>
  header: Header | null
}

/**
 * Reads every record of the file and checks each: the first record is the header, the others tenders. Nothing is
 * written here; `progress` hears the count now and then.
 */
export async function checkFile(records: AsyncIterable<FileRecord>, progress: (rows: number) => Promise<void>): Promise<ImportOutcome> {
  const report = new Report()
  const valid = new Map<string, ImportRow>()
  const firstRow = new Map<string, number>()
  let header: Header | null = null
  let rows = 0
  for await (const record of records) {
    if (!header) {
      header = readHeader(record.cells)
      report.add(header.problems)
      continue
    }
    rows++
    if (rows % PROGRESS_EVERY === 0) await progress(rows)
    const checked = checkRow(record.row, cellsOf(header, record.cells))
    if ('problems' in checked) {
      report.add(checked.problems)
      continue
    }
    const number = checked.tender.notification_number
    const earlier = firstRow.get(number)
    if (earlier !== undefined) report.add([{ row: record.row, field: 'notification_number', message: pmsg.duplicate }])
    else {
      firstRow.set(number, record.row)
      // Once anything is wrong nothing will be written: keep checking, stop keeping rows.
      if (report.empty) valid.set(number, checked.tender)
    }
  }
  return { rows, report, valid, header }
}

/**
 * Writes every valid row in one transaction, inserting new notification numbers and updating known ones (only
 * the columns the file has: a file without `winner_email` leaves the e-mails as they are), and closes the import's
 * record in the same transaction: all or nothing.
 */
export async function writeTenders(db: Db, importId: number, outcome: ImportOutcome, at: Date): Promise<void> {
  const present = new Set<ImportColumn>(outcome.header?.positions.keys())
  const updated = Object.fromEntries(
    [...present].filter(c => c !== 'notification_number').map(c => [c, sql.raw(`excluded.${c}`)]),
  )
  await db.transaction(async tx => {
    let inserted = 0
    let changed = 0
    const rows = [...outcome.valid.values()]
    for (let i = 0; i < rows.length; i += BATCH) {
      const result = await tx
        .insert(tenders)
        .values(rows.slice(i, i + BATCH).map(row => tenderValues(row, at)))
        .onConflictDoUpdate({ target: tenders.notification_number, set: { ...updated, updated_at: at } })
        // xmax is 0 on a row this statement inserted, the updating transaction's id on one it updated.
        .returning({ inserted: sql<boolean>`(xmax = 0)` })
      for (const r of result) r.inserted ? inserted++ : changed++
    }
    await tx
      .update(tenderImports)
      .set({ status: 'imported', rows: outcome.rows, inserted, updated: changed, finished_at: at })
      .where(eq(tenderImports.id, importId))
  })
}

export function toTenderImport(row: ImportRecord, user: { id: number; name: string } | null): TenderImport {
  return {
    id: row.id,
    file_name: row.file_name,
    size: row.size,
    status: row.status as TenderImport['status'],
    rows: row.rows,
    inserted: row.inserted,
    updated: row.updated,
    problems: row.problems,
    problems_truncated: row.problems_truncated,
    user,
    created_at: row.created_at.toISOString(),
    finished_at: row.finished_at?.toISOString() ?? null,
  }
}

/** Imports with who ran them, newest first (one by id, or the latest `limit`). */
export async function readImports(db: Db, options: { id?: number; limit: number }): Promise<TenderImport[]> {
  const rows = await db
    .select({ record: tenderImports, user_name: users.full_name })
    .from(tenderImports)
    .leftJoin(users, eq(users.id, tenderImports.user_id))
    .where(options.id === undefined ? undefined : eq(tenderImports.id, options.id))
    .orderBy(desc(tenderImports.id))
    .limit(options.limit)
  return rows.map(r => toTenderImport(r.record, r.record.user_id !== null && r.user_name !== null ? { id: r.record.user_id, name: r.user_name } : null))
}
