import { and, eq } from 'drizzle-orm'
import type { FastifyInstance } from 'fastify'
import { currentUser } from '../../../server/auth/require-user'
import { users } from '../../../server/db/schema'
import type { ServerDeps } from '../../../server/deps'
import { ok } from '../../../server/http/envelope'
import { ApiError, notFound } from '../../../server/http/errors'
import { pathId } from '../../../server/http/validate'
import { canSeeTenders } from '../access'
import { TENDER_HISTORY_TYPE, type TenderTaker } from '../contract'
import { tenderFavourites, tenders } from '../tables'
import { insertTenderHistory } from './history'
import { pushTenderChanged } from './push'

/** POST v1/tenders/{id}/favourite and POST v1/tenders/{id}/take (issue 12 §1). */
export function actionRoutes(app: FastifyInstance, deps: ServerDeps): void {
  const { db, clock } = deps

  // Toggles the tender among the user's favourites and answers the new state.
  app.post('/tenders/:tenderId/favourite', { preHandler: app.requireUser(canSeeTenders) }, async request => {
    const id = pathId(request, 'tenderId')
    const { user } = currentUser(request)
    const favourite = await db.transaction(async tx => {
      const [tender] = await tx.select({ id: tenders.id }).from(tenders).where(eq(tenders.id, id))
      if (!tender) throw notFound()
      const mine = and(eq(tenderFavourites.user_id, user.id), eq(tenderFavourites.tender_id, id))
      const removed = await tx.delete(tenderFavourites).where(mine).returning({ id: tenderFavourites.tender_id })
      if (removed.length > 0) return false
      await tx.insert(tenderFavourites).values({ user_id: user.id, tender_id: id, created_at: new Date(clock.now()) }).onConflictDoNothing()
      return true
    })
    return ok({ favourite })
  })

  // Takes the tender to work (history 2); one someone else took answers 409 naming them. Taking one's own again is a no-op.
  app.post('/tenders/:tenderId/take', { preHandler: app.requireUser(canSeeTenders) }, async request => {
    const id = pathId(request, 'tenderId')
    const { user } = currentUser(request)
    const takenBy = await db.transaction(async tx => {
      const [tender] = await tx.select({ taken_by: tenders.taken_by, taker: users.full_name }).from(tenders).leftJoin(users, eq(users.id, tenders.taken_by)).where(eq(tenders.id, id)).for('update', { of: tenders })
      if (!tender) throw notFound()
      if (tender.taken_by !== null && tender.taken_by !== user.id) throw new ApiError(409, 'tenders:registry.takenBy', { params: { name: tender.taker ?? '' } })
      if (tender.taken_by === null) {
        const at = new Date(clock.now())
        await tx.update(tenders).set({ taken_by: user.id, taken_office: user.office_id, taken_at: at, updated_at: at }).where(eq(tenders.id, id))
        await insertTenderHistory(tx, clock, { tender_id: id, type: TENDER_HISTORY_TYPE.taken, value: user.full_name, user_id: user.id })
        return { id: user.id, name: user.full_name, changed: true }
      }
      return { id: user.id, name: user.full_name, changed: false }
    })
    if (takenBy.changed) await pushTenderChanged(deps, id)
    return ok<{ taken_by: TenderTaker }>({ taken_by: { id: takenBy.id, name: takenBy.name } })
  })
}
