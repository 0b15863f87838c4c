import { useUnit } from 'effector-react'
import { useMemo, useState } from 'react'
import { useT } from '../../../../core/i18n/useT'
import { Badge, type BadgeTone } from '../../../../core/ui/Badge'
import { Button } from '../../../../core/ui/Button'
import { Panel } from '../../../../core/ui/Card'
import { DataTable, type DataColumn } from '../../../../core/ui/list/DataTable'
import { ListState } from '../../../../core/ui/list/ListState'
import { useLoad } from '../../../../core/ui/list/useLoad'
import { useTenderFormats } from '../format'
import type { ImportStatus, TenderImport } from '../../import/contract'
import { importHistory } from '../../import/model'
import { formatBytes } from './format'
import { ImportReport } from './ImportReport'

const TONE: Record<ImportStatus, BadgeTone> = { running: 'info', imported: 'success', rejected: 'warning', failed: 'error' }
const NO_QUERY = {}

/** The past imports, newest first: who uploaded what, the result, and each rejected file's report on demand. */
export function ImportHistory() {
  const t = useT('tenders')
  const f = useTenderFormats()
  const state = useUnit(importHistory.$state)
  const reload = useLoad('tenders/loadImports', NO_QUERY)
  const [open, setOpen] = useState<number | null>(null)

  const columns = useMemo<DataColumn<TenderImport>[]>(() => {
    return [
      { id: 'date', header: t('import.history.date'), cell: i => f.instant(i.created_at), nowrap: true },
      { id: 'file', header: t('import.history.file'), cell: i => `${i.file_name} · ${formatBytes(i.size)}`, isRowHeader: true, minWidth: 180 },
      { id: 'user', header: t('import.history.user'), cell: i => i.user?.name ?? '—' },
      { id: 'status', header: t('import.history.status'), cell: i => <Badge tone={TONE[i.status]}>{t(`import.status.${i.status}`)}</Badge>, nowrap: true },
      {
        id: 'rows',
        header: t('import.history.rows'),
        cell: i => (i.status === 'imported' ? `${i.rows} (${t('import.history.counts', { inserted: i.inserted, updated: i.updated })})` : i.rows),
      },
    ]
  }, [t, f])

  const shown = state.data?.find(i => i.id === open)
  return (
    <Panel title={t('import.history.title')} data-testid="import-history">
      <ListState state={state} isEmpty={list => list.length === 0} empty={{ title: t('import.history.empty') }} onRetry={reload} skeletonRows={3}>
        {list => (
          <>
            <DataTable
              aria-label={t('import.history.title')}
              columns={columns}
              rows={list}
              narrow="cards"
              rowActions={i =>
                i.problems.length > 0 ? (
                  <Button size="sm" onPress={() => setOpen(open === i.id ? null : i.id)} aria-expanded={open === i.id}>
                    {open === i.id ? t('import.history.hide') : t('import.history.show')}
                  </Button>
                ) : null
              }
            />
            {shown && <ImportReport problems={shown.problems} label={`${t('import.report.title')}: ${shown.file_name}`} />}
          </>
        )}
      </ListState>
    </Panel>
  )
}
