import { and, asc, eq } from 'drizzle-orm'
import type { FastifyInstance } from 'fastify'
import { currentActor } from '../../../server/auth/require-user'
import type { Db } from '../../../server/db/client'
import { ok } from '../../../server/http/envelope'
import { notFound } from '../../../server/http/errors'
import type { ResponsiblePerson } from '../contract'
import type { DocumentType, PersonType, TermYears } from '../rules/catalogues'
import { personForm, type PersonForm } from '../rules/forms'
import { personWarnings } from '../rules/warnings'
import { responsiblePersons } from '../tables'
import { companyInScope } from './company-store'
import type { ClientsContext } from './context'
import { pushProgress } from './http'
import { parseBody, pathId } from '../../../server/http/validate'

type PersonRow = typeof responsiblePersons.$inferSelect

/** `2021-03-15` + 5 years → `2026-03-15` (29 February → 28 February in a common year). */
export function addYears(isoDate: string, years: number): string {
  const [y, m, d] = isoDate.split('-').map(Number) as [number, number, number]
  const date = new Date(Date.UTC(y + years, m - 1, d))
  if (date.getUTCMonth() !== m - 1) date.setUTCDate(0)
  return date.toISOString().slice(0, 10)
}

export function toPerson(row: PersonRow): ResponsiblePerson {
  return {
    id: row.id,
    company_id: row.company_id,
    type: row.type as PersonType,
    position: row.position,
    last_name: row.last_name,
    first_name: row.first_name,
    middle_name: row.middle_name,
    birthday: row.birthday,
    birthplace: row.birthplace,
    citizenship: row.citizenship,
    inn: row.inn,
    snils: row.snils,
    registration_address: row.registration_address,
    document_type: row.document_type as DocumentType,
    document_series: row.document_series,
    document_number: row.document_number,
    document_issue_date: row.document_issue_date,
    document_issuer: row.document_issuer,
    subdivision_code: row.subdivision_code,
    assigned_at: row.assigned_at,
    term_years: row.term_years as TermYears | null,
    assigned_to: row.assigned_to,
    is_founder: row.is_founder,
    share: row.share,
    warnings: personWarnings(row),
  }
}

export function personValues(form: PersonForm) {
  return {
    type: form.type,
    position: form.position,
    last_name: form.last_name,
    first_name: form.first_name,
    middle_name: form.middle_name,
    birthday: form.birthday,
    birthplace: form.birthplace,
    citizenship: form.citizenship,
    inn: form.inn,
    snils: form.snils,
    registration_address: form.registration_address,
    document_type: form.document_type,
    document_series: form.document_series,
    document_number: form.document_number,
    document_issue_date: form.document_issue_date,
    document_issuer: form.document_issuer,
    subdivision_code: form.subdivision_code,
    assigned_at: form.assigned_at,
    term_years: form.term_years,
    assigned_to: form.assigned_at && form.term_years ? addYears(form.assigned_at, form.term_years) : null,
    is_founder: form.is_founder,
    share: form.share,
  }
}

export async function listPersons(db: Db, companyId: number): Promise<ResponsiblePerson[]> {
  const rows = await db
    .select()
    .from(responsiblePersons)
    .where(eq(responsiblePersons.company_id, companyId))
    .orderBy(asc(responsiblePersons.type), asc(responsiblePersons.id))
  return rows.map(toPerson)
}

/** SPEC §3 responsible persons (head, chief accountant) of a company. */
export function personRoutes(app: FastifyInstance, ctx: ClientsContext): void {
  const { db, clock } = ctx.deps

  app.get('/companies/:id/persons', { preHandler: app.requireUser() }, async request => {
    const company = await companyInScope(db, currentActor(request), pathId(request))
    return ok(await listPersons(db, company.id))
  })

  app.post('/companies/:id/persons', { preHandler: app.requireUser() }, async request => {
    const company = await companyInScope(db, currentActor(request), pathId(request))
    const form = parseBody(personForm, request.body)
    const now = new Date(clock.now())
    const [row] = await db
      .insert(responsiblePersons)
      .values({ company_id: company.id, ...personValues(form), created_at: now, updated_at: now })
      .returning()
    await pushProgress(ctx.deps, company.owner_user_id)
    return ok(toPerson(row!))
  })

  app.post('/companies/:id/persons/:personId', { preHandler: app.requireUser() }, async request => {
    const company = await companyInScope(db, currentActor(request), pathId(request))
    const personId = pathId(request, 'personId')
    const form = parseBody(personForm, request.body)
    const [row] = await db
      .update(responsiblePersons)
      .set({ ...personValues(form), updated_at: new Date(clock.now()) })
      .where(and(eq(responsiblePersons.id, personId), eq(responsiblePersons.company_id, company.id)))
      .returning()
    if (!row) throw notFound()
    await pushProgress(ctx.deps, company.owner_user_id)
    return ok(toPerson(row))
  })

  app.post('/companies/:id/persons/:personId/delete', { preHandler: app.requireUser() }, async request => {
    const company = await companyInScope(db, currentActor(request), pathId(request))
    const [row] = await db
      .delete(responsiblePersons)
      .where(and(eq(responsiblePersons.id, pathId(request, 'personId')), eq(responsiblePersons.company_id, company.id)))
      .returning({ id: responsiblePersons.id })
    if (!row) throw notFound()
    await pushProgress(ctx.deps, company.owner_user_id)
    return ok(null)
  })
}
