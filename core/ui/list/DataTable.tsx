import { useMemo, type KeyboardEvent, type MouseEvent, type ReactNode } from 'react'
import styled from 'styled-components'
import type { ColumnProps, Key } from 'react-aria-components/Table'
import { TableLayout, Virtualizer } from 'react-aria-components/Virtualizer'
import { Link } from 'wouter'
import { useListT } from './texts'
import { useDispatch } from '../../react/runtime'
import { Cell, Column, Row, Table, TableBody, TableHeader } from '../Table'
import type { Sort } from './query'
import type { SortValue } from './sort'
import { SortMark, TableBox, TableScroll, VirtualTable } from './tableStyles'

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
  /** The header sorts (Enter or a click): the table reports `onSortChange`, the page loads or sorts. */
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
   * The row's page: Enter or a click on the row opens it, and the row header holds a real link (middle-click,
   * "open in a new tab", a screen reader's links list).
   */
  rowHref?: (row: T) => string
  /** Instead of a page, something else the row does on Enter or a click (opens a dialog). */
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

interface Item<T> {
  id: Key
  row: T
}

const ACTIONS = '__actions'
const RowLink = styled(Link)`
  color: ${({ theme }) => theme.color.primary};
  font-weight: ${({ theme }) => theme.font.weight.medium};
  text-decoration: none;
  &:hover {
    text-decoration: underline;
  }
`

const keyOf = (row: unknown): Key => (row as { id: Key }).id
const stopEnter = (e: KeyboardEvent) => {
  if (e.key === 'Enter') e.stopPropagation()
}
const stop = (e: MouseEvent) => e.stopPropagation()

/**
 * A data table on react-aria's Table: columns as data, row header, alignment, sortable headers (aria-sort, Enter),
 * rows that open their page, per-row buttons, virtual rows for long lists, and a narrow-screen fallback that never
 * makes the page scroll sideways. Lazy pages only (react-aria's Table is ≈ 50 KB).
 */
export function DataTable<T>(props: DataTableProps<T>) {
  const { columns, rows, rowKey = keyOf, rowHref, onRowAction, rowActions, sort, onSortChange, isBusy, virtualizeAbove = 200, rowHeight = 44 } = props
  const t = useListT()
  const dispatch = useDispatch()
  const items = useMemo<Item<T>[]>(() => rows.map(row => ({ id: rowKey(row), row })), [rows, rowKey])
  const byKey = useMemo(() => new Map(items.map(item => [item.id, item.row])), [items])
  const virtual = rows.length > virtualizeAbove
  const headerId = (columns.find(c => c.isRowHeader) ?? columns[0])?.id
  const all = useMemo(
    () => [
      ...columns.map(c => ({ ...c, kind: 'data' as const })),
      ...(rowActions ? [{ id: ACTIONS, header: t('list.actions'), align: 'end' as const, kind: 'actions' as const }] : []),
    ],
    [columns, rowActions, t],
  )

  const act = rowHref || onRowAction
  const onAction = act
    ? (key: Key) => {
        const row = byKey.get(key)
        if (row === undefined) return
        if (onRowAction) onRowAction(row)
        else if (rowHref) void dispatch('app/navigate', { to: rowHref(row) })
      }
    : undefined

  const cellOf = (column: (typeof all)[number], row: T): ReactNode => {
    if (column.kind === 'actions') return rowActions?.(row)
    const content = column.cell(row)
    const suffix = column.suffix?.(row)
    // A real link for middle-click and screen readers. Presses on it are the link's alone: react-aria leaves pointer
    // presses on a focusable child to it, but Enter and the click it makes (a "virtual" click to react-aria) must
    // not reach the row too, or it would navigate twice.
    const value =
      rowHref && column.id === headerId ? (
        <RowLink href={rowHref(row)} onKeyDown={stopEnter} onKeyUp={stopEnter} onClick={stop}>
          {content}
        </RowLink>
      ) : (
        content
      )
    return suffix == null || suffix === false ? (
      value
    ) : (
      <>
        {value} {suffix}
      </>
    )
  }

  const TableKind = virtual ? VirtualTable : Table
  const table = (
    <TableKind
      aria-label={props['aria-label']}
      aria-labelledby={props['aria-labelledby']}
      aria-busy={isBusy || undefined}
      data-testid={props['data-testid']}
      sortDescriptor={sort ?? undefined}
      onSortChange={next => onSortChange?.({ column: String(next.column), direction: next.direction })}
      onRowAction={onAction}
    >
      <TableHeader columns={all} dependencies={[t]}>
        {column => (
          <Column
            id={column.id}
            isRowHeader={column.id === headerId}
            allowsSorting={column.kind === 'data' && Boolean(column.sortable)}
            data-align={column.align}
            width={virtual && column.kind === 'data' ? column.width : undefined}
            minWidth={virtual && column.kind === 'data' ? column.minWidth : undefined}
            style={!virtual && column.kind === 'data' && column.minWidth ? { minWidth: column.minWidth } : undefined}
          >
            {({ allowsSorting, sortDirection }) => (
              <>
                {column.header}
                {allowsSorting && (
                  <SortMark $active={Boolean(sortDirection)} aria-hidden="true">
                    {sortDirection === 'descending' ? '▼' : sortDirection === 'ascending' ? '▲' : '↕'}
                  </SortMark>
                )}
              </>
            )}
          </Column>
        )}
      </TableHeader>
      <TableBody items={items} dependencies={[all, rowHref, rowActions, act]}>
        {item => (
          <Row id={item.id} columns={all} dependencies={[all, rowHref, rowActions]} data-action={act ? true : undefined}>
            {column => (
              <Cell
                data-align={column.align}
                data-nowrap={(column.kind === 'data' && column.nowrap) || undefined}
                data-label={column.header}
                data-actions={column.kind === 'actions' || undefined}
              >
                {cellOf(column, item.row)}
              </Cell>
            )}
          </Row>
        )}
      </TableBody>
    </TableKind>
  )

  if (virtual) {
    return (
      <Virtualizer layout={TableLayout} layoutOptions={{ rowHeight, headingHeight: 40 }}>
        {table}
      </Virtualizer>
    )
  }
  const cards = props.narrow === 'cards'
  return (
    <TableBox>
      <TableScroll $cards={cards}>{table}</TableScroll>
    </TableBox>
  )
}
