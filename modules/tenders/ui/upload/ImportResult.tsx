import { useT } from '../../../../core/i18n/useT'
import { Alert } from '../../../../core/ui/Alert'
import { Stack } from '../../../../core/ui/Stack'
import type { TenderImport } from '../../import/contract'
import { ImportReport } from './ImportReport'

/** The answer to an upload: how many tenders came in, or why none did (the report). */
export function ImportResult({ record }: { record: TenderImport }) {
  const t = useT('tenders')
  if (record.status === 'imported') {
    return (
      <div data-testid="import-result">
        <Alert kind="success" role="status">
          {t('import.result.imported', { inserted: record.inserted, updated: record.updated, rows: record.rows })}
        </Alert>
      </div>
    )
  }
  return (
    <Stack gap="sm" data-testid="import-result">
      <Alert kind="error" title={t('import.failed')}>
        {t('import.result.rejected', { count: record.problems.length, rows: record.rows })}
        {record.problems_truncated && ` ${t('import.result.truncated', { count: record.problems.length })}`}
      </Alert>
      <ImportReport problems={record.problems} label={t('import.report.title')} />
    </Stack>
  )
}
