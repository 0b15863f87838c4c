import { IMPORT_COLUMNS, REQUIRED_COLUMNS, type ImportColumn, type ImportProblem } from '../../import/contract'
import { pmsg } from './row'

/** Where each known column sits in the file, read from its header row (names in any case, any order). */
export interface Header {
  positions: Map<ImportColumn, number>
  problems: ImportProblem[]
}

export function readHeader(cells: string[]): Header {
  const positions = new Map<ImportColumn, number>()
  cells.forEach((cell, i) => {
    const name = cell.trim().toLowerCase() as ImportColumn
    if ((IMPORT_COLUMNS as readonly string[]).includes(name) && !positions.has(name)) positions.set(name, i)
  })
  const problems = REQUIRED_COLUMNS.filter(c => !positions.has(c)).map(field => ({ row: 1, field, message: pmsg.columnMissing }))
  return { positions, problems }
}

/** A data row's cells by column; a column the file does not have reads as empty. */
export function cellsOf(header: Header, cells: string[]): Record<ImportColumn, string> {
  return Object.fromEntries(IMPORT_COLUMNS.map(c => [c, (cells[header.positions.get(c) ?? -1] ?? '').trim()])) as Record<ImportColumn, string>
}
