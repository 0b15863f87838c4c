import { and, asc, eq, inArray, isNull, or } from 'drizzle-orm'
import type { FastifyInstance } from 'fastify'
import type { SearchedPage } from '../../../core/api/envelope'
import { key, limitRows, queryPage, type KeyColumns } from '../../../server/search/keyset'
import { heldIn, numberField, rankedOrder, searchOf, textField } from '../../../server/search/search'
import { cheapTotal } from '../../../server/search/total'
import { currentActor, currentUser } from '../../../server/auth/require-user'
import { isUniqueViolation } from '../../../server/db/errors'
import { offices, users } from '../../../server/db/schema'
import type { ServerDeps } from '../../../server/deps'
import { ok } from '../../../server/http/envelope'
import { invalidInput } from '../../../server/http/errors'
import { parseBody } from '../../../server/http/validate'
import { cmsg, listQuery, sipAccountForm, type SipAccount } from '../contract'
import { sipAccounts } from '../tables'
import { canManageCallers, canManageSips, managedOffices } from '../access'

/** Never the password: every query here selects these columns only. */
const sipColumns = {
  id: sipAccounts.id,
  name: sipAccounts.name,
  code: sipAccounts.code,
  office_id: sipAccounts.office_id,
  office_name: offices.name,
  user_id: users.id,
  user_full_name: users.full_name,
  created_at: sipAccounts.created_at,
}

interface SipRow {
  id: number
  name: string
  code: string
  office_id: number | null
  office_name: string | null
  user_id: number | null
  user_full_name: string | null
  created_at: Date
}

/** SIP codes have 2 to 32 digits: two typed digits may already be a whole code. */
const SIP_CODE_MIN = 2

/** What /sips searches: the name by trigram, the code by prefix (the callcenter migration's indexes). */
export const SIP_SEARCH = searchOf({ name: textField(sipAccounts.search_name), code: numberField(sipAccounts.code, SIP_CODE_MIN) })

/** By code, which is unique: a stable order for keyset paging. */
const SIP_ORDER = [key(sipAccounts.code, 'text')]

function toSip(row: SipRow): SipAccount {
  return {
    id: row.id,
    name: row.name,
    code: row.code,
    office_id: row.office_id,
    office_name: row.office_name,
    user: row.user_id ? { id: row.user_id, full_name: row.user_full_name ?? '' } : null,
    created_at: row.created_at.toISOString(),
  }
}

/**
 * /sips (SPEC §2: role 100): SIP accounts, listed and created; passwords are write-only. Office managers
 * (35, 160) get the free accounts they may give their employees (code and name only).
 */
export function sipRoutes(app: FastifyInstance, deps: ServerDeps): void {
  const { db, clock } = deps

  const select = (keyColumns: KeyColumns = {}) =>
    db
      .select({ ...sipColumns, ...keyColumns })
      .from(sipAccounts)
      .leftJoin(offices, eq(offices.id, sipAccounts.office_id))
      .leftJoin(users, eq(users.sip_code, sipAccounts.code))

  app.get('/call-center/sips', { preHandler: app.requireUser(canManageSips) }, async request => {
    const query = parseBody(listQuery, request.query ?? {})
    // As typed, and a typo's similar names only where no account's name holds it (server/search resolve()).
    const { match, similar } = await SIP_SEARCH.resolve(db, query.search, heldIn(db, sipAccounts, undefined))
    const keys = rankedOrder(match, SIP_ORDER)
    const page = await queryPage<SipRow>(keys, query, (columns, after, order, limit, offset) =>
      limitRows(select(columns).where(and(match?.where, after)).orderBy(...order), limit).offset(offset),
    )
    const total = await cheapTotal(db, db.select({ id: sipAccounts.id }).from(sipAccounts).where(match?.where))
    return ok<SearchedPage<SipAccount>>({ ...page, items: page.items.map(toSip), ...total, ...(similar && { similar }) })
  })

  app.get('/call-center/sips/free', { preHandler: app.requireUser(canManageCallers) }, async request => {
    // The accounts of the offices the actor manages (callcenter/access.ts managedOffices) and the shared ones.
    const managed = managedOffices(currentActor(request))
    const given = managed === 'all' ? undefined : or(isNull(sipAccounts.office_id), ...(managed.length ? [inArray(sipAccounts.office_id, managed)] : []))
    const rows = await select()
      .where(and(isNull(users.id), given))
      .orderBy(asc(sipAccounts.code))
    return ok<SipAccount[]>(rows.map(toSip))
  })

  app.post('/call-center/sips', { preHandler: app.requireUser(canManageSips) }, async request => {
    const { user } = currentUser(request)
    const form = parseBody(sipAccountForm, request.body)
    if (form.office_id !== null) {
      const [office] = await db.select({ id: offices.id }).from(offices).where(eq(offices.id, form.office_id)).limit(1)
      if (!office) throw invalidInput({ office_id: cmsg.office })
    }
    let id: number
    try {
      id = await db.transaction(async tx => {
        const [row] = await tx
          .insert(sipAccounts)
          .values({ name: form.name, code: form.code, office_id: form.office_id, password: form.password, created_by: user.id, created_at: new Date(clock.now()) })
          .returning({ id: sipAccounts.id })
        // A user already linked to this code registers with the account's password from now on.
        await tx.update(users).set({ sip_password: form.password }).where(eq(users.sip_code, form.code))
        return row!.id
      })
    } catch (error) {
      if (isUniqueViolation(error)) throw invalidInput({ code: cmsg.sipCodeTaken })
      throw error
    }
    const [row] = await select().where(eq(sipAccounts.id, id)).limit(1)
    return ok<SipAccount>(toSip(row!))
  })
}
