import { useUnit } from 'effector-react'
import { useMemo } from 'react'
import { Link } from 'wouter'
import { useT } from '../../../../core/i18n/useT'
import { useDispatch } from '../../../../core/react/runtime'
import type { DataColumn } from '../../../../core/ui/list/DataTable'
import { ListPage } from '../../../../core/ui/list/ListPage'
import { CursorTable } from '../../../../core/ui/list/CursorTable'
import { SearchTotal } from '../../../../core/ui/list/SearchTotal'
import { useListLoad } from '../../../../core/ui/list/useListLoad'
import { useLiveRefresh } from '../../../../core/ui/list/useLiveRefresh'
import type { SipAccount } from '../../contract'
import { sipsLoad } from '../../loads'
import { sipsList } from '../../model'
import { Button } from '../../../../core/ui/Button'

/** /sips (SPEC §2: administrators): SIP accounts and who uses each; their passwords are never shown back. */
export default function SipsPage() {
  const t = useT('callcenter')
  const dispatch = useDispatch()
  const [query, setQuery, reload] = useListLoad(sipsLoad)
  const state = useUnit(sipsList.$state)
  // An account's user is an employee's SIP code: a change to an employee may give or free one.
  useLiveRefresh('updateCallers', reload)
  const columns = useMemo<DataColumn<SipAccount>[]>(
    () => [
      { id: 'code', header: t('sips.code'), cell: s => s.code, isRowHeader: true, nowrap: true },
      { id: 'name', header: t('sips.name'), cell: s => s.name, minWidth: 160 },
      { id: 'office', header: t('sips.office'), cell: s => s.office_name ?? '—' },
      { id: 'user', header: t('sips.user'), cell: s => (s.user ? <Link href={`/callers/${s.user.id}`}>{s.user.full_name}</Link> : t('sips.free')) },
    ],
    [t],
  )

  return (
    <ListPage
      title={t('pages.sips')}
      // "About N" once the list is past what the server counts exactly (server/search/total.ts); "not found —
      // similar names" before it when the rows are a typo's.
      description={state.data ? <SearchTotal page={state.data} q={query.q} /> : undefined}
      actions={
        <Button variant="primary" onPress={() => void dispatch('app/navigate', { to: '/sips/add' })} data-testid="sip-add">
          {t('sips.add')}
        </Button>
      }
      search={{ label: t('sips.search'), value: query.q, onSearch: q => setQuery({ q }, { replace: true }), 'data-testid': 'sips-search' }}
    >
      <CursorTable
        state={state}
        onCursor={cursor => setQuery({ cursor, page: 1 })}
        onRetry={reload}
        isFiltered={query.q !== ''}
        empty={{ title: t(query.q ? 'sips.noneFound' : 'sips.empty') }}
        aria-label={t('pages.sips')}
        data-testid="sips-table"
        columns={columns}
      />
    </ListPage>
  )
}
