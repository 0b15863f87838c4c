import { and, desc, eq } from 'drizzle-orm'
import type { FastifyInstance } from 'fastify'
import { currentActor } from '../../../server/auth/require-user'
import type { Db } from '../../../server/db/client'
import { ok } from '../../../server/http/envelope'
import { notFound } from '../../../server/http/errors'
import type { FinancialPeriod } from '../contract'
import { FINANCIAL_INDICATORS } from '../rules/catalogues'
import { financialsForm } from '../rules/forms'
import { financialPeriods } from '../tables'
import { companyInScope } from './company-store'
import type { ClientsContext } from './context'
import { pushProgress } from './http'
import { parseBody, pathId } from '../../../server/http/validate'

type PeriodRow = typeof financialPeriods.$inferSelect

export function toPeriod(row: PeriodRow): FinancialPeriod {
  const values = Object.fromEntries(FINANCIAL_INDICATORS.map(k => [k, row[k]])) as Record<(typeof FINANCIAL_INDICATORS)[number], number | null>
  return { id: row.id, company_id: row.company_id, year: row.year, quarter: row.quarter, ...values, updated_at: row.updated_at.toISOString() }
}

export async function listPeriods(db: Db, companyId: number): Promise<FinancialPeriod[]> {
  const rows = await db
    .select()
    .from(financialPeriods)
    .where(eq(financialPeriods.company_id, companyId))
    .orderBy(desc(financialPeriods.year), desc(financialPeriods.quarter))
  return rows.map(toPeriod)
}

/** Financial indicators by period; saving a period that exists replaces its values ("financials updated"). */
export function financialRoutes(app: FastifyInstance, ctx: ClientsContext): void {
  const { db, clock } = ctx.deps

  app.get('/companies/:id/financials', { preHandler: app.requireUser() }, async request => {
    const company = await companyInScope(db, currentActor(request), pathId(request))
    return ok(await listPeriods(db, company.id))
  })

  app.post('/companies/:id/financials', { preHandler: app.requireUser() }, async request => {
    const company = await companyInScope(db, currentActor(request), pathId(request))
    const form = parseBody(financialsForm, request.body)
    const values = Object.fromEntries(FINANCIAL_INDICATORS.map(k => [k, form[k]]))
    const now = new Date(clock.now())
    const [row] = await db
      .insert(financialPeriods)
      .values({ company_id: company.id, year: form.year, quarter: form.quarter, ...values, updated_at: now })
      .onConflictDoUpdate({
        target: [financialPeriods.company_id, financialPeriods.year, financialPeriods.quarter],
        set: { ...values, updated_at: now },
      })
      .returning()
    await pushProgress(ctx.deps, company.owner_user_id)
    return ok(toPeriod(row!))
  })

  app.post('/companies/:id/financials/:periodId/delete', { preHandler: app.requireUser() }, async request => {
    const company = await companyInScope(db, currentActor(request), pathId(request))
    const [row] = await db
      .delete(financialPeriods)
      .where(and(eq(financialPeriods.id, pathId(request, 'periodId')), eq(financialPeriods.company_id, company.id)))
      .returning({ id: financialPeriods.id })
    if (!row) throw notFound()
    await pushProgress(ctx.deps, company.owner_user_id)
    return ok(null)
  })
}
