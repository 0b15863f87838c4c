import { useUnit } from 'effector-react'
import { useMemo } from 'react'
import { useT } from '../../../core/i18n/useT'
import { DataTable, type DataColumn } from '../../../core/ui/list/DataTable'
import { ListPage } from '../../../core/ui/list/ListPage'
import { ListState } from '../../../core/ui/list/ListState'
import { isEmptyPage, PagePager } from '../../../core/ui/list/Pager'
import { param } from '../../../core/ui/list/query'
import { useListQuery } from '../../../core/ui/list/useListQuery'
import { useLoad } from '../../../core/ui/list/useLoad'
import { formatPhone } from '../../../core/validation/phone'
import type { AgentListItem } from '../contract'
import { agentsList } from '../model'

const LIMIT = 20
/** `/agents?page=2&q=иван` */
const QUERY = { page: param.page(), q: param.text() }

/** /agents: agents and agent managers with their office and how many clients they keep. */
export default function AgentsPage() {
  const t = useT('agents')
  const [query, setQuery] = useListQuery(QUERY)
  const state = useUnit(agentsList.$state)
  const reload = useLoad('agents/loadList', { page: query.page, limit: LIMIT, q: query.q })
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
      description={state.data ? t('total', { count: state.data.total }) : undefined}
      search={{ label: t('search'), value: query.q, onSearch: q => setQuery({ q }, { replace: true }), 'data-testid': 'agents-search' }}
    >
      <ListState
        state={state}
        isEmpty={isEmptyPage}
        isFiltered={query.q !== ''}
        empty={{ title: t(query.q ? 'noneFound' : 'none') }}
        failedTitle={t('loadFailed')}
        onRetry={reload}
      >
        {page => (
          <>
            <DataTable
              aria-label={t('pages.list')}
              data-testid="agents-table"
              columns={columns}
              rows={page.items}
              rowHref={a => `/agents/${a.id}`}
              isBusy={state.status === 'loading'}
              narrow="cards"
            />
            <PagePager page={query.page} total={page.total} limit={LIMIT} onPage={p => setQuery({ page: p })} />
          </>
        )}
      </ListState>
    </ListPage>
  )
}
