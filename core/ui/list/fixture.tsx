import { useUnit } from 'effector-react'
import type { Page } from '../../api/envelope'
import type { CommandHandlers, CommandId, CommandMap } from '../../bus/commands'
import { remote } from '../../data/remote'
import { definePlugin } from '../../plugin/types'
import { Button } from '../Button'
import { DataTable, type DataColumn } from './DataTable'
import { ListPage } from './ListPage'
import { ListState } from './ListState'
import { isEmptyPage, PagePager } from './Pager'
import { param } from './query'
import { useListQuery } from './useListQuery'
import { useLiveRefresh } from './useLiveRefresh'
import { useLoad } from './useLoad'

/**
 * A list screen built only from the kit, over a fake `v1/things` endpoint: what the kit's component tests drive.
 * (Test-only: the command id is cast, so the app's CommandMap does not learn a command that does not exist.)
 */
export interface Thing {
  id: number
  name: string
  kind: 'paper' | 'metal'
}
export interface ThingQuery {
  page: number
  limit: number
  q: string
  kind: 'all' | 'paper' | 'metal'
  sort: string | null
}
export const LIMIT = 10

export const things = remote('test/things', {
  load: (query: ThingQuery, { api, signal }) => {
    const searchParams: Record<string, string | number> = { page: query.page, limit: query.limit }
    if (query.q) searchParams.q = query.q
    if (query.kind !== 'all') searchParams.kind = query.kind
    if (query.sort) searchParams.sort = query.sort
    return api.get<Page<Thing> & { paper: number }>('v1/things', { searchParams, signal, quiet: true })
  },
})

const LOAD = 'test/loadThings' as CommandId
export const thingsPlugin = definePlugin({ id: 'things', commands: { [LOAD]: things.load } as CommandHandlers })

const QUERY = {
  page: param.page(),
  q: param.text(),
  kind: param.oneOf(['all', 'paper', 'metal'], 'all'),
  sort: param.sort(['name', 'id']),
}

const COLUMNS: DataColumn<Thing>[] = [
  { id: 'name', header: 'Название', cell: r => r.name, isRowHeader: true, sortable: true },
  { id: 'kind', header: 'Вид', cell: r => (r.kind === 'paper' ? 'Бумага' : 'Металл') },
  { id: 'id', header: 'Номер', cell: r => r.id, align: 'end', sortable: true },
]

export function ThingsPage({ onRemove }: { onRemove?: (thing: Thing) => void }) {
  const [query, setQuery] = useListQuery(QUERY)
  const state = useUnit(things.$state)
  const sort = query.sort ? `${query.sort.direction === 'descending' ? '-' : ''}${query.sort.column}` : null
  const reload = useLoad(LOAD, { page: query.page, limit: LIMIT, q: query.q, kind: query.kind, sort } as CommandMap[CommandId])
  useLiveRefresh('updateTopNotifications', reload)
  const data = state.data
  return (
    <ListPage
      title="Вещи"
      description={data ? `Всего: ${data.total}` : undefined}
      tabs={{
        label: 'Вид',
        selected: query.kind,
        onChange: kind => setQuery({ kind }),
        items: [
          { id: 'all', label: 'Все' },
          { id: 'paper', label: 'Бумага', count: data?.paper ?? null },
          { id: 'metal', label: 'Металл' },
        ],
      }}
      search={{ label: 'Название', value: query.q, onSearch: q => setQuery({ q }, { replace: true }) }}
    >
      <ListState state={state} isEmpty={isEmptyPage} isFiltered={Boolean(query.q)} failedTitle="Не удалось загрузить вещи" onRetry={reload}>
        {page => (
          <>
            <DataTable
              aria-label="Вещи"
              data-testid="things"
              columns={COLUMNS}
              rows={page.items}
              rowHref={r => `/things/${r.id}`}
              sort={query.sort}
              onSortChange={next => setQuery({ sort: next as typeof query.sort })}
              isBusy={state.status === 'loading'}
              rowActions={
                onRemove
                  ? r => (
                      <Button size="sm" onPress={() => onRemove(r)}>
                        {`Убрать ${r.name}`}
                      </Button>
                    )
                  : undefined
              }
            />
            <PagePager page={query.page} total={page.total} limit={LIMIT} onPage={p => setQuery({ page: p })} />
          </>
        )}
      </ListState>
    </ListPage>
  )
}

/** The fake server's rows: `count` things, every third one metal. */
export function makeThings(count: number): Thing[] {
  return Array.from({ length: count }, (_, i) => ({ id: i + 1, name: `Вещь ${String(i + 1).padStart(4, '0')}`, kind: i % 3 === 2 ? 'metal' : 'paper' }))
}

/** Answers GET v1/things like a server would: filter, sort, one page, the total and the count of paper ones. */
export function serveThings(all: readonly Thing[], search: URLSearchParams) {
  const q = (search.get('q') ?? '').toLowerCase()
  const kind = search.get('kind')
  let rows = all.filter(r => (!q || r.name.toLowerCase().includes(q)) && (!kind || r.kind === kind))
  const sort = search.get('sort')
  if (sort) {
    const column = sort.replace(/^-/, '') as 'name' | 'id'
    rows = [...rows].sort((a, b) => (a[column] < b[column] ? -1 : a[column] > b[column] ? 1 : 0))
    if (sort.startsWith('-')) rows.reverse()
  }
  const page = Number(search.get('page') ?? 1)
  const limit = Number(search.get('limit') ?? LIMIT)
  return { items: rows.slice((page - 1) * limit, page * limit), total: rows.length, paper: all.filter(r => r.kind === 'paper').length }
}
