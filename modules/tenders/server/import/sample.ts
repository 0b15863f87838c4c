import { IMPORT_COLUMNS, type ImportColumn } from '../../import/contract'
import { tenderRow } from '../generate'

/** Row `i` of the deterministic registry as the cells of an import file (money with a decimal comma, as Excel writes). */
export function sampleCells(i: number, now: number): Record<ImportColumn, string> {
  const row = tenderRow(i, now)
  const money = (n: number | null | undefined) => (n === null || n === undefined ? '' : String(n).replace('.', ','))
  return {
    notification_number: row.notification_number,
    name: row.name,
    customer_name: row.customer_name,
    customer_inn: row.customer_inn ?? '',
    federal_law: String(row.federal_law),
    region: String(row.region),
    initial_price: money(row.initial_price),
    contract_price: money(row.contract_price),
    guarantee_amount: money(row.guarantee_amount),
    protocol_date: row.protocol_date,
    winner_name: row.winner_name,
    winner_inn: row.winner_inn,
    winner_kpp: row.winner_kpp ?? '',
    winner_address: row.winner_address ?? '',
    winner_email: row.winner_email ?? '',
    winner_phone: row.winner_phone ?? '',
    source_url: row.source_url ?? '',
  }
}

const quoted = (cell: string) => (/[;"\r\n]/.test(cell) ? `"${cell.replaceAll('"', '""')}"` : cell)

/** A `;`-separated CSV of the given rows' cells, with the header row (tests, the browser test, a demo file). */
export function sampleCsv(rows: Record<ImportColumn, string>[], columns: readonly ImportColumn[] = IMPORT_COLUMNS): string {
  return [columns.join(';'), ...rows.map(r => columns.map(c => quoted(r[c])).join(';'))].join('\r\n') + '\r\n'
}
