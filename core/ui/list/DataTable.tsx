import { lazy, Suspense, useMemo, type KeyboardEvent, type MouseEvent, type ReactNode } from 'react'
import styled from 'styled-components'
import type { ColumnProps } from 'react-aria-components/Table'
import { Link } from 'wouter'
import { useListT } from './texts'
import { useDispatch } from '../../react/runtime'
import type { Sort } from './query'
import type { SortValue } from './sort'
import { PlainTable, RowButton, SortButton, SortMark, TableBox, TableScroll } from './tableStyles'
import { useScrollEdges } from './useScrollEdges'

type Key = string | number

/** One column, declared as data. */
export interface DataColumn<T> {
  id: string
  /** The header text (also the label of the value on a narrow screen's card). */
  header: string
  cell: (row: T) => ReactNode
  /** After the value and outside the row's link: a badge ("has a cabinet") beside a company's name. */
  suffix?: (row: T) => ReactNode
  /** The column that names the row for screen readers (the first column when none says so). */
  isRowHeader?: boolean
  align?: 'start' | 'end' | 'center'
  /** Values that must stay on one line (a phone, a date, a sum). */
  nowrap?: boolean
  /** The header sorts (a click, Enter or Space on it): the table reports `onSortChange`, the page loads or sorts. */
  sortable?: boolean
  /** The value `sortRows` compares, for lists sorted in the browser. */
  sortValue?: (row: T) => SortValue
  /** Width in the virtual layout: px, '20%' or a share '2fr' (default: an equal share). */
  width?: ColumnProps['width']
  /** Narrower than this the column is not squeezed: the table scrolls inside its box instead. */
  minWidth?: number
}

export interface DataTableProps<T> {
  'aria-label'?: string
  'aria-labelledby'?: string
  columns: readonly DataColumn<T>[]
  rows: readonly T[]
  /** A row's stable key (default: its `id`). */
  rowKey?: (row: T) => Key
  /**
   * The row's page: the row header holds a real link (Tab, Enter, middle-click, "open in a new tab", a screen
   * reader's links list), and a click anywhere else on the row opens it too.
   */
  rowHref?: (row: T) => string
  /** Instead of a page, something else the row does (opens a dialog): the row header is a button, the row clickable. */
  onRowAction?: (row: T) => void
  /** Buttons at the end of each row (their own presses never trigger the row's action). */
  rowActions?: (row: T) => ReactNode
  sort?: Sort | null
  onSortChange?: (sort: Sort) => void
  /** A reload is running (aria-busy). */
  isBusy?: boolean
  /** More rows than this are virtualised: only those in view exist in the DOM. Default 200. */
  virtualizeAbove?: number
  /** Row height of the virtual layout (rows are one line there). */
  rowHeight?: number
  /** At narrow widths: `scroll` sideways inside the table's box (default), or show each row as a `cards`. */
  narrow?: 'scroll' | 'cards'
  'data-testid'?: string
}

/** A data column or the row buttons' column, as both table implementations draw them. */
export type ModelColumn<T> =
  | (DataColumn<T> & { kind: 'data' })
  | { id: string; header: string; align: 'end'; kind: 'actions'; sortable?: undefined; nowrap?: undefined; width?: undefined; minWidth?: undefined }

/** What DataTable hands its virtual (lazy) implementation: everything decided once, here. */
export interface TableModel<T> {
  label?: string
  labelledBy?: string
  testId?: string
  isBusy?: boolean
  all: ModelColumn<T>[]
  items: { id: Key; row: T }[]
  headerId: string | undefined
  sort?: Sort | null
  onSortChange?: (sort: Sort) => void
  onAction?: (row: T) => void
  cellOf: (column: ModelColumn<T>, row: T, virtual: boolean) => ReactNode
  deps: unknown[]
}

const ACTIONS = '__actions'
const RowLink = styled(Link)`
  color: ${({ theme }) => theme.color.primary};
  font-weight: ${({ theme }) => theme.font.weight.medium};
  text-decoration: none;
  &:hover {
    text-decoration: underline;
  }
  &:focus-visible {
    outline: 2px solid ${({ theme }) => theme.color.focus};
    outline-offset: 2px;
    border-radius: 2px;
  }
`

// The long-list path keeps react-aria's Table (virtual rows, aria-rowcount): a chunk loaded only for such a list.
// (lazy() drops the component's type parameter; this puts it back.)
const VirtualDataTable = lazy(() => import('./VirtualDataTable')) as unknown as <T>(props: { model: TableModel<T>; rowHeight: number }) => ReactNode

const keyOf = (row: unknown): Key => (row as { id: Key }).id
const stopEnter = (e: KeyboardEvent) => {
  if (e.key === 'Enter') e.stopPropagation()
}
const stop = (e: MouseEvent) => e.stopPropagation()
/** A click on these is theirs alone, never the row's. */
const OWN_PRESS = 'a, button, input, select, textarea, label, summary, [role="button"], [role="link"], [role="checkbox"]'
const PRIMARY = '[data-row-primary]'

/**
 * A data table: columns as data, row header, alignment, sortable headers (buttons, aria-sort), rows that open their
 * page, per-row buttons, a narrow-screen fallback that never makes the page scroll sideways, and virtual rows for
 * long lists. A plain semantic <table> (explicit roles, kept when the cards layout makes it display: block); the
 * keyboard reaches each row through the link or button in its row header (Tab, or ↑/↓ between rows).
 */
export function DataTable<T>(props: DataTableProps<T>) {
  const { columns, rows, rowKey = keyOf, rowHref, onRowAction, rowActions, sort, onSortChange, isBusy, virtualizeAbove = 200, rowHeight = 44 } = props
  const t = useListT()
  const dispatch = useDispatch()
  const items = useMemo(() => rows.map(row => ({ id: rowKey(row), row })), [rows, rowKey])
  const headerId = (columns.find(c => c.isRowHeader) ?? columns[0])?.id
  const all = useMemo<ModelColumn<T>[]>(
    () => [
      ...columns.map(c => ({ ...c, kind: 'data' as const })),
      ...(rowActions ? [{ id: ACTIONS, header: t('list.actions'), align: 'end' as const, kind: 'actions' as const }] : []),
    ],
    [columns, rowActions, t],
  )

  const onAction =
    onRowAction ?? (rowHref ? (row: T) => void dispatch('app/navigate', { to: rowHref(row) }) : undefined)

  const cellOf = (column: ModelColumn<T>, row: T, virtual: boolean): ReactNode => {
    if (column.kind === 'actions') return rowActions?.(row)
    const content = column.cell(row)
    const suffix = column.suffix?.(row)
    let value = content
    if (column.id === headerId && rowHref) {
      // A real link for middle-click and screen readers. In react-aria's grid its Enter and the click it makes must not
      // reach the row too, or it would navigate twice; the plain table leaves a link's presses to it anyway.
      value = virtual ? (
        <RowLink href={rowHref(row)} onKeyDown={stopEnter} onKeyUp={stopEnter} onClick={stop}>
          {content}
        </RowLink>
      ) : (
        <RowLink href={rowHref(row)} data-row-primary="">
          {content}
        </RowLink>
      )
    } else if (column.id === headerId && onRowAction && !virtual) {
      // The plain table's rows are not focusable themselves: the row header's button is the keyboard's way in.
      value = (
        <RowButton type="button" data-row-primary="" onClick={() => onRowAction(row)}>
          {content}
        </RowButton>
      )
    }
    return suffix == null || suffix === false ? (
      value
    ) : (
      <>
        {value} {suffix}
      </>
    )
  }

  const virtualised = rows.length > virtualizeAbove
  const scrollRef = useScrollEdges<HTMLDivElement>(!virtualised)

  if (virtualised) {
    const model: TableModel<T> = {
      label: props['aria-label'],
      labelledBy: props['aria-labelledby'],
      testId: props['data-testid'],
      isBusy,
      all,
      items,
      headerId,
      sort,
      onSortChange,
      onAction,
      cellOf,
      deps: [all, rowHref, rowActions, onAction],
    }
    return (
      <Suspense fallback={null}>
        <VirtualDataTable model={model} rowHeight={rowHeight} />
      </Suspense>
    )
  }

  // As react-aria's table did: a new column sorts ascending, the sorted one reverses.
  const sortBy = (column: string) =>
    onSortChange?.({ column, direction: sort?.column === column && sort.direction === 'ascending' ? 'descending' : 'ascending' })

  const onRowClick = (row: T) => (e: MouseEvent<HTMLTableRowElement>) => {
    if (!onAction || e.button !== 0 || e.defaultPrevented) return
    const own = (e.target as Element).closest(OWN_PRESS)
    if (own && e.currentTarget.contains(own)) return
    // Selecting a cell's text (an INN to copy) is not a press on the row.
    if (!(window.getSelection()?.isCollapsed ?? true)) return
    onAction(row)
  }

  // ↑/↓ from a row's link or button move to the next row's, as a grid's rows would.
  const onKeyDown = (e: KeyboardEvent<HTMLTableSectionElement>) => {
    if ((e.key !== 'ArrowDown' && e.key !== 'ArrowUp') || e.altKey || e.ctrlKey || e.metaKey || e.shiftKey) return
    const from = (e.target as Element).closest(PRIMARY)
    const tr = from?.closest('tr')
    if (!tr) return
    const next = (e.key === 'ArrowDown' ? tr.nextElementSibling : tr.previousElementSibling)?.querySelector<HTMLElement>(PRIMARY)
    if (!next) return
    e.preventDefault()
    next.focus()
  }

  return (
    <TableBox>
      <TableScroll ref={scrollRef} $cards={props.narrow === 'cards'}>
        <PlainTable
          role="table"
          aria-label={props['aria-label']}
          aria-labelledby={props['aria-labelledby']}
          aria-busy={isBusy || undefined}
          data-testid={props['data-testid']}
        >
          <thead role="rowgroup">
            <tr role="row">
              {all.map(column => {
                const sortable = column.kind === 'data' && Boolean(column.sortable)
                const direction = sortable && sort?.column === column.id ? sort.direction : undefined
                return (
                  // A click anywhere on a sortable header sorts: the button inside is the keyboard's and the screen
                  // reader's control, and its own click (Enter, Space) bubbles up to here.
                  <th
                    key={column.id}
                    role="columnheader"
                    scope="col"
                    aria-sort={sortable ? (direction ?? 'none') : undefined}
                    data-align={column.align}
                    data-sortable={sortable || undefined}
                    style={column.kind === 'data' && column.minWidth ? { minWidth: column.minWidth } : undefined}
                    onClick={sortable ? () => sortBy(column.id) : undefined}
                  >
                    {sortable ? (
                      <SortButton type="button">
                        {column.header}
                        <SortMark $active={Boolean(direction)} aria-hidden="true">
                          {direction === 'descending' ? '▼' : direction === 'ascending' ? '▲' : '↕'}
                        </SortMark>
                      </SortButton>
                    ) : (
                      column.header
                    )}
                  </th>
                )
              })}
            </tr>
          </thead>
          <tbody role="rowgroup" onKeyDown={onKeyDown}>
            {items.map(({ id, row }) => (
              <tr key={id} role="row" data-action={onAction ? true : undefined} onClick={onAction ? onRowClick(row) : undefined}>
                {all.map(column => {
                  const cell = {
                    'data-align': column.align,
                    'data-nowrap': column.nowrap || undefined,
                    'data-label': column.header,
                    'data-actions': column.kind === 'actions' || undefined,
                    children: cellOf(column, row, false),
                  }
                  return column.id === headerId ? (
                    <th key={column.id} role="rowheader" scope="row" {...cell} />
                  ) : (
                    <td key={column.id} role="cell" {...cell} />
                  )
                })}
              </tr>
            ))}
          </tbody>
        </PlainTable>
      </TableScroll>
    </TableBox>
  )
}
