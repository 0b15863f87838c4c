import styled from 'styled-components'
import {
  Cell as AriaCell,
  Column as AriaColumn,
  Row as AriaRow,
  Table as AriaTable,
  TableBody as AriaTableBody,
  TableHeader as AriaTableHeader,
} from 'react-aria-components/Table'

/*
 * react-aria's Table is 50+ KB (≈ 30 KB gzip): list pages use core/ui/list/DataTable (a plain <table>); this is
 * left for its virtual long-list path (core/ui/list/VirtualDataTable.tsx, a lazy chunk). Props are react-aria's (TableProps, ColumnProps, RowProps, CellProps):
 *   <Table aria-label={t('…')} sortDescriptor={…} onSortChange={…} selectionMode="multiple">
 *     <TableHeader><Column id="name" isRowHeader allowsSorting>…</Column>…</TableHeader>
 *     <TableBody items={rows} renderEmptyState={() => <EmptyState …/>}>{(row) => <Row id={row.id}>…</Row>}</TableBody>
 *   </Table>
 * Arrow keys move between cells, rows with `href` or `onAction` open on Enter.
 */

export const Table = styled(AriaTable)`
  width: 100%;
  border-collapse: separate;
  border-spacing: 0;
  background: ${({ theme }) => theme.color.surface};
  font-size: ${({ theme }) => theme.font.size.md};
  font-variant-numeric: tabular-nums;
  outline: none;

  &[data-focus-visible] {
    outline: 2px solid ${({ theme }) => theme.color.focus};
    outline-offset: -2px;
  }
`

export const TableHeader = styled(AriaTableHeader)`
  position: sticky;
  top: 0;
  z-index: ${({ theme }) => theme.z.sticky};
  background: ${({ theme }) => theme.color.surfaceMuted};
` as typeof AriaTableHeader

export const Column = styled(AriaColumn)`
  padding: ${({ theme }) => `${theme.space.sm} ${theme.space.md}`};
  border-bottom: 1px solid ${({ theme }) => theme.color.border};
  color: ${({ theme }) => theme.color.textMuted};
  font-size: ${({ theme }) => theme.font.size.sm};
  font-weight: ${({ theme }) => theme.font.weight.semibold};
  text-align: start;
  white-space: nowrap;
  outline: none;

  &[data-allows-sorting] {
    cursor: pointer;
  }
  &[data-hovered] {
    color: ${({ theme }) => theme.color.text};
  }
  &[data-focus-visible] {
    outline: 2px solid ${({ theme }) => theme.color.focus};
    outline-offset: -2px;
  }
`

export const TableBody = styled(AriaTableBody)`
  &[data-empty] td {
    padding: ${({ theme }) => theme.space.xl};
    text-align: center;
    color: ${({ theme }) => theme.color.textMuted};
  }
` as typeof AriaTableBody

export const Row = styled(AriaRow)`
  outline: none;

  &[data-hovered] {
    background: ${({ theme }) => theme.color.surfaceHover};
  }
  &[data-selected] {
    background: ${({ theme }) => theme.color.surfaceSelected};
  }
  &[data-href],
  &[data-pressed] {
    cursor: pointer;
  }
  &[data-focus-visible] {
    outline: 2px solid ${({ theme }) => theme.color.focus};
    outline-offset: -2px;
  }
` as typeof AriaRow

export const Cell = styled(AriaCell)`
  padding: ${({ theme }) => `${theme.space.sm} ${theme.space.md}`};
  border-bottom: 1px solid ${({ theme }) => theme.color.divider};
  color: ${({ theme }) => theme.color.text};
  vertical-align: top;
  outline: none;

  &[data-focus-visible] {
    outline: 2px solid ${({ theme }) => theme.color.focus};
    outline-offset: -2px;
  }
`
