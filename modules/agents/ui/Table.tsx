import styled from 'styled-components'

/** A plain data table (the lists here need no grid keyboard model, and react-aria's Table is 50 KB). */
export const Table = styled.table`
  width: 100%;
  border-collapse: collapse;
  background: ${({ theme }) => theme.color.surface};
  font-variant-numeric: tabular-nums;
  th,
  td {
    padding: ${({ theme }) => `${theme.space.sm} ${theme.space.md}`};
    border-bottom: 1px solid ${({ theme }) => theme.color.divider};
    text-align: start;
    vertical-align: top;
  }
  thead th {
    color: ${({ theme }) => theme.color.textMuted};
    font-size: ${({ theme }) => theme.font.size.sm};
    background: ${({ theme }) => theme.color.surfaceMuted};
    white-space: nowrap;
  }
  td.num {
    text-align: end;
  }
`
