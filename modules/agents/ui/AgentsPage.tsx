import { useUnit } from 'effector-react'
import { useMemo } from 'react'
import { useT } from '../../../core/i18n/useT'
import type { DataColumn } from '../../../core/ui/list/DataTable'
import { ListPage } from '../../../core/ui/list/ListPage'
import { CursorTable } from '../../../core/ui/list/CursorTable'
import { SearchTotal } from '../../../core/ui/list/SearchTotal'
import { useListLoad } from '../../../core/ui/list/useListLoad'
import { formatPhone } from '../../../core/validation/phone'
import type { AgentListItem } from '../contract'
import { agentsLoad } from '../loads'
import { agentsList } from '../model'

/** /agents: agents and agent managers with their office and how many clients they keep. */
export default function AgentsPage() {
  const t = useT('agents')
  const [query, setQuery, reload] = useListLoad(agentsLoad)
  const state = useUnit(agentsList.$state)
  const columns = useMemo<DataColumn<AgentListItem>[]>(
    () => [
      { id: 'name', header: t('fullName'), cell: a => a.full_name, isRowHeader: true, minWidth: 200 },
      { id: 'role', header: t('role'), cell: a => t(`shell:roles.${a.role}`) },
      { id: 'phone', header: t('phone'), cell: a => formatPhone(a.phone), nowrap: true },
      { id: 'email', header: t('email'), cell: a => a.email ?? '—' },
      { id: 'office', header: t('office'), cell: a => a.office?.name ?? '—' },
      { id: 'companies', header: t('companies'), cell: a => a.companies_count, align: 'end' },
      { id: 'individuals', header: t('individuals'), cell: a => a.individuals_count, align: 'end' },
    ],
    [t],
  )

  return (
    <ListPage
      title={t('pages.list')}
      // "About N" once the list is past what the server counts exactly (server/search/total.ts); "not found —
      // similar names" before it when the rows are a typo's.
      description={state.data ? <SearchTotal page={state.data} q={query.q} /> : undefined}
      search={{ label: t('search'), value: query.q, onSearch: q => setQuery({ q }, { replace: true }), 'data-testid': 'agents-search' }}
    >
      <CursorTable
        state={state}
        onCursor={cursor => setQuery({ cursor, page: 1 })}
        onRetry={reload}
        isFiltered={query.q !== ''}
        empty={{ title: t(query.q ? 'noneFound' : 'none') }}
        failedTitle={t('loadFailed')}
        aria-label={t('pages.list')}
        data-testid="agents-table"
        columns={columns}
        rowHref={a => `/agents/${a.id}`}
      />
    </ListPage>
  )
}
