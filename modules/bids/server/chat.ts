import { asc, eq } from 'drizzle-orm'
import type { FastifyInstance } from 'fastify'
import { either, roles } from '../../../core/access/rules'
import { ROLE } from '../../../core/auth/profile'
import { currentActor } from '../../../server/auth/require-user'
import { users } from '../../../server/db/schema'
import { ok } from '../../../server/http/envelope'
import { forbidden } from '../../../server/http/errors'
import { parseBody, pathId } from '../../../server/http/validate'
import { canOpenBid, isBankStaff, readsOnly } from '../access'
import type { ChatMessage } from '../contract'
import { chatInput } from '../request-fields'
import type { ChatCode } from '../services'
import { bidMessages } from '../tables'
import { bankStaff, bidOwners, bidVerifiers } from '../workflow'
import { notifyRequest, requestAudience, seenRequest } from './bank-requests'
import { pushBidChanged } from './push'
import type { BidsContext } from './routes'
import { visibility } from './visibility'

/** Who writes in a request's chat: everyone who sees the request but role 1000 (it reads only). */
const canWriteChat = either(bidOwners, bidVerifiers, bankStaff, roles(ROLE.admin))
/** How much of a message a notification quotes. */
const QUOTE_MAX = 200

/**
 * The chat of one offer request: GET v1/bids/{id}/requests/{requestId}/chat (oldest first) and POST { text, code? }.
 * Everyone who sees the request reads it (the bid's side, the verifiers, that bank's staff; 1000 reads); everyone of
 * them but 1000 writes. A code (12040 preliminarily approved, 12050 documents passed check) marks the request and
 * only the bank's staff set it. A message notifies the others the request concerns (type 3, in the same transaction)
 * and pushes `updateBids` after the commit.
 */
export function chatRoutes(app: FastifyInstance, ctx: BidsContext): void {
  const { db } = ctx.deps

  app.get('/bids/:id/requests/:requestId/chat', { preHandler: app.requireUser(canOpenBid) }, async request => {
    const bidId = pathId(request)
    const requestId = pathId(request, 'requestId')
    const vis = await visibility(db, ctx.partners, currentActor(request))
    await seenRequest(db, vis, bidId, requestId)
    const rows = await db
      .select({ message: bidMessages, author: { id: users.id, name: users.full_name } })
      .from(bidMessages)
      .leftJoin(users, eq(users.id, bidMessages.author_user_id))
      .where(eq(bidMessages.request_id, requestId))
      .orderBy(asc(bidMessages.id))
    return ok<ChatMessage[]>(rows.map(({ message: m, author }) => toMessage(m, author)))
  })

  app.post('/bids/:id/requests/:requestId/chat', { preHandler: app.requireUser(canWriteChat) }, async request => {
    const bidId = pathId(request)
    const requestId = pathId(request, 'requestId')
    const actor = currentActor(request)
    if (readsOnly(actor)) throw forbidden()
    const vis = await visibility(db, ctx.partners, actor)
    const message = await db.transaction(async tx => {
      const seen = await seenRequest(tx, vis, bidId, requestId)
      const input = parseBody(chatInput, request.body)
      const code = (input.code ?? null) as ChatCode | null
      if (code !== null && !isBankStaff(actor)) throw forbidden()
      const at = new Date(ctx.deps.clock.now())
      const [row] = await tx.insert(bidMessages).values({ request_id: requestId, author_user_id: actor.id, text: input.text, code, created_at: at }).returning()
      const [me] = await tx.select({ name: users.full_name }).from(users).where(eq(users.id, actor.id))
      const to = await requestAudience(tx, ctx.partners, bidId, seen.request)
      const partner = (await ctx.partners.partners(tx, [seen.request.partner_id])).get(seen.request.partner_id)?.name ?? ''
      const quote = input.text.length > QUOTE_MAX ? `${input.text.slice(0, QUOTE_MAX - 1)}…` : input.text
      await notifyRequest(app, tx, { to, actorId: actor.id, bidId, event: 'message', partner, params: { from: me?.name ?? '', message: quote } })
      return toMessage(row!, { id: actor.id, name: me?.name ?? null })
    })
    await pushBidChanged(ctx.deps, ctx.partners, bidId)
    return ok<ChatMessage>(message)
  })
}

function toMessage(m: typeof bidMessages.$inferSelect, author: { id: number | null; name: string | null } | null): ChatMessage {
  return {
    id: m.id,
    request_id: m.request_id,
    author: author && author.id !== null && author.name !== null ? { id: author.id, name: author.name } : null,
    text: m.text,
    code: m.code ?? null,
    created_at: m.created_at.toISOString(),
  }
}
