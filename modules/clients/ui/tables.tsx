import type { ReactNode } from 'react'
import styled from 'styled-components'
import { useT } from '../../../core/i18n/useT'
import { VisuallyHidden } from '../../../core/ui/VisuallyHidden'
import type { FinancialPeriod } from '../contract'
import { FINANCIAL_INDICATORS } from '../rules/catalogues'
import { useMoney } from './view'

/**
 * Plain data tables: the lists and the financials need no grid keyboard model, and these stay light enough for
 * the public pages (react-aria's Table is 50 KB).
 */
export const TableScroll = styled.div`
  /* A containing block too: visually hidden texts (position: absolute) in cells stay inside the scroll. */
  position: relative;
  overflow-x: auto;
`
export const DataTable = styled.table`
  width: 100%;
  border-collapse: collapse;
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
    font-weight: ${({ theme }) => theme.font.weight.semibold};
    background: ${({ theme }) => theme.color.surfaceMuted};
    white-space: nowrap;
  }
  tbody th {
    font-weight: ${({ theme }) => theme.font.weight.medium};
  }
  td.num {
    text-align: end;
    white-space: nowrap;
  }
  tbody tr:hover {
    background: ${({ theme }) => theme.color.surfaceHover};
  }
`

/** Quarter 0 is the year. */
export function usePeriodLabel() {
  const t = useT('clients')
  return (p: { year: number; quarter: number }) => (p.quarter === 0 ? t('financials.year', { year: p.year }) : t('financials.quarterOf', { quarter: p.quarter, year: p.year }))
}

/** Periods as columns, indicators as rows: how a balance sheet reads. Shared by the tab and the public page. */
export function FinancialsTable({ periods, actions }: { periods: Omit<FinancialPeriod, 'id' | 'company_id'>[]; actions?: (index: number) => ReactNode }) {
  const t = useT('clients')
  const money = useMoney()
  const label = usePeriodLabel()
  return (
    <TableScroll>
      <DataTable data-testid="financials-table">
        <VisuallyHidden as="caption">{t('financials.caption')}</VisuallyHidden>
        <thead>
          <tr>
            <th scope="col">{t('financials.indicator')}</th>
            {periods.map(p => (
              <th scope="col" key={`${p.year}-${p.quarter}`}>
                {label(p)}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {FINANCIAL_INDICATORS.map(indicator => (
            <tr key={indicator}>
              <th scope="row">{t(`financials.indicators.${indicator}`)}</th>
              {periods.map(p => (
                <td className="num" key={`${p.year}-${p.quarter}`}>
                  {money(p[indicator])}
                </td>
              ))}
            </tr>
          ))}
          {actions && (
            <tr>
              <td />
              {periods.map((p, i) => (
                <td key={`${p.year}-${p.quarter}`}>{actions(i)}</td>
              ))}
            </tr>
          )}
        </tbody>
      </DataTable>
    </TableScroll>
  )
}

