import ExcelJS from 'exceljs'
import type { FastifyReply, FastifyRequest } from 'fastify'
import { formatPhone } from '../../../core/validation'
import type { Db } from '../../../server/db/client'
import { lookup, pickLang, type Lang } from '../../../server/http/i18n'
import type { CallCenterService, PageCallsQuery } from '../../callcenter/server'
import type { CallListItem } from '../call-list/contract'
import { withTenders } from './call-rows'

/** More calls than a year of a large office; the cap only stops a runaway export from eating the server. */
export const CALL_EXPORT_CAP = 100_000
const BATCH = 1_000
const XLSX_MIME = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet'

const text = (lang: Lang, key: string) => lookup(lang, `tenders:callList.${key}`) ?? key

/** The call list as a workbook, its headers and outcomes in `lang`. */
export async function callListWorkbook(lang: Lang, calls: CallListItem[]): Promise<Buffer> {
  const book = new ExcelJS.Workbook()
  book.creator = 'cabinet'
  book.created = new Date(0)
  const sheet = book.addWorksheet(text(lang, 'export.sheet'), { views: [{ state: 'frozen', ySplit: 1 }] })
  const column = (key: string, width: number) => ({ header: text(lang, `columns.${key}`), key, width })
  sheet.columns = [
    column('date', 20),
    column('employee', 28),
    column('number', 22),
    column('tender', 48),
    column('contact', 26),
    column('phone', 20),
    column('duration', 12),
    column('outcome', 20),
    column('comment', 48),
  ]
  for (const c of calls) {
    sheet.addRow({
      date: c.created_at.slice(0, 16).replace('T', ' '),
      employee: c.employee.name,
      number: c.tender?.notification_number ?? '',
      tender: c.tender?.name ?? '',
      contact: c.contact ?? '',
      phone: c.phone.length === 11 ? formatPhone(c.phone) : c.phone,
      duration: c.duration,
      outcome: c.outcome === null ? '' : (lookup(lang, `tenders:callList.outcomes.${c.outcome}`) ?? String(c.outcome)),
      comment: c.comment ?? '',
    })
  }
  sheet.getRow(1).font = { bold: true }
  // A notification number is text: Excel must not turn it into 3.0E+18.
  sheet.getColumn('number').numFmt = '@'
  return Buffer.from(await book.xlsx.writeBuffer())
}

/** Every call of the query (up to the cap), read from the call center in keyset batches, as an XLSX download. */
export async function exportCallList(request: FastifyRequest, reply: FastifyReply, db: Db, callCenter: CallCenterService, query: Omit<PageCallsQuery, 'limit' | 'after'>) {
  const calls: CallListItem[] = []
  let after: PageCallsQuery['after'] = null
  while (calls.length < CALL_EXPORT_CAP) {
    const { calls: batch } = await callCenter.callsOn({ ...query, after, limit: Math.min(BATCH, CALL_EXPORT_CAP - calls.length) })
    calls.push(...(await withTenders(db, batch)))
    const last = batch.at(-1)
    if (!last || batch.length < BATCH) break
    after = { at: last.created_at, id: last.id }
  }
  const body = await callListWorkbook(pickLang(request.headers['accept-language']), calls)
  return reply
    .header('content-type', XLSX_MIME)
    .header('content-disposition', 'attachment; filename="tender-calls.xlsx"')
    .header('cache-control', 'private, no-store')
    .send(body)
}
