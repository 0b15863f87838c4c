import { desc, eq } from 'drizzle-orm'
import type { FastifyInstance } from 'fastify'
import * as v from 'valibot'
import { line, msg } from '../../../core/validation'
import { currentUser } from '../../../server/auth/require-user'
import type { Db } from '../../../server/db/client'
import type { ServerDeps } from '../../../server/deps'
import { ok } from '../../../server/http/envelope'
import { parseBody, pathId } from '../../../server/http/validate'
import { canSeeTenders } from '../access'
import { TENDER_HISTORY_TYPE, type TenderHistoryEvent, type TenderHistoryType } from '../contract'
import { tenderHistory } from '../tables'
import { pushTenderChanged } from './push'

/** How many of a tender's latest history entries history-add answers with. */
const HISTORY_LIMIT = 50

/** One thing that happened to a tender (SPEC §3 History event); `user_id` null for the winner's own steps (7, 8, 9). */
export interface TenderHistoryEntry {
  tender_id: number
  type: TenderHistoryType
  value: string
  user_id: number | null
}

type Row = typeof tenderHistory.$inferSelect

export const toEvent = (r: Row): TenderHistoryEvent => ({ id: r.id, type: r.type, value: r.value, user_id: r.user_id, created_at: r.created_at.toISOString() })

/**
 * Writes a history entry without telling anyone: for a caller inside its own transaction, which calls
 * `pushTenderChanged(deps, tender_id)` (./push.ts) once it committed. Everyone else uses recordTenderHistory.
 */
export async function insertTenderHistory(db: Db, clock: ServerDeps['clock'], entry: TenderHistoryEntry): Promise<Row> {
  const [row] = await db.insert(tenderHistory).values({ ...entry, created_at: new Date(clock.now()) }).returning()
  return row!
}

/**
 * THE way a tender's history grows (take to work, calls, KP and its tracking): inserts the entry and pushes
 * `updateTender` so every open ShowTender of it shows the entry at once.
 */
export async function recordTenderHistory(deps: Pick<ServerDeps, 'db' | 'hub' | 'clock'>, entry: TenderHistoryEntry): Promise<Row> {
  const row = await insertTenderHistory(deps.db, deps.clock, entry)
  await pushTenderChanged(deps, entry.tender_id)
  return row
}

/** POST v1/tenders/{id}/history-add: type 3 (call to client, value the phone) or 4 (call ended). */
export const historyAddForm = v.object({
  type: v.picklist([TENDER_HISTORY_TYPE.call, TENDER_HISTORY_TYPE.callEnded], 'validation:invalid'),
  value: v.pipe(v.union([v.pipe(v.string(), line()), v.pipe(v.number(), v.transform(String))], msg.required), v.trim(), v.nonEmpty(msg.required), v.maxLength(255, msg.tooLong)),
})

/** A tender's history (SPEC §3, §7): the call panel logs a call to the client when it dials from a tender page. */
export function historyRoutes(app: FastifyInstance, deps: ServerDeps): void {
  const { db } = deps
  app.post('/tenders/:tenderId/history-add', { preHandler: app.requireUser(canSeeTenders) }, async request => {
    const { user } = currentUser(request)
    const id = pathId(request, 'tenderId')
    const form = parseBody(historyAddForm, request.body)
    await recordTenderHistory(deps, { tender_id: id, type: form.type, value: form.value, user_id: user.id })
    const rows = await db.select().from(tenderHistory).where(eq(tenderHistory.tender_id, id)).orderBy(desc(tenderHistory.id)).limit(HISTORY_LIMIT)
    return ok<{ data: TenderHistoryEvent[] }>({ data: rows.map(toEvent) })
  })
}
