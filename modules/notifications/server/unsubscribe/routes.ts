import { eq } from 'drizzle-orm'
import type { FastifyInstance } from 'fastify'
import { users } from '../../../../server/db/schema'
import type { ServerDeps } from '../../../../server/deps'
import { ok } from '../../../../server/http/envelope'
import { ApiError } from '../../../../server/http/errors'
import { parseBody } from '../../../../server/http/validate'
import { unsubscribeBodySchema, type UnsubscribeKind, type UnsubscribeResult } from '../../contract'
import { unsubscribeUses } from '../../tables'
import { verifyUnsubscribe } from './token'

/** Public (the link is the credential), but a flood of guesses is still refused early. */
const RATE_LIMIT = { max: 30, timeWindow: 60_000, errorResponseBuilder: () => new ApiError(429, 'tooManyRequests') }

const invalid = () => new ApiError(400, 'unsubscribeInvalid')

/**
 * POST unsubscribe {token} turns off the one switch the e-mail came under; POST unsubscribe-universe {token}
 * turns off both. No session: the signed token names the user. Each link works once.
 */
export function unsubscribeRoutes(app: FastifyInstance, deps: ServerDeps, secret: () => Promise<string>): void {
  const handle = (accepts: (kind: UnsubscribeKind) => boolean) => async (request: { body: unknown }) => {
    const { token } = parseBody(unsubscribeBodySchema, request.body)
    const claim = verifyUnsubscribe(await secret(), token)
    // A universe link on the single-switch page (or the other way round) is not what was sent: refuse it too.
    if (!claim || !accepts(claim.kind)) throw invalid()
    const off = claim.kind === 'all' ? { notify_messages: false, notify_events: false } : claim.kind === 'messages' ? { notify_messages: false } : { notify_events: false }
    const result = await deps.db.transaction(async tx => {
      const [user] = await tx
        .update(users)
        .set(off)
        .where(eq(users.id, claim.userId))
        .returning({ notify_messages: users.notify_messages, notify_events: users.notify_events })
      if (!user) throw invalid()
      const used = await tx
        .insert(unsubscribeUses)
        .values({ nonce: claim.nonce, user_id: claim.userId, kind: claim.kind, used_at: new Date(deps.clock.now()) })
        .onConflictDoNothing()
        .returning({ nonce: unsubscribeUses.nonce })
      // Throwing rolls the switch change back: a used link changes nothing.
      if (used.length === 0) throw new ApiError(409, 'unsubscribeUsed')
      return { kind: claim.kind, ...user } satisfies UnsubscribeResult
    })
    return ok(result)
  }

  app.post('/unsubscribe', { config: { rateLimit: RATE_LIMIT } }, handle(kind => kind !== 'all'))
  app.post('/unsubscribe-universe', { config: { rateLimit: RATE_LIMIT } }, handle(kind => kind === 'all'))
}
