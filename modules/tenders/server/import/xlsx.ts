import type { Readable } from 'node:stream'
import ExcelJS from 'exceljs'
import type { FileRecord } from './csv'

/** A cell as the text a CSV would hold: dates as YYYY-MM-DD, formulas by their result, rich text joined. */
export function cellText(value: ExcelJS.CellValue): string {
  if (value === null || value === undefined) return ''
  if (value instanceof Date) return value.toISOString().slice(0, 10)
  if (typeof value === 'object') {
    if ('richText' in value) return value.richText.map(part => part.text).join('')
    if ('result' in value) return cellText(value.result as ExcelJS.CellValue)
    if ('text' in value) return String(value.text)
    if ('error' in value) return ''
    return ''
  }
  return String(value)
}

/**
 * The first worksheet's rows, read with exceljs's streaming reader while the upload arrives. Later sheets are read
 * through and ignored (the request body must be consumed to its end).
 */
export async function* xlsxRecords(stream: Readable): AsyncGenerator<FileRecord> {
  const reader = new ExcelJS.stream.xlsx.WorkbookReader(stream, { worksheets: 'emit', sharedStrings: 'cache', styles: 'cache', hyperlinks: 'ignore', entries: 'ignore' })
  let first = true
  for await (const sheet of reader) {
    for await (const row of sheet as AsyncIterable<ExcelJS.Row>) {
      if (!first) continue
      const values = row.values as ExcelJS.CellValue[]
      // exceljs numbers cells from 1: values[0] is always empty.
      const cells = Array.from({ length: Math.max(0, values.length - 1) }, (_, i) => cellText(values[i + 1]).trim())
      if (cells.some(c => c !== '')) yield { row: row.number, cells }
    }
    first = false
  }
}
