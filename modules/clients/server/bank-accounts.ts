import { and, asc, desc, eq, ne } from 'drizzle-orm'
import type { FastifyInstance } from 'fastify'
import { currentActor } from '../../../server/auth/require-user'
import type { Db } from '../../../server/db/client'
import { isUniqueViolation } from '../../../server/db/errors'
import { ok } from '../../../server/http/envelope'
import { ApiError, notFound } from '../../../server/http/errors'
import type { BankAccount } from '../contract'
import { bankAccountForm, type BankAccountForm } from '../rules/forms'
import { bankAccountWarnings } from '../rules/warnings'
import { bankAccounts } from '../tables'
import { companyInScope } from './company-store'
import type { ClientsContext } from './context'
import { pushProgress } from './http'
import { parseBody, pathId } from '../../../server/http/validate'

type AccountRow = typeof bankAccounts.$inferSelect

export const toBankAccount = (row: AccountRow): BankAccount => ({
  id: row.id,
  company_id: row.company_id,
  bank_name: row.bank_name,
  bik: row.bik,
  correspondent_account: row.correspondent_account,
  settlement_account: row.settlement_account,
  is_main: row.is_main,
  warnings: bankAccountWarnings(row),
})

export async function listBankAccounts(db: Db, companyId: number): Promise<BankAccount[]> {
  const rows = await db.select().from(bankAccounts).where(eq(bankAccounts.company_id, companyId)).orderBy(desc(bankAccounts.is_main), asc(bankAccounts.id))
  return rows.map(toBankAccount)
}

/** Two saves racing to make different accounts main: the partial unique index refuses the second. */
async function oneMain<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work()
  } catch (error) {
    if (isUniqueViolation(error)) throw new ApiError(409, 'badRequest')
    throw error
  }
}

/**
 * SPEC §3 bank accounts. One main account per company, enforced by a partial unique index: making one main
 * clears the flag on the others in the same transaction; the first account is main; deleting the main one
 * hands the flag to the oldest remaining.
 */
export function bankAccountRoutes(app: FastifyInstance, ctx: ClientsContext): void {
  const { db, clock } = ctx.deps

  const values = (form: BankAccountForm) => ({
    bank_name: form.bank_name,
    bik: form.bik,
    correspondent_account: form.correspondent_account,
    settlement_account: form.settlement_account,
  })

  app.get('/companies/:id/bank-accounts', { preHandler: app.requireUser() }, async request => {
    const company = await companyInScope(db, currentActor(request), pathId(request))
    return ok(await listBankAccounts(db, company.id))
  })

  app.post('/companies/:id/bank-accounts', { preHandler: app.requireUser() }, async request => {
    const company = await companyInScope(db, currentActor(request), pathId(request))
    const form = parseBody(bankAccountForm, request.body)
    const row = await oneMain(() =>
      db.transaction(async tx => {
        const [main] = await tx
          .select({ id: bankAccounts.id })
          .from(bankAccounts)
          .where(and(eq(bankAccounts.company_id, company.id), eq(bankAccounts.is_main, true)))
        const isMain = form.is_main || !main
        if (isMain && main) await tx.update(bankAccounts).set({ is_main: false }).where(eq(bankAccounts.id, main.id))
        const [inserted] = await tx
          .insert(bankAccounts)
          .values({ company_id: company.id, ...values(form), is_main: isMain, created_at: new Date(clock.now()) })
          .returning()
        return inserted!
      }),
    )
    await pushProgress(ctx.deps, company.owner_user_id)
    return ok(toBankAccount(row))
  })

  app.post('/companies/:id/bank-accounts/:accountId', { preHandler: app.requireUser() }, async request => {
    const company = await companyInScope(db, currentActor(request), pathId(request))
    const accountId = pathId(request, 'accountId')
    const form = parseBody(bankAccountForm, request.body)
    const row = await oneMain(() =>
      db.transaction(async tx => {
        const [before] = await tx
          .select()
          .from(bankAccounts)
          .where(and(eq(bankAccounts.id, accountId), eq(bankAccounts.company_id, company.id)))
        if (!before) throw notFound()
        // Unticking "main" on the main account keeps it main: a company with accounts always has one.
        const isMain = before.is_main || form.is_main
        if (isMain && !before.is_main) {
          await tx
            .update(bankAccounts)
            .set({ is_main: false })
            .where(and(eq(bankAccounts.company_id, company.id), ne(bankAccounts.id, accountId)))
        }
        const [updated] = await tx
          .update(bankAccounts)
          .set({ ...values(form), is_main: isMain })
          .where(eq(bankAccounts.id, accountId))
          .returning()
        return updated!
      }),
    )
    return ok(toBankAccount(row))
  })

  app.post('/companies/:id/bank-accounts/:accountId/main', { preHandler: app.requireUser() }, async request => {
    const company = await companyInScope(db, currentActor(request), pathId(request))
    const accountId = pathId(request, 'accountId')
    const row = await oneMain(() =>
      db.transaction(async tx => {
        const [target] = await tx
          .select({ id: bankAccounts.id })
          .from(bankAccounts)
          .where(and(eq(bankAccounts.id, accountId), eq(bankAccounts.company_id, company.id)))
        if (!target) throw notFound()
        await tx
          .update(bankAccounts)
          .set({ is_main: false })
          .where(and(eq(bankAccounts.company_id, company.id), ne(bankAccounts.id, accountId)))
        const [updated] = await tx.update(bankAccounts).set({ is_main: true }).where(eq(bankAccounts.id, accountId)).returning()
        return updated!
      }),
    )
    return ok(toBankAccount(row))
  })

  app.post('/companies/:id/bank-accounts/:accountId/delete', { preHandler: app.requireUser() }, async request => {
    const company = await companyInScope(db, currentActor(request), pathId(request))
    const accountId = pathId(request, 'accountId')
    await db.transaction(async tx => {
      const [row] = await tx
        .delete(bankAccounts)
        .where(and(eq(bankAccounts.id, accountId), eq(bankAccounts.company_id, company.id)))
        .returning()
      if (!row) throw notFound()
      if (row.is_main) {
        const [next] = await tx.select({ id: bankAccounts.id }).from(bankAccounts).where(eq(bankAccounts.company_id, company.id)).orderBy(asc(bankAccounts.id)).limit(1)
        if (next) await tx.update(bankAccounts).set({ is_main: true }).where(eq(bankAccounts.id, next.id))
      }
    })
    await pushProgress(ctx.deps, company.owner_user_id)
    return ok(null)
  })
}
