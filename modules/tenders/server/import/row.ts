import * as v from 'valibot'
import { isInnChecksumValid, isValidPhone, line, msg, multiline, normalizePhoneInput } from '../../../../core/validation'
import type { ImportColumn, ImportProblem } from '../../import/contract'
import type { TenderInsert } from '../generate'

/** The import's own messages (tenders i18n `import.problems.*`); the generic ones come from core/validation. */
const pmsg = {
  number: 'tenders:import.problems.number',
  law: 'tenders:import.problems.law',
  region: 'tenders:import.problems.region',
  money: 'tenders:import.problems.money',
  contractAboveInitial: 'tenders:import.problems.contractAboveInitial',
  date: 'tenders:import.problems.date',
  inn: 'tenders:import.problems.inn',
  innChecksum: 'tenders:import.problems.innChecksum',
  kpp: 'tenders:import.problems.kpp',
  url: 'tenders:import.problems.url',
  duplicate: 'tenders:import.problems.duplicate',
  columnMissing: 'tenders:import.problems.columnMissing',
} as const
export { pmsg }

const text = (max: number) => v.pipe(v.string(), line(), v.nonEmpty(msg.required), v.maxLength(max, msg.tooLong))
/** A purchase's subject may run over several lines in a cell. */
const longText = (max: number) => v.pipe(v.string(), multiline(), v.nonEmpty(msg.required), v.maxLength(max, msg.tooLong))
/** An optional cell: empty is null, anything else must pass `schema`. */
const orNull = <S extends v.GenericSchema<string, unknown>>(schema: S) => v.pipe(v.string(), v.transform(s => (s === '' ? null : s)), v.nullable(schema))

/** `1 234 567,89` or `1234567.89` (what spreadsheets in either locale write) → rubles. */
const money = v.pipe(
  v.string(),
  v.nonEmpty(msg.required),
  v.transform(s => s.replace(/[\s\u00a0₽]|руб\.?/g, '').replace(',', '.')),
  v.regex(/^\d{1,13}(\.\d{1,2})?$/, pmsg.money),
  v.transform(Number),
)

/** YYYY-MM-DD or DD.MM.YYYY → YYYY-MM-DD, a real calendar day. */
const day = v.pipe(
  v.string(),
  v.nonEmpty(msg.required),
  v.transform(s => s.replace(/^(\d{2})\.(\d{2})\.(\d{4})$/, '$3-$2-$1')),
  v.regex(/^\d{4}-\d{2}-\d{2}$/, pmsg.date),
  v.check(s => new Date(`${s}T00:00:00Z`).toISOString().slice(0, 10) === s, pmsg.date),
)

const inn = v.pipe(v.string(), v.nonEmpty(msg.required), v.regex(/^(\d{10}|\d{12})$/, pmsg.inn), v.check(isInnChecksumValid, pmsg.innChecksum))

/** One data row of the file (cells by column, trimmed; a column the file lacks reads as empty). */
export const importRow = v.pipe(
  v.object({
    /** 44-FZ notices have 19 digits, 223-FZ ones 11. */
    notification_number: v.pipe(v.string(), v.nonEmpty(msg.required), v.regex(/^\d{11,19}$/, pmsg.number)),
    name: longText(2000),
    customer_name: text(1000),
    customer_inn: orNull(inn),
    /** `44`, `44-ФЗ`, `223-FZ`… */
    federal_law: v.pipe(v.string(), v.nonEmpty(msg.required), v.regex(/^(44|223|615)(\D|$)/, pmsg.law), v.transform(s => Number(/^\d+/.exec(s)![0]))),
    region: v.pipe(v.string(), v.nonEmpty(msg.required), v.regex(/^\d{1,2}$/, pmsg.region), v.transform(Number), v.minValue(1, pmsg.region)),
    initial_price: money,
    contract_price: orNull(money),
    guarantee_amount: orNull(money),
    protocol_date: day,
    winner_name: text(1000),
    winner_inn: inn,
    winner_kpp: orNull(v.pipe(v.string(), v.regex(/^\d{4}[\dA-Z]{2}\d{3}$/, pmsg.kpp))),
    winner_address: orNull(text(1000)),
    winner_email: orNull(v.pipe(v.string(), line(), v.email(msg.email), v.maxLength(320, msg.tooLong))),
    winner_phone: orNull(v.pipe(v.string(), v.transform(normalizePhoneInput), v.check(isValidPhone, msg.phone))),
    source_url: orNull(v.pipe(v.string(), v.regex(/^https?:\/\/\S+$/, pmsg.url), v.maxLength(2000, msg.tooLong))),
  }),
  v.forward(
    v.check(row => row.contract_price === null || row.contract_price <= row.initial_price, pmsg.contractAboveInitial),
    ['contract_price'],
  ),
)
export type ImportRow = v.InferOutput<typeof importRow>

/** A row's fields as the tenders table takes them, or what is wrong with it (one problem per field). */
export function checkRow(row: number, cells: Record<ImportColumn, string>): { tender: ImportRow } | { problems: ImportProblem[] } {
  const result = v.safeParse(importRow, cells, { abortPipeEarly: true })
  if (result.success) return { tender: result.output }
  const seen = new Set<string>()
  const problems: ImportProblem[] = []
  for (const issue of result.issues) {
    const field = v.getDotPath(issue) ?? 'row'
    if (seen.has(field)) continue
    seen.add(field)
    problems.push({ row, field, message: issue.message })
  }
  return { problems }
}

/** What an import writes into the tenders table for a checked row. */
export function tenderValues(row: ImportRow, at: Date): TenderInsert {
  return { ...row, created_at: at, updated_at: at }
}
