import type { ReactNode } from 'react'
import type { Page } from '../../api/envelope'
import { DataTable, type DataTableProps } from './DataTable'
import { ListState, type ListEmpty, type ListSource } from './ListState'
import { isEmptyPage, PagePager } from './Pager'

export interface PagedTableProps<T> extends Omit<DataTableProps<T>, 'rows' | 'isBusy'> {
  /** The list's `remote()` state: a page of rows and the total that matches. */
  state: ListSource<Page<T>>
  /** The page on screen (from the URL) and rows a page. */
  page: number
  limit: number
  onPage: (page: number) => void
  onRetry: () => void
  /** A search or filter narrows the list: the empty state says "nothing found". */
  isFiltered?: boolean
  empty?: ListEmpty
  failedTitle?: string
  /** Above the table once a page is there (a total, a note). */
  header?: (page: Page<T>) => ReactNode
}

/**
 * The usual server list in one piece: ListState (skeleton, error with retry, empty) around a DataTable of the page's
 * rows (cards on a phone unless `narrow` says otherwise) and the page pager.
 */
export function PagedTable<T>({ state, page, limit, onPage, onRetry, isFiltered, empty, failedTitle, header, narrow = 'cards', ...table }: PagedTableProps<T>) {
  return (
    <ListState state={state} isEmpty={isEmptyPage} isFiltered={isFiltered} empty={empty} failedTitle={failedTitle} onRetry={onRetry}>
      {data => (
        <>
          {header?.(data)}
          <DataTable {...table} rows={data.items} isBusy={state.status === 'loading'} narrow={narrow} />
          <PagePager page={page} total={data.total} limit={limit} onPage={onPage} />
        </>
      )}
    </ListState>
  )
}
