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
 * exceljs 4.4 pipes the upload into unzipper 0.10's `Parse`, which emits 'end' as soon as its input is written
 * ('finish') while entries it has already parsed may still wait in its buffer. A reader slower than the parser (a
 * busy server writing a sheet to its temporary file) then ends its loop early and loses the last entries; exceljs
 * writes `xl/workbook.xml` last, so a good file failed with "reading 'sheets'" (exceljs#3064, unzipper#346). The
 * parser ends its readable side itself after the end of the central directory (or fails on a cut file), so only
 * the 'end' Node emits (`readableEnded` is set just before it) is let through.
 */
function withoutEarlyEnd(upload: Readable): Readable {
  const pipe = upload.pipe.bind(upload)
  upload.pipe = <T extends NodeJS.WritableStream>(parser: T, options?: { end?: boolean }): T => {
    const emit = parser.emit.bind(parser) as (event: string | symbol, ...args: unknown[]) => boolean
    const readable = parser as unknown as Readable
    parser.emit = (event: string | symbol, ...args: unknown[]) => (event === 'end' && !readable.readableEnded ? false : emit(event, ...args))
    return pipe(parser, options)
  }
  return upload
}

/**
 * The first worksheet's rows, read with exceljs's streaming reader while the upload arrives. Later sheets are read
 * through and ignored (the request body must be consumed to its end).
 */
export async function* xlsxRecords(stream: Readable): AsyncGenerator<FileRecord> {
  const reader = new ExcelJS.stream.xlsx.WorkbookReader(withoutEarlyEnd(stream), { worksheets: 'emit', sharedStrings: 'cache', styles: 'cache', hyperlinks: 'ignore', entries: 'ignore' })
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
