import type { ReactNode } from 'react'
import type { KeysetPage } from '../../api/envelope'
import { DataTable, type DataTableProps } from './DataTable'
import { ListState, type ListEmpty, type ListSource } from './ListState'
import { CursorPager, isEmptyPage } from './Pager'

export interface CursorTableProps<T, P extends KeysetPage<T> = KeysetPage<T>> extends Omit<DataTableProps<T>, 'rows' | 'isBusy'> {
  /** The list's `remote()` state: a keyset page (rows, total, the neighbours' cursors, what else the list says). */
  state: ListSource<P>
  /** "Previous" / "next" pressed: the server's cursor of that page (put it in the URL, `param.cursor()`). */
  onCursor: (cursor: string) => void
  onRetry: () => void
  /** A search or filter narrows the list: the empty state says "nothing found". */
  isFiltered?: boolean
  empty?: ListEmpty
  failedTitle?: string
  /** Above the table once a page is there (a total, "about N" when estimated). */
  header?: (page: P) => ReactNode
}

/**
 * PagedTable for lists that can grow past a few thousand rows (issue 16): the same ListState (skeleton, error with
 * retry, empty) around a DataTable, paged by the server's keyset cursors (server/search/keyset.ts) with "previous" /
 * "next", so a page far down costs what the first costs and rows added meanwhile never shift or repeat.
 */
export function CursorTable<T, P extends KeysetPage<T> = KeysetPage<T>>({ state, onCursor, onRetry, isFiltered, empty, failedTitle, header, narrow = 'cards', ...table }: CursorTableProps<T, P>) {
  return (
    <ListState state={state} isEmpty={isEmptyPage} isFiltered={isFiltered} empty={empty} failedTitle={failedTitle} onRetry={onRetry}>
      {data => (
        <>
          {header?.(data)}
          <DataTable {...table} rows={data.items} isBusy={state.status === 'loading'} narrow={narrow} />
          <CursorPager prev={data.prev} next={data.next} onPage={onCursor} />
        </>
      )}
    </ListState>
  )
}
