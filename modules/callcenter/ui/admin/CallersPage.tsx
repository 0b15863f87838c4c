import { useUnit } from 'effector-react'
import { useMemo } from 'react'
import { useT } from '../../../../core/i18n/useT'
import { useDispatch } from '../../../../core/react/runtime'
import { Badge } from '../../../../core/ui/Badge'
import type { DataColumn } from '../../../../core/ui/list/DataTable'
import { ListPage } from '../../../../core/ui/list/ListPage'
import { CursorTable } from '../../../../core/ui/list/CursorTable'
import { SearchTotal } from '../../../../core/ui/list/SearchTotal'
import { useListLoad } from '../../../../core/ui/list/useListLoad'
import { useLiveRefresh } from '../../../../core/ui/list/useLiveRefresh'
import { formatPhone } from '../../../../core/validation/phone'
import type { Caller } from '../../contract'
import { callersLoad } from '../../loads'
import { callersList } from '../../model'
import { Button } from '../../../../core/ui/Button'

/** /callers (SPEC §2, §3): call-center employees in the manager's scope, with search and paging. */
export default function CallersPage() {
  const t = useT('callcenter')
  const dispatch = useDispatch()
  const [query, setQuery, reload] = useListLoad(callersLoad)
  const state = useUnit(callersList.$state)
  // Another manager added or changed an employee of this list: the open page is read again.
  useLiveRefresh('updateCallers', reload)
  const columns = useMemo<DataColumn<Caller>[]>(
    () => [
      { id: 'name', header: t('callers.fullName'), cell: c => c.full_name, isRowHeader: true, minWidth: 200 },
      { id: 'role', header: t('callers.role'), cell: c => t(`roles.${c.role}`) },
      { id: 'phone', header: t('callers.phone'), cell: c => formatPhone(c.phone), nowrap: true },
      { id: 'email', header: t('callers.email'), cell: c => c.email ?? '—' },
      { id: 'office', header: t('callers.office'), cell: c => c.office_name ?? '—' },
      { id: 'sip', header: t('callers.sip'), cell: c => c.sip ?? '—', nowrap: true },
      {
        id: 'status',
        header: t('callers.status'),
        cell: c => <Badge tone={c.enabled ? 'success' : 'neutral'}>{t(c.enabled ? 'callers.enabled' : 'callers.disabled')}</Badge>,
      },
    ],
    [t],
  )

  return (
    <ListPage
      title={t('pages.callers')}
      // "About N" once the list is past what the server counts exactly (server/search/total.ts); "not found —
      // similar names" before it when the rows are a typo's.
      description={state.data ? <SearchTotal page={state.data} q={query.q} /> : undefined}
      actions={
        <Button variant="primary" onPress={() => void dispatch('app/navigate', { to: '/callers/add' })} data-testid="caller-add">
          {t('callers.add')}
        </Button>
      }
      search={{ label: t('callers.search'), value: query.q, onSearch: q => setQuery({ q }, { replace: true }), 'data-testid': 'callers-search' }}
    >
      <CursorTable
        state={state}
        onCursor={cursor => setQuery({ cursor, page: 1 })}
        onRetry={reload}
        isFiltered={query.q !== ''}
        empty={{ title: t(query.q ? 'callers.noneFound' : 'callers.empty') }}
        aria-label={t('pages.callers')}
        data-testid="callers-table"
        columns={columns}
        rowHref={c => `/callers/${c.id}`}
      />
    </ListPage>
  )
}
