import styled, { css } from 'styled-components'
import { Table } from '../Table'

/**
 * The box a data table lives in. It scrolls sideways itself when the columns do not fit, so the page never does;
 * with `$cards`, a narrow box (a phone) shows each row as a card of "column: value" lines instead.
 */
export const TableBox = styled.div`
  container: data-table / inline-size;
  min-width: 0;
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
  tbody tr:last-child > td {
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
        tbody td > * {
          max-width: 100%;
        }

        table,
        tbody,
        tr,
        td {
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
        tbody td,
        tbody td[data-align] {
          display: grid;
          grid-template-columns: minmax(96px, 38%) minmax(0, 1fr);
          /* A value keeps its own width: a badge (a status) is a pill, not a bar across the card. */
          justify-items: start;
          gap: ${theme.space.sm};
          padding: ${theme.space.xxs} ${theme.space.md};
          border: 0;
          text-align: start;
          overflow-wrap: anywhere;
        }
        tbody td[role='rowheader'] {
          display: block;
          padding-bottom: ${theme.space.xs};
          font-size: ${theme.font.size.lg};
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

/** Long lists: the table scrolls in its own box of a fixed height and only the rows in view exist. */
export const VirtualTable = styled(Table)`
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

export const SortMark = styled.span<{ $active: boolean }>`
  display: inline-block;
  margin-inline-start: ${({ theme }) => theme.space.xs};
  color: ${({ theme, $active }) => ($active ? theme.color.primary : theme.color.textDisabled)};
  font-size: 10px;
  vertical-align: middle;
`
