import { useT } from '../../../../core/i18n/useT'
import { DataTable, type DataColumn } from '../../../../core/ui/list/DataTable'
import type { ImportProblem } from '../../import/contract'

/** What is wrong with a file, row by row (the row as a spreadsheet numbers it, the column, the problem). */
export function ImportReport({ problems, label }: { problems: ImportProblem[]; label: string }) {
  const t = useT('tenders')
  const columns: DataColumn<ImportProblem & { key: string }>[] = [
    { id: 'row', header: t('import.report.row'), cell: p => p.row, isRowHeader: true, align: 'end', nowrap: true },
    { id: 'field', header: t('import.report.field'), cell: p => p.field, nowrap: true },
    { id: 'message', header: t('import.report.message'), cell: p => t(p.message), minWidth: 220 },
  ]
  const rows = problems.map((p, i) => ({ ...p, key: `${i}` }))
  return <DataTable aria-label={label} columns={columns} rows={rows} rowKey={p => p.key} narrow="cards" virtualizeAbove={2_000} data-testid="import-report" />
}
