import { desc, eq } from 'drizzle-orm'
import type { FastifyInstance } from 'fastify'
import { currentUser } from '../../../server/auth/require-user'
import { users } from '../../../server/db/schema'
import type { ServerDeps } from '../../../server/deps'
import { ok } from '../../../server/http/envelope'
import { notFound } from '../../../server/http/errors'
import { parseBody, pathId } from '../../../server/http/validate'
import { canSeeTenders } from '../access'
import { tenderCommentForm } from '../comment-form'
import type { TenderComment, TenderDetails, TenderHistoryEvent } from '../contract'
import { tenderComments, tenderHistory } from '../tables'
import { tenderDetails, tenderExists } from './details'
import { toEvent } from './history'
import { pushTenderChanged } from './push'

/** More history than a tender gathers in years of work; the page shows it all. */
const HISTORY_READ_LIMIT = 500
const COMMENTS_READ_LIMIT = 500

/** ShowTender's reads (issue 12 §2): the tender with the winner's participation, its history and comments. */
export function showTenderRoutes(app: FastifyInstance, deps: ServerDeps): void {
  const { db, clock } = deps
  const guard = { preHandler: app.requireUser(canSeeTenders) }
  /** The path's tender, or 404 when there is none. */
  const existing = async (params: unknown): Promise<number> => {
    const id = pathId({ params }, 'tenderId')
    if (!(await tenderExists(db, id))) throw notFound()
    return id
  }

  app.get('/tenders/:tenderId', guard, async request => {
    const details = await tenderDetails(db, currentUser(request).user.id, pathId(request, 'tenderId'), clock.now())
    if (!details) throw notFound()
    return ok<TenderDetails>(details)
  })

  app.get('/tenders/:tenderId/history', guard, async request => {
    const id = await existing(request.params)
    const rows = await db
      .select({ event: tenderHistory, user_name: users.full_name })
      .from(tenderHistory)
      .leftJoin(users, eq(users.id, tenderHistory.user_id))
      .where(eq(tenderHistory.tender_id, id))
      .orderBy(desc(tenderHistory.created_at), desc(tenderHistory.id))
      .limit(HISTORY_READ_LIMIT)
    return ok<TenderHistoryEvent[]>(rows.map(r => ({ ...toEvent(r.event), user_name: r.user_name })))
  })

  app.get('/tenders/:tenderId/comments', guard, async request => {
    const id = await existing(request.params)
    const rows = await db
      .select({ comment: tenderComments, user_name: users.full_name })
      .from(tenderComments)
      .leftJoin(users, eq(users.id, tenderComments.user_id))
      .where(eq(tenderComments.tender_id, id))
      .orderBy(desc(tenderComments.id))
      .limit(COMMENTS_READ_LIMIT)
    return ok<TenderComment[]>(rows.map(r => toComment(r.comment, r.user_name)))
  })

  app.post('/tenders/:tenderId/comments', guard, async request => {
    const { user } = currentUser(request)
    const id = await existing(request.params)
    const form = parseBody(tenderCommentForm, request.body)
    const [row] = await db.insert(tenderComments).values({ tender_id: id, user_id: user.id, text: form.text, created_at: new Date(clock.now()) }).returning()
    await pushTenderChanged(deps, id)
    return ok<TenderComment>(toComment(row!, user.full_name))
  })
}

function toComment(row: typeof tenderComments.$inferSelect, userName: string | null): TenderComment {
  return { id: row.id, text: row.text, user: row.user_id !== null ? { id: row.user_id, name: userName ?? '' } : null, created_at: row.created_at.toISOString() }
}
