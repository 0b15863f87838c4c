/**
 * The tender file import (issue 12 §5, /upload, role 100): shared by the page and the server. Import-free: the
 * page's chunk and the server both read the columns list.
 */

export const importApi = {
  /** POST multipart `file` (CSV or XLSX) → TenderImport (status imported or rejected). */
  upload: 'v1/tenders/import',
  /** GET → TenderImport (while it runs, `rows` counts what was read so far). */
  one: (id: number) => `v1/tenders/import/${id}`,
  /** GET → TenderImport[], newest first. */
  history: 'v1/tenders/imports',
} as const

/** The file's columns (its first row names them, in any order); the required ones must be there. */
export const IMPORT_COLUMNS = [
  'notification_number',
  'name',
  'customer_name',
  'customer_inn',
  'federal_law',
  'region',
  'initial_price',
  'contract_price',
  'guarantee_amount',
  'protocol_date',
  'winner_name',
  'winner_inn',
  'winner_kpp',
  'winner_address',
  'winner_email',
  'winner_phone',
  'source_url',
] as const
export type ImportColumn = (typeof IMPORT_COLUMNS)[number]

export const REQUIRED_COLUMNS: readonly ImportColumn[] = ['notification_number', 'name', 'customer_name', 'federal_law', 'region', 'initial_price', 'protocol_date', 'winner_name', 'winner_inn']

/** How many problems a report keeps; past that it says it was truncated. */
export const REPORT_CAP = 1_000

export type ImportStatus = 'running' | 'imported' | 'rejected' | 'failed'

/** One problem of the report: the file's row (the header is row 1), the column, an i18n key of the message. */
export interface ImportProblem {
  row: number
  field: string
  message: string
}

export interface TenderImport {
  id: number
  file_name: string
  size: number
  status: ImportStatus
  /** Data rows read. */
  rows: number
  inserted: number
  updated: number
  problems: ImportProblem[]
  problems_truncated: boolean
  user: { id: number; name: string } | null
  created_at: string
  finished_at: string | null
}
