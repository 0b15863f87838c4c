import { eq, sql } from 'drizzle-orm'
import type { FastifyInstance } from 'fastify'
import { currentUser } from '../../../server/auth/require-user'
import type { Db } from '../../../server/db/client'
import type { ServerDeps } from '../../../server/deps'
import { ok } from '../../../server/http/envelope'
import { parseBody } from '../../../server/http/validate'
import { canSeeTenders } from '../access'
import { TENDER_FILTER_KEYS, tenderFilterBody, type TenderFilter } from '../registry'
import { tenderFilters } from '../tables'

/** SPEC §7 "remote tender-filter storage keeps only the limit on login": what a new session starts the registry with. */
export async function keepOnlyLimit(db: Db, userId: number): Promise<void> {
  await db
    .update(tenderFilters)
    .set({ filter: sql`case when ${tenderFilters.filter} ? 'limit' then jsonb_build_object('limit', ${tenderFilters.filter} -> 'limit') else '{}'::jsonb end` })
    .where(eq(tenderFilters.user_id, userId))
}

/** GET / POST v1/tenders/filter (POST: the client's api has no PUT): the registry filter the user keeps on the server. */
export function filterRoutes(app: FastifyInstance, deps: ServerDeps): void {
  const { db, clock } = deps
  app.extensions.signedIn.push(user => keepOnlyLimit(db, user.id))

  app.get('/tenders/filter', { preHandler: app.requireUser(canSeeTenders) }, async request => {
    const [row] = await db.select({ filter: tenderFilters.filter }).from(tenderFilters).where(eq(tenderFilters.user_id, currentUser(request).user.id))
    return ok<{ filter: TenderFilter }>({ filter: (row?.filter ?? {}) as TenderFilter })
  })

  app.post('/tenders/filter', { preHandler: app.requireUser(canSeeTenders) }, async request => {
    parseBody(tenderFilterBody, request.body)
    // Kept as sent (the URL's strings), only the names the registry knows and only set ones.
    const sent = request.body as Record<string, unknown>
    const filter = Object.fromEntries(TENDER_FILTER_KEYS.flatMap(key => (typeof sent[key] === 'string' && sent[key] !== '' ? [[key, sent[key]]] : [])))
    const userId = currentUser(request).user.id
    const at = new Date(clock.now())
    await db.insert(tenderFilters).values({ user_id: userId, filter, updated_at: at }).onConflictDoUpdate({ target: tenderFilters.user_id, set: { filter, updated_at: at } })
    return ok<{ filter: TenderFilter }>({ filter })
  })
}
