import { inArray } from 'drizzle-orm'
import type { Db } from '../../../server/db/client'
import { users } from '../../../server/db/schema'
import type { DemoSeed } from '../../../server/module'
import { TENDER_HISTORY_TYPE } from '../contract'
import { tenderFavourites, tenderHistory, tenders } from '../tables'
import { tenderRow, type TenderInsert } from './generate'

/** How many tenders the demo registry has; inserted this many rows a statement. */
export const DEMO_TENDERS = 3_000
const BATCH = 500

/** Inserts rows `from` … `to - 1` of the deterministic registry in multi-row statements. */
export async function insertTenders(db: Db, from: number, to: number, now: number, batch = BATCH): Promise<void> {
  for (let start = from; start < to; start += batch) {
    const rows: TenderInsert[] = []
    for (let i = start; i < Math.min(to, start + batch); i++) rows.push(tenderRow(i, now))
    await db.insert(tenders).values(rows)
  }
}

/**
 * The demo registry: 3 000 tenders; the tender agent (00-30) and the call-center operator (01-50) each took a few to
 * work (history 2) and marked a few favourites, so every tab has something to show.
 */
export async function seedTenders(db: Db, demo: DemoSeed): Promise<void> {
  const now = demo.clock.now()
  await insertTenders(db, 0, DEMO_TENDERS, now)
  const workers = ['0030', '0150'].map(suffix => demo.userId(suffix)).filter((id): id is number => id !== null)
  if (workers.length === 0) return
  const people = await db.select({ id: users.id, office: users.office_id, name: users.full_name }).from(users).where(inArray(users.id, workers))
  const at = new Date(now)
  for (const [n, person] of people.entries()) {
    // Tenders 1–5 (agent) and 6–10 (operator) by id: the first rows inserted above.
    const taken = Array.from({ length: 5 }, (_, i) => n * 5 + i + 1)
    await db.update(tenders).set({ taken_by: person.id, taken_office: person.office, taken_at: at }).where(inArray(tenders.id, taken))
    await db.insert(tenderHistory).values(taken.map(tender_id => ({ tender_id, type: TENDER_HISTORY_TYPE.taken, value: person.name, user_id: person.id, created_at: at })))
    await db.insert(tenderFavourites).values([3, 7, 12, 20, 31].map(tender_id => ({ user_id: person.id, tender_id: tender_id + n, created_at: at })))
  }
}
