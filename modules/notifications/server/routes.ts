import * as v from 'valibot'
import type { FastifyInstance } from 'fastify'
import { issuesToValidationMap } from '../../../core/validation'
import { currentUser } from '../../../server/auth/require-user'
import type { ServerDeps } from '../../../server/deps'
import { ok } from '../../../server/http/envelope'
import { ApiError, invalidInput, notFound } from '../../../server/http/errors'
import { parseBody } from '../../../server/http/validate'
import { listQuerySchema, markReadBodySchema } from '../contract'
import { archive, latestList, listPage, markRead } from './queries'
import { languageOf, type NotificationTexts } from './texts'
import { presenter } from './to-item'

/**
 * GET notifications (plain latest list, or a page with ?page&limit&read), POST notifications/read {ids},
 * GET notifications/{id}/archive. Always the signed-in user's own notifications only, their texts rendered in the
 * user's language (users.language, the same as their e-mails), not the request's.
 */
export function notificationRoutes(app: FastifyInstance, deps: ServerDeps, texts: NotificationTexts): void {
  const presentFor = (user: { language: string }) => presenter(texts, languageOf(user.language))

  app.get('/notifications', { preHandler: app.requireUser() }, async request => {
    const { user } = currentUser(request)
    const query = (request.query ?? {}) as Record<string, unknown>
    const paged = 'page' in query || 'limit' in query || 'read' in query || 'cursor' in query
    if (!paged) return ok(await latestList(deps.db, user.id, presentFor(user)))
    const parsed = v.safeParse(listQuerySchema, query)
    if (!parsed.success) throw invalidInput(issuesToValidationMap(parsed.issues))
    return ok(await listPage(deps.db, user.id, parsed.output, presentFor(user)))
  })

  app.post('/notifications/read', { preHandler: app.requireUser() }, async request => {
    const { user } = currentUser(request)
    // SPEC §7 calls the payload "a list of notification ids": a bare array is taken as { ids }.
    const body = Array.isArray(request.body) ? { ids: request.body } : request.body
    const { ids } = parseBody(markReadBodySchema, body)
    await markRead(deps.db, user.id, ids)
    return ok(await latestList(deps.db, user.id, presentFor(user)))
  })

  app.get<{ Params: { id: string } }>('/notifications/:id/archive', { preHandler: app.requireUser() }, async request => {
    const { user } = currentUser(request)
    if (!/^\d{1,9}$/.test(request.params.id)) throw new ApiError(400, 'badRequest')
    // Someone else's notification is "not found", exactly like a missing one.
    if (!(await archive(deps.db, user.id, Number(request.params.id), new Date(deps.clock.now())))) throw notFound()
    return ok(await latestList(deps.db, user.id, presentFor(user)))
  })
}
