import styled, { css } from 'styled-components'

/**
 * The plain table (the look react-aria's table had in core/ui/Table.tsx). Explicit roles on its parts keep the table
 * semantics when the cards layout turns them into blocks. Defined before TableScroll so that the box's rules (the
 * cards) come later in the style sheet and win ties.
 */
export const PlainTable = styled.table`
  width: 100%;
  border-collapse: separate;
  border-spacing: 0;
  background: ${({ theme }) => theme.color.surface};
  font-size: ${({ theme }) => theme.font.size.md};
  font-variant-numeric: tabular-nums;

  thead th {
    padding: ${({ theme }) => theme.space.sm};
    background: ${({ theme }) => theme.color.surfaceMuted};
    border-bottom: 1px solid ${({ theme }) => theme.color.border};
    color: ${({ theme }) => theme.color.textMuted};
    font-size: ${({ theme }) => theme.font.size.sm};
    font-weight: ${({ theme }) => theme.font.weight.semibold};
    text-align: start;
    white-space: nowrap;
  }
  thead th[data-sortable] {
    cursor: pointer;
  }
  tbody :is(td, th) {
    padding: ${({ theme }) => theme.space.sm};
    border-bottom: 1px solid ${({ theme }) => theme.color.divider};
    color: ${({ theme }) => theme.color.text};
    font-weight: inherit;
    text-align: start;
    vertical-align: top;
  }
  /* Columns 16 px apart and the table's edges 12 px in: eight columns fit a laptop's 1366 px beside the sidebar. */
  tr > :first-child {
    padding-inline-start: ${({ theme }) => theme.space.md};
  }
  tr > :last-child {
    padding-inline-end: ${({ theme }) => theme.space.md};
  }
  tbody tr:hover,
  tbody tr:focus-within {
    background: ${({ theme }) => theme.color.surfaceHover};
  }
`

/**
 * The box a data table lives in. It scrolls sideways itself when the columns do not fit, so the page never does;
 * with `$cards`, a narrow box (a phone) shows each row as a card of "column: value" lines instead.
 */
export const TableBox = styled.div`
  container: data-table / inline-size;
  position: relative;
  min-width: 0;

  /*
   * Columns that do not fit (a wide registry, a laptop's screen) scroll sideways: a shadow over each edge that hides
   * some says so. DataTable's useScrollEdges marks the box while an edge hides columns.
   */
  &::before,
  &::after {
    content: '';
    position: absolute;
    inset-block: 1px;
    z-index: 1;
    width: 16px;
    pointer-events: none;
    opacity: 0;
  }
  &::before {
    inset-inline-start: 1px;
    background: linear-gradient(to right, ${({ theme }) => theme.color.edgeShadow}, transparent);
  }
  &::after {
    inset-inline-end: 1px;
    background: linear-gradient(to left, ${({ theme }) => theme.color.edgeShadow}, transparent);
  }
  &[data-more-start]::before,
  &[data-more-end]::after {
    opacity: 1;
  }
`

/** Inside the box (a container query styles only what is inside its container): the border and the scroll. */
export const TableScroll = styled.div<{ $cards: boolean }>`
  /* A containing block too: visually hidden texts (position: absolute) in cells stay inside the scroll. */
  position: relative;
  max-width: 100%;
  overflow-x: auto;
  background: ${({ theme }) => theme.color.surface};
  border: 1px solid ${({ theme }) => theme.color.divider};
  border-radius: ${({ theme }) => theme.radius.md};
  overscroll-behavior-x: contain;

  [data-align='end'] {
    text-align: end;
  }
  [data-align='center'] {
    text-align: center;
  }
  td[data-actions],
  [data-nowrap] {
    white-space: nowrap;
  }
  tbody [role='rowheader'] {
    font-weight: ${({ theme }) => theme.font.weight.medium};
  }
  tbody tr:last-child > :is(td, th) {
    border-bottom: 0;
  }
  tr[data-action] {
    cursor: pointer;
  }

  ${({ $cards, theme }) =>
    $cards &&
    css`
      @container data-table (max-width: 599px) {
        border: 0;
        background: transparent;
        overflow-x: visible;

        [data-nowrap],
        [data-badge] {
          white-space: normal;
        }
        /* A cell's value (a status with its chat code, say) never pushes the card wider than the phone. */
        tbody :is(td, th) > * {
          max-width: 100%;
        }

        table,
        tbody,
        tr,
        td,
        th {
          display: block;
          width: auto;
        }
        table {
          background: transparent;
        }
        /* The column headers stay for screen readers (the roles are explicit); sighted users read the labels. */
        thead {
          position: absolute;
          width: 1px;
          height: 1px;
          overflow: hidden;
          clip-path: inset(50%);
        }
        tbody tr {
          margin-bottom: ${theme.space.sm};
          padding: ${theme.space.sm} 0;
          background: ${theme.color.surface};
          border: 1px solid ${theme.color.divider};
          border-radius: ${theme.radius.md};
        }
        tbody :is(td, th),
        tbody :is(td, th)[data-align] {
          display: grid;
          grid-template-columns: minmax(96px, 38%) minmax(0, 1fr);
          /* A value keeps its own width: a badge (a status) is a pill, not a bar across the card. */
          justify-items: start;
          /* A value's second line (a customer, a contract's price) close under it, the label apart from the value. */
          gap: 0 ${theme.space.sm};
          padding: ${theme.space.xxs} ${theme.space.md};
          border: 0;
          text-align: start;
          overflow-wrap: anywhere;
        }
        tbody [role='rowheader'] {
          display: block;
          padding-bottom: ${theme.space.xs};
          font-size: ${theme.font.size.lg};
        }
        /* A value in parts (a tender's subject with its customer under it) keeps to the value's column, every part. */
        tbody td > * {
          grid-column: 2;
        }
        /* The label is drawn, not read: the cell is already announced with its column header. */
        tbody td:not([role='rowheader'])::before {
          content: attr(data-label) / '';
          color: ${theme.color.textMuted};
          font-size: ${theme.font.size.sm};
        }
        tbody td[data-actions] {
          display: flex;
          flex-wrap: wrap;
          gap: ${theme.space.xs};
          padding-top: ${theme.space.xs};
        }
        tbody td[data-actions]::before {
          content: none;
        }
      }
    `}
`

export const SortMark = styled.span<{ $active: boolean }>`
  display: inline-block;
  margin-inline-start: ${({ theme }) => theme.space.xs};
  color: ${({ theme, $active }) => ($active ? theme.color.primary : theme.color.textDisabled)};
  font-size: 10px;
  vertical-align: middle;
`

/** A sortable column's header: a button as wide as the header cell, so its whole area sorts. */
export const SortButton = styled.button`
  display: inline-flex;
  align-items: center;
  padding: 0;
  border: 0;
  background: none;
  color: inherit;
  font: inherit;
  text-align: inherit;
  cursor: pointer;

  &:hover {
    color: ${({ theme }) => theme.color.text};
  }
  &:focus-visible {
    outline: 2px solid ${({ theme }) => theme.color.focus};
    outline-offset: 2px;
    border-radius: 2px;
  }
`

/** The row header of a row that opens a dialog: looks like the row link, is a button. */
export const RowButton = styled.button`
  padding: 0;
  border: 0;
  background: none;
  color: ${({ theme }) => theme.color.primary};
  font: inherit;
  font-weight: ${({ theme }) => theme.font.weight.medium};
  text-align: start;
  cursor: pointer;

  &:hover {
    text-decoration: underline;
  }
  &:focus-visible {
    outline: 2px solid ${({ theme }) => theme.color.focus};
    outline-offset: 2px;
    border-radius: 2px;
  }
`
