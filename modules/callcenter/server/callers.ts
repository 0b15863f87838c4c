import { and, asc, eq, inArray, ne, type SQL } from 'drizzle-orm'
import type { FastifyInstance } from 'fastify'
import { phoneDigits } from '../../../core/validation'
import type { Actor } from '../../../core/access'
import { scopeWhere } from '../../../server/access/scope'
import { currentActor, currentUser } from '../../../server/auth/require-user'
import { refuseCommonPassword } from '../../../server/auth/common-passwords'
import type { UserRow } from '../../../server/auth/sessions'
import type { Db } from '../../../server/db/client'
import { isUniqueViolation } from '../../../server/db/errors'
import { offices, users } from '../../../server/db/schema'
import type { ServerDeps } from '../../../server/deps'
import { ok } from '../../../server/http/envelope'
import { forbidden, invalidInput, notFound } from '../../../server/http/errors'
import { parseBody, pathId } from '../../../server/http/validate'
import type { SearchedPage } from '../../../core/api/envelope'
import { key, limitRows, queryPage } from '../../../server/search/keyset'
import { heldIn, numberField, phoneField, rankedOrder, searchOf, textField } from '../../../server/search/search'
import { cheapTotal } from '../../../server/search/total'
import { CALLER_ROLES, callerCreateForm, callerUpdateForm, cmsg, listQuery, type Caller, type Office } from '../contract'
import { callers, sipAccounts } from '../tables'
import { canManageCallers, employeeScope, managedOffices, sipFitsOffice } from '../access'
import { pushCallersChanged } from './push'

type Tx = Db

/** Users managed on /callers: the call-center roles, in the actor's employeeScope (every one for `null`: a row just saved). */
function callerConditions(db: Db, actor: Actor | null): SQL[] {
  const conditions: SQL[] = [inArray(users.role, [...CALLER_ROLES])]
  if (actor) conditions.push(scopeWhere(db, actor, employeeScope, { employee: users.id }))
  return conditions
}

/** What /callers searches: name and e-mail by trigram, phone and SIP code by prefix (core migration 0008). */
export const CALLER_SEARCH = searchOf({ name: textField(users.search_name), email: textField(users.search_email), phone: phoneField(users.phone), sip: numberField(users.sip_code) })

/** By name; the id keeps namesakes in a stable order for keyset paging. */
const CALLER_ORDER = [key(users.full_name, 'text'), key(users.id, 'int')]

const callerColumns = {
  user: users,
  office_name: offices.name,
  emails: callers.emails,
}

function toCaller(row: { user: UserRow; office_name: string | null; emails: string[] | null }): Caller {
  const { user } = row
  return {
    id: user.id,
    full_name: user.full_name,
    role: user.role as Caller['role'],
    phone: user.phone,
    email: user.email,
    office_id: user.office_id,
    office_name: row.office_name,
    sip: user.sip_code,
    emails: row.emails ?? [],
    // The account's own switch (users.disabled_at) is the one source: sign-in and sessions read it too.
    enabled: row.user.disabled_at === null,
    created_at: user.created_at.toISOString(),
  }
}

async function findCaller(db: Db, actor: Actor | null, id: number): Promise<Caller | null> {
  const conditions = callerConditions(db, actor)
  const [row] = await db
    .select(callerColumns)
    .from(users)
    .leftJoin(offices, eq(offices.id, users.office_id))
    .leftJoin(callers, eq(callers.user_id, users.id))
    .where(and(eq(users.id, id), ...conditions))
    .limit(1)
  return row ? toCaller(row) : null
}

/**
 * /callers (SPEC §2, §3): call-center employees for 35, 100 and 160. Administrators see and place everyone;
 * 35 and 160 only their own office. Passwords are hashed with the server's hasher and never returned; a SIP
 * account is assigned by its code and its password written through to the user (see tables.ts).
 */
export function callerRoutes(app: FastifyInstance, deps: ServerDeps): void {
  const { db, clock } = deps
  const guard = { preHandler: app.requireUser(canManageCallers) }

  app.get('/call-center/offices', guard, async request => {
    const managed = managedOffices(currentActor(request))
    if (managed !== 'all' && managed.length === 0) return ok<Office[]>([])
    const rows = await db
      .select({ id: offices.id, name: offices.name })
      .from(offices)
      .where(managed === 'all' ? undefined : inArray(offices.id, managed))
      .orderBy(asc(offices.id))
    return ok<Office[]>(rows)
  })

  app.get('/call-center/callers', guard, async request => {
    const query = parseBody(listQuery, request.query ?? {})
    const scope = and(...callerConditions(db, currentActor(request)))
    // As typed, and a typo's similar names only where no employee in scope holds it (server/search resolve()).
    const { match, similar } = await CALLER_SEARCH.resolve(db, query.search, heldIn(db, users, scope))
    const where = and(scope, match?.where)
    const keys = rankedOrder(match, CALLER_ORDER)
    const page = await queryPage<Parameters<typeof toCaller>[0]>(keys, query, (columns, after, order, limit, offset) =>
      limitRows(
        db
          .select({ ...callerColumns, ...columns })
          .from(users)
          .leftJoin(offices, eq(offices.id, users.office_id))
          .leftJoin(callers, eq(callers.user_id, users.id))
          .where(and(where, after))
          .orderBy(...order),
        limit,
      ).offset(offset),
    )
    const total = await cheapTotal(db, db.select({ id: users.id }).from(users).where(where))
    return ok<SearchedPage<Caller>>({ ...page, items: page.items.map(toCaller), ...total, ...(similar && { similar }) })
  })

  app.get('/call-center/callers/:id', guard, async request => {
    const caller = await findCaller(db, currentActor(request), pathId(request))
    if (!caller) throw notFound()
    return ok(caller)
  })

  /** The office an employee is placed in: administrators choose (or none); others always their own. */
  async function officeFor(actor: Actor, requested: number | null): Promise<number | null> {
    const managed = managedOffices(actor)
    if (managed !== 'all') {
      const own = managed[0]
      if (own === undefined) throw forbidden()
      if (requested !== null && !managed.includes(requested)) throw invalidInput({ office_id: cmsg.office })
      return own
    }
    if (requested === null) return null
    const [office] = await db.select({ id: offices.id }).from(offices).where(eq(offices.id, requested)).limit(1)
    if (!office) throw invalidInput({ office_id: cmsg.office })
    return requested
  }

  /** The SIP account behind a code: it must exist, be usable in the actor's scope and be nobody else's. */
  async function sipFor(tx: Tx, actor: Actor, code: string | null, userId: number | null, office: number | null): Promise<{ code: string; password: string } | null> {
    if (code === null) return null
    const [account] = await tx.select().from(sipAccounts).where(eq(sipAccounts.code, code)).limit(1)
    if (!account || !mayGive(actor, account.office_id)) throw invalidInput({ sip: cmsg.sipUnknown })
    if (!sipFitsOffice(account.office_id, office)) throw invalidInput({ sip: cmsg.sipOtherOffice })
    const [holder] = await tx
      .select({ id: users.id })
      .from(users)
      .where(and(eq(users.sip_code, code), ...(userId === null ? [] : [ne(users.id, userId)])))
      .limit(1)
    if (holder) throw invalidInput({ sip: cmsg.sipInUse })
    return { code: account.code, password: account.password }
  }

  const phoneTaken = () => invalidInput({ phone: 'server:phoneTaken' })

  app.post('/call-center/callers', guard, async request => {
    const actor = currentActor(request)
    const form = parseBody(callerCreateForm, request.body)
    const office_id = await officeFor(actor, form.office_id)
    const phone = phoneDigits(form.phone)!
    refuseCommonPassword(form.password)
    const password_hash = await deps.passwords.hash(form.password)
    const at = new Date(clock.now())
    try {
      const id = await db.transaction(async tx => {
        const [taken] = await tx.select({ id: users.id }).from(users).where(eq(users.phone, phone)).limit(1)
        if (taken) throw phoneTaken()
        const sip = await sipFor(tx, actor, form.sip, null, office_id)
        const [row] = await tx
          .insert(users)
          .values({
            phone,
            password_hash,
            full_name: form.full_name,
            email: form.email,
            role: form.role,
            office_id,
            // Call-center staff work the tender registry (SPEC §2: the tender menu needs the service flag).
            tender_service: true,
            sip_code: sip?.code ?? null,
            sip_password: sip?.password ?? null,
            disabled_at: form.enabled ? null : at,
            created_at: at,
          })
          .returning({ id: users.id })
        await tx.insert(callers).values({ user_id: row!.id, emails: form.emails, created_by: actor.id, created_at: at, updated_at: at })
        return row!.id
      })
      const caller = await findCaller(db, null, id)
      await pushCallersChanged(deps, caller ? [caller] : [])
      return ok(caller)
    } catch (error) {
      if (isUniqueViolation(error)) throw phoneTaken()
      throw error
    }
  })

  app.post('/call-center/callers/:id', guard, async request => {
    const actor = currentActor(request)
    const id = pathId(request)
    const everyOffice = managedOffices(actor) === 'all'
    const existing = await findCaller(db, actor, id)
    if (!existing) throw notFound()
    const form = parseBody(callerUpdateForm, request.body)
    if (id === actor.id && (!form.enabled || form.role !== existing.role)) {
      throw invalidInput(!form.enabled ? { enabled: cmsg.invalid } : { role: cmsg.invalid })
    }
    // An administrator moves people between offices; an office manager's employee stays in the office.
    const office_id = everyOffice ? await officeFor(actor, form.office_id) : existing.office_id
    if (!everyOffice && form.office_id !== null && form.office_id !== existing.office_id) throw invalidInput({ office_id: cmsg.office })
    const phone = phoneDigits(form.phone)!
    if (form.password) refuseCommonPassword(form.password)
    const password_hash = form.password ? await deps.passwords.hash(form.password) : null
    const at = new Date(clock.now())
    try {
      await db.transaction(async tx => {
        const [taken] = await tx
          .select({ id: users.id })
          .from(users)
          .where(and(eq(users.phone, phone), ne(users.id, id)))
          .limit(1)
        if (taken) throw phoneTaken()
        const sip = form.sip === existing.sip ? await keepSip(tx, id) : await sipFor(tx, actor, form.sip, id, office_id)
        await tx
          .update(users)
          .set({
            phone,
            full_name: form.full_name,
            email: form.email,
            role: form.role,
            office_id,
            sip_code: sip?.code ?? null,
            sip_password: sip?.password ?? null,
            disabled_at: form.enabled ? null : (existing.enabled ? at : undefined),
            // A password set by a manager also voids one sent by an earlier recovery.
            ...(password_hash ? { password_hash, pending_password_hash: null, pending_password_expires_at: null } : {}),
          })
          .where(eq(users.id, id))
        await tx
          .insert(callers)
          .values({ user_id: id, emails: form.emails, created_by: actor.id, created_at: at, updated_at: at })
          .onConflictDoUpdate({ target: callers.user_id, set: { emails: form.emails, updated_at: at } })
      })
    } catch (error) {
      if (isUniqueViolation(error)) throw phoneTaken()
      throw error
    }
    // A new password or a disabled employee: their other sessions end now.
    if (password_hash || !form.enabled) await deps.sessions.revokeAllOf(id, id === actor.id ? currentUser(request).sessionId : undefined)
    const caller = await findCaller(db, null, id)
    await pushCallersChanged(deps, caller ? [existing, caller] : [existing])
    return ok(caller)
  })
}

/** A SIP account an actor may give: one of an office they manage, or a shared one (no office). */
export function mayGive(actor: Actor, officeId: number | null): boolean {
  const managed = managedOffices(actor)
  return managed === 'all' || officeId === null || managed.includes(officeId)
}

/** The employee keeps their SIP code: its current password (the account's if there is one). */
async function keepSip(tx: Tx, userId: number): Promise<{ code: string; password: string } | null> {
  const [row] = await tx
    .select({ code: users.sip_code, own: users.sip_password, account: sipAccounts.password })
    .from(users)
    .leftJoin(sipAccounts, eq(sipAccounts.code, users.sip_code))
    .where(eq(users.id, userId))
    .limit(1)
  if (!row?.code) return null
  return { code: row.code, password: row.account ?? row.own ?? '' }
}

