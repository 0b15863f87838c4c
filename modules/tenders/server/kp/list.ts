import { and, desc, eq, gte, isNotNull, isNull, lt, type SQL } from 'drizzle-orm'
import type { FastifyInstance } from 'fastify'
import { currentActor } from '../../../../server/auth/require-user'
import { scopeWhere } from '../../../../server/access/scope'
import type { ServerDeps } from '../../../../server/deps'
import { users } from '../../../../server/db/schema'
import { ok } from '../../../../server/http/envelope'
import { parseQuery } from '../../../../server/http/validate'
import { canSeeTenders, kpScope } from '../../access'
import { kpListQuery, kpState, type KpItem, type KpKind, type KpListQuery, type KpPage, type KpState } from '../../kp/contract'
import { tenderKp, tenders } from '../../tables'
import { TENDER_SEARCH } from '../search'

const DAY_MS = 86_400_000

/** A state filter: the KP's furthest step is exactly this one. */
function stateWhere(state: KpState): SQL {
  const { opened_at, followed_at, signed_in_at } = tenderKp
  if (state === 'signed_in') return isNotNull(signed_in_at)
  if (state === 'followed') return and(isNotNull(followed_at), isNull(signed_in_at)) as SQL
  if (state === 'opened') return and(isNotNull(opened_at), isNull(followed_at), isNull(signed_in_at)) as SQL
  return and(isNull(opened_at), isNull(followed_at), isNull(signed_in_at)) as SQL
}

function filtersWhere(query: KpListQuery): SQL | undefined {
  const parts: (SQL | undefined)[] = []
  if (query.state !== 'all') parts.push(stateWhere(query.state))
  // The tender as the registry searches it: the number's beginning, the words of its name, customer and winner.
  parts.push(TENDER_SEARCH.match(query.search)?.where)
  if (query.date_from !== undefined) parts.push(gte(tenderKp.sent_at, new Date(`${query.date_from}T00:00:00Z`)))
  if (query.date_to !== undefined) parts.push(lt(tenderKp.sent_at, new Date(new Date(`${query.date_to}T00:00:00Z`).getTime() + DAY_MS)))
  if (query.cursor !== undefined) parts.push(lt(tenderKp.id, query.cursor))
  return and(...parts)
}

/** GET v1/tenders-kp: the KPs in the user's scope (kpScope), newest first, keyset paged by id. */
export function kpListRoutes(app: FastifyInstance, deps: ServerDeps): void {
  const { db } = deps
  app.get('/tenders-kp', { preHandler: app.requireUser(canSeeTenders) }, async request => {
    const query = parseQuery(kpListQuery, request.query)
    const rows = await db
      .select({ kp: tenderKp, tender: { id: tenders.id, notification_number: tenders.notification_number, name: tenders.name, winner_name: tenders.winner_name, winner_inn: tenders.winner_inn }, sender_name: users.full_name })
      .from(tenderKp)
      .innerJoin(tenders, eq(tenders.id, tenderKp.tender_id))
      .leftJoin(users, eq(users.id, tenderKp.sender_id))
      .where(and(scopeWhere(db, currentActor(request), kpScope, { sender: tenderKp.sender_id }), filtersWhere(query)))
      .orderBy(desc(tenderKp.id))
      .limit(query.limit + 1)
    const page = rows.slice(0, query.limit)
    const iso = (d: Date | null) => d?.toISOString() ?? null
    const items: KpItem[] = page.map(({ kp, tender, sender_name }) => ({
      id: kp.id,
      kind: kp.kind as KpKind,
      state: kpState(kp),
      email: kp.email,
      subject: kp.subject,
      tender,
      sender: kp.sender_id === null ? null : { id: kp.sender_id, name: sender_name ?? '' },
      sent_at: kp.sent_at.toISOString(),
      expires_at: kp.expires_at.toISOString(),
      opened_at: iso(kp.opened_at),
      followed_at: iso(kp.followed_at),
      signed_in_at: iso(kp.signed_in_at),
    }))
    const last = page.at(-1)
    return ok<KpPage>({ items, next_cursor: rows.length > query.limit && last ? String(last.kp.id) : null })
  })
}
