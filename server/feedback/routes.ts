import type { FastifyInstance } from 'fastify'
import { feedbackForm } from '../../core/validation'
import { currentUser } from '../auth/require-user'
import { feedback } from '../db/schema'
import type { ServerDeps } from '../deps'
import { ok } from '../http/envelope'
import { parseBody } from '../http/validate'
import { checkFeedbackLimit } from './limit'
import { redactEventLog } from './redact'

/** The event log may be 500 000 characters of mostly Cyrillic text: up to ~1.5 MB of UTF-8 plus JSON escaping. */
const FEEDBACK_BODY_LIMIT = 4 * 1024 * 1024

/** POST users/feedback: a support message with the page URL and, optionally, the replayable event log; limited per user (limit.ts). */
export function feedbackRoute(app: FastifyInstance, deps: ServerDeps): void {
  app.post('/users/feedback', { preHandler: app.requireUser(), bodyLimit: FEEDBACK_BODY_LIMIT }, async request => {
    const { user } = currentUser(request)
    const form = parseBody(feedbackForm, request.body)
    await deps.db.transaction(async tx => {
      await checkFeedbackLimit(tx, user.id, deps.config.feedbackRateLimit, deps.clock.now())
      const [stored] = await tx
        .insert(feedback)
        .values({
          user_id: user.id,
          message: form.message,
          url: form.url,
          events: form.events === undefined ? null : redactEventLog(form.events),
          created_at: new Date(deps.clock.now()),
        })
        .returning({ id: feedback.id })
      const received = { id: stored!.id, message: form.message, url: form.url, from: { id: user.id, name: user.full_name, role: user.role }, hasEventLog: form.events !== undefined }
      for (const listener of app.extensions.feedbackReceived) {
        // The message is kept whatever a listener does (the user must not send it twice): each runs in a savepoint.
        await tx.transaction(savepoint => listener(received, savepoint)).catch((error: unknown) => request.log.error({ err: error }, 'feedback listener failed'))
      }
    })
    return ok(null)
  })
}
