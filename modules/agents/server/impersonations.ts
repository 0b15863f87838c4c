import { and, desc, eq, gt, isNull, type SQL } from 'drizzle-orm'
import { alias } from 'drizzle-orm/pg-core'
import type { FastifyInstance } from 'fastify'
import * as v from 'valibot'
import { SESSION_EXPIRED_CODE, type KeysetPage } from '../../../core/api/envelope'
import { ROLE, type SignInMethod, type SignInResult } from '../../../core/auth/profile'
import { listCursor } from '../../../core/validation/cursor'
import { currentUser } from '../../../server/auth/require-user'
import type { SessionUser } from '../../../server/auth/sessions'
import { sha256 } from '../../../server/auth/tokens'
import type { ServerDeps } from '../../../server/deps'
import type { Db } from '../../../server/db/client'
import { sessions, users } from '../../../server/db/schema'
import type { ProfileContributor } from '../../../server/extensions'
import { ok } from '../../../server/http/envelope'
import { canImpersonate } from '../access'
import type { ImpersonationRecord } from '../contract'
import { impersonations } from '../tables'
import { loadAgent } from './agents'
import { agentsError } from './http'
import { parseQuery, pathId } from '../../../server/http/validate'
import { key, keyValuesOf, limitRows, queryPage, type KeyColumns } from '../../../server/search/keyset'
import { cheapTotal } from '../../../server/search/total'

/**
 * "Log into their cabinet" — an audited impersonation for administrators. POST agents/{id}/impersonate opens a new
 * session as the agent and records who, whom, when, from where (`impersonations`); GET v1/profile of that session
 * carries `impersonated_by` so the header says so plainly; POST impersonation/end closes it and hands back a fresh
 * session of the administrator. Only agents (30, 35) can be entered, only by administrators (100).
 */

const admins = alias(users, 'admin_user')
const targets = alias(users, 'target_user')

/** The audit's rows with who entered whose cabinet; `keys`: a page's key columns beside them (queryPage). */
function impersonationRows(db: Db, keys: KeyColumns = {}) {
  return db
    .select({
      ...keys,
      id: impersonations.id,
      admin: { id: admins.id, name: admins.full_name },
      target: { id: targets.id, name: targets.full_name },
      started_at: impersonations.started_at,
      ended_at: impersonations.ended_at,
      revoked_at: sessions.revoked_at,
    })
    .from(impersonations)
    .innerJoin(admins, eq(admins.id, impersonations.admin_user_id))
    .innerJoin(targets, eq(targets.id, impersonations.target_user_id))
    .leftJoin(sessions, eq(sessions.id, impersonations.session_id))
}

type ImpersonationRow = Awaited<ReturnType<typeof impersonationRows>>[number]

function toRecord(r: ImpersonationRow): ImpersonationRecord {
  return {
    id: r.id,
    admin: r.admin,
    target: r.target,
    started_at: r.started_at.toISOString(),
    // Signing out inside the agent's cabinet also ends it.
    ended_at: (r.ended_at ?? r.revoked_at)?.toISOString() ?? null,
  }
}

/** Newest first by number (the primary key). */
const NEWEST_FIRST = [key(impersonations.id, 'int', true)]

/** The latest `limit` entries of the audit under `where` (an agent's card shows its last ten). */
export async function listImpersonations(db: Db, where: SQL | undefined, limit: number): Promise<ImpersonationRecord[]> {
  return (await impersonationRows(db).where(where).orderBy(desc(impersonations.id)).limit(limit)).map(toRecord)
}

/** The open impersonation a session belongs to, if any. */
async function openImpersonation(db: Db, sessionId: number) {
  const [row] = await db
    .select({
      id: impersonations.id,
      admin_user_id: impersonations.admin_user_id,
      admin_session_id: impersonations.admin_session_id,
      admin_name: users.full_name,
    })
    .from(impersonations)
    .innerJoin(users, eq(users.id, impersonations.admin_user_id))
    .where(and(eq(impersonations.session_id, sessionId), isNull(impersonations.ended_at)))
    .limit(1)
  return row ?? null
}

/** GET v1/profile contributor: `impersonated_by` for a session opened by an administrator. */
export function impersonatedBy(db: Db): ProfileContributor {
  return async (auth: SessionUser) => {
    const open = await openImpersonation(db, auth.sessionId)
    return { impersonated_by: open ? { id: open.admin_user_id, name: open.admin_name } : null }
  }
}

const impersonationQuery = v.object({
  page: v.optional(v.pipe(v.string(), v.regex(/^\d{1,7}$/, 'validation:invalid'), v.transform(Number), v.minValue(1, 'validation:invalid')), '1'),
  /** A page's `next` / `prev` (keyset, newest first); `page` is used without one. */
  cursor: listCursor,
  limit: v.optional(v.pipe(v.string(), v.regex(/^\d{1,3}$/, 'validation:invalid'), v.transform(Number), v.minValue(1, 'validation:invalid'), v.maxValue(100, 'validation:invalid')), '20'),
  agent_id: v.optional(v.pipe(v.string(), v.regex(/^\d{1,9}$/, 'validation:invalid'), v.transform(Number), v.minValue(1, 'validation:invalid'))),
})

export function impersonationRoutes(app: FastifyInstance, deps: ServerDeps): void {
  const { db, clock } = deps

  app.post('/agents/:id/impersonate', { preHandler: app.requireUser(canImpersonate) }, async request => {
    const auth = currentUser(request)
    const agent = await loadAgent(app, db, pathId(request))
    const token = await deps.sessions.create(agent.id, 'password')
    const [session] = await db.select({ id: sessions.id }).from(sessions).where(eq(sessions.token_hash, sha256(token)))
    await db.insert(impersonations).values({
      admin_user_id: auth.user.id,
      target_user_id: agent.id,
      admin_session_id: auth.sessionId,
      session_id: session!.id,
      ip: request.ip,
      user_agent: String(request.headers['user-agent'] ?? '').slice(0, 500) || null,
      started_at: new Date(clock.now()),
    })
    request.log.info({ admin: auth.user.id, agent: agent.id }, 'impersonation started')
    return ok<SignInResult>({ token, role: agent.role, user_id: agent.id })
  })

  app.post('/impersonation/end', { preHandler: app.requireUser() }, async request => {
    const auth = currentUser(request)
    const open = await openImpersonation(db, auth.sessionId)
    if (!open) throw agentsError(409, 'notImpersonating')
    const now = new Date(clock.now())
    await db.update(impersonations).set({ ended_at: now }).where(eq(impersonations.id, open.id))
    // Replaced, not ended: the browser that asked goes on with the administrator's session (no sign-out on its socket).
    await deps.sessions.revoke(auth.sessionId, 'replaced')
    // Back to the administrator: a fresh session in place of the one that started it, if that one was not
    // signed out or past its absolute expiry meanwhile (its idle clock ran while the admin worked as the agent).
    const [adminSession] = open.admin_session_id
      ? await db
          .select({ id: sessions.id, method: sessions.sign_in_method, role: users.role })
          .from(sessions)
          .innerJoin(users, eq(users.id, sessions.user_id))
          .where(and(eq(sessions.id, open.admin_session_id), isNull(sessions.revoked_at), gt(sessions.expires_at, now)))
      : []
    if (!adminSession || adminSession.role !== ROLE.admin) throw agentsError(401, 'impersonationOver', { code: SESSION_EXPIRED_CODE })
    const token = await deps.sessions.create(open.admin_user_id, adminSession.method as SignInMethod)
    await deps.sessions.revoke(adminSession.id, 'replaced')
    request.log.info({ admin: open.admin_user_id }, 'impersonation ended')
    return ok<SignInResult>({ token, role: ROLE.admin, user_id: open.admin_user_id })
  })

  app.get('/impersonations', { preHandler: app.requireUser(canImpersonate) }, async request => {
    const query = parseQuery(impersonationQuery, request.query)
    const where = query.agent_id ? eq(impersonations.target_user_id, query.agent_id) : undefined
    // The audit only grows: paged by keyset, counted cheaply ("about" past a few thousand entries).
    const [page, total] = await Promise.all([
      queryPage<ImpersonationRecord>(NEWEST_FIRST, query, async (columns, after, order, limit, offset) =>
        (await limitRows(impersonationRows(db, columns).where(and(where, after)).orderBy(...order), limit).offset(offset)).map(r => ({ ...keyValuesOf(columns, r), ...toRecord(r) })),
      ),
      cheapTotal(db, db.select({ id: impersonations.id }).from(impersonations).where(where)),
    ])
    return ok<KeysetPage<ImpersonationRecord>>({ ...page, ...total })
  })
}
