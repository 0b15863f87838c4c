import { desc, eq } from 'drizzle-orm'
import type { FastifyInstance } from 'fastify'
import * as v from 'valibot'
import { line, msg } from '../../../core/validation'
import { currentUser } from '../../../server/auth/require-user'
import type { ServerDeps } from '../../../server/deps'
import { ok } from '../../../server/http/envelope'
import { parseBody } from '../../../server/http/validate'
import { canSeeTenders } from '../access'
import { TENDER_HISTORY_TYPE, type TenderHistoryEvent } from '../contract'
import { tenderHistory } from '../tables'
import { pathId } from '../../../server/http/validate'

/** How many of a tender's latest history entries history-add answers with. */
const HISTORY_LIMIT = 50

/** POST v1/tenders/{id}/history-add: type 3 (call to client, value the phone) or 4 (call ended). */
export const historyAddForm = v.object({
  type: v.picklist([TENDER_HISTORY_TYPE.call, TENDER_HISTORY_TYPE.callEnded], 'validation:invalid'),
  value: v.pipe(v.union([v.pipe(v.string(), line()), v.pipe(v.number(), v.transform(String))], msg.required), v.trim(), v.nonEmpty(msg.required), v.maxLength(255, msg.tooLong)),
})

/** A tender's history (SPEC §3, §7): the call panel logs a call to the client when it dials from a tender page. */
export function historyRoutes(app: FastifyInstance, deps: ServerDeps): void {
  const { db, clock } = deps

  app.post('/tenders/:tenderId/history-add', { preHandler: app.requireUser(canSeeTenders) }, async request => {
    const { user } = currentUser(request)
    const id = pathId(request, 'tenderId')
    const form = parseBody(historyAddForm, request.body)
    await db.insert(tenderHistory).values({ tender_id: id, type: form.type, value: form.value, user_id: user.id, created_at: new Date(clock.now()) })
    const rows = await db.select().from(tenderHistory).where(eq(tenderHistory.tender_id, id)).orderBy(desc(tenderHistory.id)).limit(HISTORY_LIMIT)
    return ok<{ data: TenderHistoryEvent[] }>({
      data: rows.map(r => ({ id: r.id, type: r.type, value: r.value, user_id: r.user_id, created_at: r.created_at.toISOString() })),
    })
  })
}
