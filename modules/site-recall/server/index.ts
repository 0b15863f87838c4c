import { and, count, eq, gte, inArray, isNull, sql } from 'drizzle-orm'
import { fileURLToPath } from 'node:url'
import { socketAction } from '../../../core/socket/actions'
import { formatPhone } from '../../../core/validation/phone'
import { addressKey, perAddress } from '../../../server/auth/address-limit'
import { currentUser } from '../../../server/auth/require-user'
import type { Db } from '../../../server/db/client'
import { users } from '../../../server/db/schema'
import { ok } from '../../../server/http/envelope'
import { ApiError, notFound } from '../../../server/http/errors'
import { lookup, pickLang } from '../../../server/http/i18n'
import { parseBody, parseQuery, pathId } from '../../../server/http/validate'
import type { ServerDeps, ServerModule } from '../../../server/module'
import { businessToday, BUSINESS_UTC_OFFSET_MINUTES } from '../../tasks/contract'
import { SITE_RECALL_ROLES, canSeeSiteRecall } from '../access'
import { SITE_RECALL_STATUS, siteRecallForm, siteRecallListQuery, type SiteRecallItem, type SiteRecallPage } from '../contract'
import '../socket'
import { siteRecalls } from '../tables'
import { corsFor } from './cors'
import { listSiteRecalls, siteRecallItem } from './list'
import { seedSiteRecalls } from './seed'
import { siteRecallSettings, type SiteRecallSettings } from './settings'

/** What the public form answers when it took a request — and, word for word, when the honeypot caught a bot. */
const ACCEPTED = { accepted: true } as const

/** `HH:MM` now on the business clock (the call-back task is due at once). */
function businessTime(nowMs: number): string {
  return new Date(nowMs + BUSINESS_UTC_OFFSET_MINUTES * 60_000).toISOString().slice(11, 16)
}

/**
 * Everyone who may have /site-recall open (roles 100 and 170, not switched off) reads the page again. Ephemeral
 * (relay): the list re-reads on every reconnect anyway. A push failure never fails the request.
 */
async function pushChanged(deps: ServerDeps): Promise<void> {
  try {
    const staff = await deps.db
      .select({ id: users.id })
      .from(users)
      .where(and(inArray(users.role, [...SITE_RECALL_ROLES]), isNull(users.disabled_at)))
    if (staff.length > 0) await deps.hub.relay(staff.map(u => u.id), socketAction('updateSiteRecalls', {}))
  } catch {
    // The lists catch up on their next load.
  }
}

/** Locks the request's row for a state change, or 404. */
async function lockRow(tx: Db, id: number) {
  const [row] = await tx.select().from(siteRecalls).where(eq(siteRecalls.id, id)).limit(1).for('update')
  if (!row) throw notFound()
  return row
}

/**
 * The site callbacks' server half (issue 13 §3): the public form the company's website posts to, and the list,
 * "take into work" and "done" of /site-recall. Settings come from the environment (./settings.ts); tests pass theirs.
 */
export function createSiteRecallServer(settings: SiteRecallSettings = siteRecallSettings()): ServerModule {
  return {
    id: 'site-recall',
    migrations: fileURLToPath(new URL('../migrations', import.meta.url)),
    seed: seedSiteRecalls,
    register(app, deps) {
      const { db, clock } = deps
      const cors = corsFor(settings.origins)

      app.options('/site-recall', cors.preflight)

      app.post('/site-recall', { onRequest: cors.simple, preHandler: perAddress(settings.perIp, clock) }, async request => {
        const form = parseBody(siteRecallForm, request.body)
        // The honeypot caught a bot: it gets the very answer a person gets, so it learns nothing and moves on (a 422
        // would tell it which field gave it away); nothing is stored and nobody is disturbed. Its request still
        // counted against its address above.
        if (form.website.trim() !== '') return ok(ACCEPTED)
        const now = new Date(clock.now())
        await db.transaction(async tx => {
          // One phone's requests are counted and stored one at a time on every node (a transaction-scoped lock on
          // the phone), so two nodes cannot both let the last allowed one through.
          await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`site-recall:${form.phone}`}))`)
          const [recent] = await tx
            .select({ n: count() })
            .from(siteRecalls)
            .where(and(eq(siteRecalls.phone, form.phone), gte(siteRecalls.created_at, new Date(now.getTime() - settings.perPhone.windowMs))))
          if ((recent?.n ?? 0) >= settings.perPhone.max) throw new ApiError(429, 'site-recall:server.tooManyForPhone', { retryAfterSeconds: settings.perPhone.windowMs / 1000 })
          await tx.insert(siteRecalls).values({ name: form.name, phone: form.phone, comment: form.comment, page: form.page, ip: addressKey(request.ip), created_at: now })
        })
        await pushChanged(deps)
        return ok(ACCEPTED)
      })

      app.get('/site-recall', { preHandler: app.requireUser(canSeeSiteRecall) }, async request => {
        return ok<SiteRecallPage>(await listSiteRecalls(db, parseQuery(siteRecallListQuery, request.query)))
      })

      // Into work for the caller: a call-back task (type 20) is made for them in the same transaction.
      app.post('/site-recall/:id/take', { preHandler: app.requireUser(canSeeSiteRecall) }, async request => {
        const id = pathId(request)
        const user = currentUser(request).user
        const lang = pickLang(request.headers['accept-language'])
        await db.transaction(async tx => {
          const row = await lockRow(tx, id)
          if (row.status !== SITE_RECALL_STATUS.new) throw new ApiError(409, 'site-recall:server.notNew')
          const nowMs = clock.now()
          const phone = formatPhone(row.phone)
          const description = [
            `${lookup(lang, 'site-recall:task.phone') ?? ''}: ${phone}`,
            row.comment ? `${lookup(lang, 'site-recall:task.comment') ?? ''}: ${row.comment}` : null,
            row.page ? `${lookup(lang, 'site-recall:task.page') ?? ''}: ${row.page}` : null,
          ]
            .filter(Boolean)
            .join('\n')
          const task = await app.extensions.tasks?.create(tx, {
            type: 20,
            name: lookup(lang, 'site-recall:task.name', { name: row.name, phone }) ?? `${row.name} ${phone}`,
            description,
            responsibleId: user.id,
            authorId: user.id,
            date: businessToday(nowMs),
            time: businessTime(nowMs),
          })
          await tx
            .update(siteRecalls)
            .set({ status: SITE_RECALL_STATUS.work, taken_by: user.id, taken_at: new Date(nowMs), task_id: task?.id ?? null })
            .where(eq(siteRecalls.id, id))
        })
        await pushChanged(deps)
        return ok<SiteRecallItem>((await siteRecallItem(db, id))!)
      })

      // Processed, from new (nothing to call back: spam, a duplicate) or from in work.
      app.post('/site-recall/:id/done', { preHandler: app.requireUser(canSeeSiteRecall) }, async request => {
        const id = pathId(request)
        const user = currentUser(request).user
        await db.transaction(async tx => {
          const row = await lockRow(tx, id)
          if (row.status === SITE_RECALL_STATUS.done) throw new ApiError(409, 'site-recall:server.doneAlready')
          await tx.update(siteRecalls).set({ status: SITE_RECALL_STATUS.done, done_by: user.id, done_at: new Date(clock.now()) }).where(eq(siteRecalls.id, id))
          // The call-back made when it was taken is done with it (a task already closed on /tasks stays as it is).
          if (row.task_id !== null) await app.extensions.tasks?.finish(tx, row.task_id, 30, user.id)
        })
        await pushChanged(deps)
        return ok<SiteRecallItem>((await siteRecallItem(db, id))!)
      })
    },
  }
}

export const siteRecallServer: ServerModule = createSiteRecallServer()
