import { useUnit } from 'effector-react'
import { useMemo, useState } from 'react'
import styled from 'styled-components'
import { Link } from 'wouter'
import { useT } from '../../../core/i18n/useT'
import { useDispatch } from '../../../core/react/runtime'
import { Alert } from '../../../core/ui/Alert'
import { Button } from '../../../core/ui/Button'
import { DataTable, type DataColumn } from '../../../core/ui/list/DataTable'
import { ListPage } from '../../../core/ui/list/ListPage'
import { ListState } from '../../../core/ui/list/ListState'
import { CursorPager } from '../../../core/ui/list/Pager'
import { SearchTotal } from '../../../core/ui/list/SearchTotal'
import { useListLoad } from '../../../core/ui/list/useListLoad'
import { SelectField } from '../../../core/ui/SelectField'
import { Spinner } from '../../../core/ui/Spinner'
import { Row } from '../../../core/ui/Stack'
import type { CallListItem } from '../call-list/contract'
import { OUTCOME_FILTER, callListLoad } from '../call-list/loads'
import { $callExport, callList } from '../call-list/model'
import { tenderPath } from '../notifications'
import { Second } from './cells'
import { DateFilter } from './DateFilter'
import { phoneText, useTenderFormats } from './format'

/** The number called, never broken across lines. */
const Nowrap = styled.span`
  display: block;
  white-space: nowrap;
`

const pad = (n: number) => String(n).padStart(2, '0')
/** Talk time as the call panel shows it: mm:ss. */
export const duration = (seconds: number) => `${pad(Math.floor(seconds / 60))}:${pad(seconds % 60)}`

/**
 * /tenders-call-list (issue 12 §4): every call made from a tender page that the user may see (own, office, all),
 * filtered by outcome, employee and dates, newest first with keyset paging, and exported to XLSX with the same
 * filters. At 390 px each call is a card.
 */
export default function CallListPage() {
  const t = useT('tenders')
  const f = useTenderFormats()
  const dispatch = useDispatch()
  const [query, setQuery, reload] = useListLoad(callListLoad)
  const state = useUnit(callList.$state)
  const exporting = useUnit($callExport)
  // The cursors of the pages before this one: keyset paging only knows "next", so "previous" is remembered here.
  const [back, setBack] = useState<(string | null)[]>([])
  const filtered = query.q !== '' || query.outcome !== 'all' || query.employee !== '' || query.date_from !== '' || query.date_to !== ''
  const { cursor: _cursor, ...filter } = query
  const setFilter = (patch: Partial<typeof filter>) => {
    setBack([])
    setQuery(patch)
  }

  const columns = useMemo<DataColumn<CallListItem>[]>(() => {
    return [
      { id: 'date', header: t('callList.columns.date'), cell: c => f.instant(c.created_at), nowrap: true, isRowHeader: true },
      { id: 'employee', header: t('callList.columns.employee'), cell: c => c.employee.name, minWidth: 140 },
      {
        id: 'tender',
        header: t('callList.columns.tender'),
        minWidth: 200,
        cell: c =>
          c.tender ? (
            <Link href={tenderPath(c.tender.id)}>
              № {c.tender.notification_number} — {c.tender.name}
            </Link>
          ) : (
            t('callList.tenderGone')
          ),
      },
      // The number called and, under it, whom it reached: one column, so the log fits a laptop's 1366 px.
      {
        id: 'phone',
        header: t('callList.columns.phone'),
        cell: c => (
          <span>
            <Nowrap>{phoneText(c.phone)}</Nowrap>
            {c.contact && <Second>{c.contact}</Second>}
          </span>
        ),
      },
      { id: 'duration', header: t('callList.columns.duration'), cell: c => duration(c.duration), nowrap: true, align: 'end' },
      { id: 'outcome', header: t('callList.columns.outcome'), cell: c => t(`callList.outcomes.${c.outcome ?? 'none'}`), nowrap: true },
      { id: 'comment', header: t('callList.columns.comment'), cell: c => c.comment ?? '—', minWidth: 180 },
    ]
  }, [t, f])

  const employees = state.data?.employees ?? []
  const busy = exporting.status === 'running'
  return (
    <ListPage
      title={t('callList.title')}
      data-testid="call-list-page"
      // The log counts no total: the line says only that a mistyped employee's similar names are listed.
      description={state.data ? <SearchTotal page={state.data} q={query.q} /> : undefined}
      search={{ label: t('callList.search'), placeholder: t('callList.searchPlaceholder'), value: query.q, onSearch: q => setFilter({ q }), 'data-testid': 'call-list-search' }}
      actions={
        <Button onPress={() => void dispatch('tenders/exportCallList', filter)} isDisabled={busy} data-testid="call-list-export">
          {busy ? (
            <Row gap="xs">
              <Spinner size={14} />
              {t('callList.export.busy')}
            </Row>
          ) : (
            t('callList.export.button')
          )}
        </Button>
      }
      filters={
        <>
          <SelectField
            label={t('callList.filters.outcome')}
            name="outcome"
            value={query.outcome}
            onChange={outcome => setFilter({ outcome: outcome as (typeof OUTCOME_FILTER)[number] })}
            options={OUTCOME_FILTER.map(o => ({ value: o, label: o === 'all' ? t('callList.filters.anyOutcome') : t(`callList.outcomes.${o}`) }))}
          />
          <SelectField
            label={t('callList.filters.employee')}
            name="employee"
            value={query.employee}
            onChange={employee => setFilter({ employee })}
            options={[{ value: '', label: t('callList.filters.anyEmployee') }, ...employees.map(e => ({ value: String(e.id), label: e.name }))]}
          />
          <DateFilter label={t('callList.filters.from')} value={query.date_from} onChange={date_from => setFilter({ date_from })} testId="call-list-from" />
          <DateFilter label={t('callList.filters.to')} value={query.date_to} onChange={date_to => setFilter({ date_to })} testId="call-list-to" />
          {filtered && (
            <Button variant="ghost" onPress={() => setFilter({ q: '', outcome: 'all', employee: '', date_from: '', date_to: '' })}>
              {t('callList.filters.reset')}
            </Button>
          )}
        </>
      }
    >
      {exporting.status === 'failed' && <Alert kind="error">{t('callList.export.failed')}</Alert>}
      <ListState
        state={state}
        isEmpty={page => page.items.length === 0}
        isFiltered={filtered}
        empty={{ title: t(filtered ? 'callList.emptyFiltered' : 'callList.empty') }}
        onRetry={reload}
        data-testid="call-list"
      >
        {page => (
          <>
            <DataTable aria-label={t('callList.title')} columns={columns} rows={page.items} narrow="cards" isBusy={state.status === 'loading'} data-testid="call-list-table" />
            <CursorPager
              aria-label={t('callList.paging')}
              prev={back.length > 0 ? (back.at(-1) ?? '') : null}
              next={page.next_cursor}
              onPage={cursor => {
                if (cursor === page.next_cursor) {
                  setBack([...back, query.cursor])
                  setQuery({ cursor })
                } else {
                  setBack(back.slice(0, -1))
                  setQuery({ cursor: back.at(-1) ?? null })
                }
              }}
            />
          </>
        )}
      </ListState>
    </ListPage>
  )
}
