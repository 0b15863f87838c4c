import ExcelJS from 'exceljs'
import type { FastifyInstance } from 'fastify'
import { formatPhone } from '../../../core/validation'
import { currentActor } from '../../../server/auth/require-user'
import type { Lang } from '../../../server/http/i18n'
import type { Company } from '../contract'
import { companyListQuery } from '../rules/forms'
import { exportCompanies } from './company-store'
import type { ClientsContext } from './context'
import { langOf, text } from './http'
import { parseQuery } from '../../../server/http/validate'
import { listIndividualsForExport, type ExportIndividual } from './individuals'

/** More rows than any agent keeps; the cap only stops a runaway export from eating the server. */
export const EXPORT_CAP = 100_000

const XLSX_MIME = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet'

/** "My companies" as a workbook: the companies of the current filters, and the individuals matching the search. */
export async function buildWorkbook(lang: Lang, companyRows: Company[], individualRows: ExportIndividual[]): Promise<Buffer> {
  const t = (key: string) => text(lang, `export.${key}`)
  const book = new ExcelJS.Workbook()
  book.creator = 'cabinet'
  book.created = new Date(0)

  const sheet = book.addWorksheet(t('sheetCompanies'), { views: [{ state: 'frozen', ySplit: 1 }] })
  sheet.columns = [
    { header: t('id'), key: 'id', width: 8 },
    { header: t('kind'), key: 'kind', width: 18 },
    { header: t('shortName'), key: 'short_name', width: 32 },
    { header: t('fullName'), key: 'full_name', width: 48 },
    { header: t('inn'), key: 'inn', width: 14 },
    { header: t('kpp'), key: 'kpp', width: 12 },
    { header: t('ogrn'), key: 'ogrn', width: 17 },
    { header: t('status'), key: 'status', width: 22 },
    { header: t('agent'), key: 'agent', width: 30 },
    { header: t('contactName'), key: 'contact_name', width: 30 },
    { header: t('contactPhone'), key: 'contact_phone', width: 20 },
    { header: t('email'), key: 'email', width: 28 },
    { header: t('createdAt'), key: 'created_at', width: 12 },
  ]
  for (const c of companyRows) {
    sheet.addRow({
      id: c.id,
      kind: t(c.kind),
      short_name: c.short_name ?? '',
      full_name: c.full_name ?? '',
      inn: c.inn ?? '',
      kpp: c.kpp ?? '',
      ogrn: c.ogrn ?? '',
      status: t(c.status),
      agent: c.agent?.name ?? '',
      contact_name: c.contact_person_name ?? '',
      contact_phone: c.contact_person_phone ? formatPhone(c.contact_person_phone) : '',
      email: c.bidder_email ?? '',
      created_at: c.created_at.slice(0, 10),
    })
  }
  sheet.getRow(1).font = { bold: true }
  // Identifiers are text: Excel must not turn an INN into 7.7E+09 or drop a leading zero.
  for (const key of ['inn', 'kpp', 'ogrn']) sheet.getColumn(key).numFmt = '@'

  const people = book.addWorksheet(t('sheetIndividuals'), { views: [{ state: 'frozen', ySplit: 1 }] })
  people.columns = [
    { header: t('id'), key: 'id', width: 8 },
    { header: t('name'), key: 'name', width: 36 },
    { header: t('inn'), key: 'inn', width: 14 },
    { header: t('birthday'), key: 'birthday', width: 14 },
    { header: t('phone'), key: 'phone', width: 20 },
    { header: t('email'), key: 'email', width: 28 },
    { header: t('agent'), key: 'agent', width: 30 },
  ]
  for (const p of individualRows) {
    people.addRow({
      id: p.id,
      name: p.full_name,
      inn: p.inn ?? '',
      birthday: p.birthday ?? '',
      phone: p.phone ? formatPhone(p.phone) : '',
      email: p.email ?? '',
      agent: p.agent ?? '',
    })
  }
  people.getRow(1).font = { bold: true }
  people.getColumn('inn').numFmt = '@'

  return Buffer.from(await book.xlsx.writeBuffer())
}

/** GET companies/export: a real XLSX of "My companies" with the list's filters, in the request's language. */
export function exportRoutes(app: FastifyInstance, ctx: ClientsContext): void {
  const { db, clock } = ctx.deps
  app.get('/companies/export', { preHandler: app.requireUser() }, async (request, reply) => {
    const actor = currentActor(request)
    const { page: _page, limit: _limit, ...filters } = parseQuery(companyListQuery, request.query)
    const lang = langOf(request)
    const companyRows = await exportCompanies(db, actor, filters, EXPORT_CAP)
    const individualRows = filters.kind || filters.status || filters.agent_id ? [] : await listIndividualsForExport(db, actor, filters.q, EXPORT_CAP)
    const body = await buildWorkbook(lang, companyRows, individualRows)
    const day = new Date(clock.now()).toISOString().slice(0, 10)
    return reply
      .header('content-type', XLSX_MIME)
      .header('content-disposition', `attachment; filename="companies-${day}.xlsx"`)
      .header('cache-control', 'private, no-store')
      .send(body)
  })
}

