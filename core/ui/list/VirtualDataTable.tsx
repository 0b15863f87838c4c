import type { Key as AriaKey } from 'react-aria-components/Table'
import { TableLayout, Virtualizer } from 'react-aria-components/Virtualizer'
import styled from 'styled-components'
import { Cell, Column, Row, Table, TableBody, TableHeader } from '../Table'
import type { TableModel } from './DataTable'
import { SortMark } from './tableStyles'

/*
 * The long-list path of DataTable (more rows than `virtualizeAbove`): react-aria's Table in its Virtualizer, so only
 * the rows in view exist in the DOM and the whole count is still announced (aria-rowcount). A chunk of its own that
 * DataTable loads only when a list is that long: react-aria's Table is ≈ 30 KB gzip, and paged lists never need it.
 */

/** The table scrolls in its own box of a fixed height. */
const VirtualTable = styled(Table)`
  display: block;
  height: min(70vh, 720px);
  overflow: auto;
  background: ${({ theme }) => theme.color.surface};
  border: 1px solid ${({ theme }) => theme.color.divider};
  border-radius: ${({ theme }) => theme.radius.md};

  [role='row'] {
    display: flex;
  }
  [role='columnheader'],
  [role='rowheader'],
  [role='gridcell'] {
    display: flex;
    align-items: center;
    overflow: hidden;
    white-space: nowrap;
    text-overflow: ellipsis;
  }
  [role='columnheader'] {
    background: ${({ theme }) => theme.color.surfaceMuted};
  }
  [data-align='end'] {
    justify-content: flex-end;
    text-align: end;
  }
  [data-align='center'] {
    justify-content: center;
  }
`

export default function VirtualDataTable<T>({ model, rowHeight }: { model: TableModel<T>; rowHeight: number }) {
  const { all, items, headerId, sort, onSortChange, onAction, cellOf, deps } = model
  const byKey = new Map(items.map(item => [item.id, item.row]))
  return (
    <Virtualizer layout={TableLayout} layoutOptions={{ rowHeight, headingHeight: 40 }}>
      <VirtualTable
        aria-label={model.label}
        aria-labelledby={model.labelledBy}
        aria-busy={model.isBusy || undefined}
        data-testid={model.testId}
        sortDescriptor={sort ?? undefined}
        onSortChange={next => onSortChange?.({ column: String(next.column), direction: next.direction })}
        onRowAction={
          onAction
            ? (key: AriaKey) => {
                const row = byKey.get(key)
                if (row !== undefined) onAction(row)
              }
            : undefined
        }
      >
        <TableHeader columns={all} dependencies={deps}>
          {column => (
            <Column
              id={column.id}
              isRowHeader={column.id === headerId}
              allowsSorting={column.sortable}
              data-align={column.align}
              width={column.width}
              minWidth={column.minWidth}
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
        <TableBody items={items} dependencies={deps}>
          {item => (
            <Row id={item.id} columns={all} dependencies={deps} data-action={onAction ? true : undefined}>
              {column => (
                <Cell data-align={column.align} data-nowrap={column.nowrap || undefined} data-actions={column.kind === 'actions' || undefined}>
                  {cellOf(column, item.row, true)}
                </Cell>
              )}
            </Row>
          )}
        </TableBody>
      </VirtualTable>
    </Virtualizer>
  )
}
