import { useMemo } from 'react'
import styled from 'styled-components'
import { useT } from '../../../core/i18n/useT'
import { DataTable, type DataColumn } from '../../../core/ui/list/DataTable'
import { Stack } from '../../../core/ui/Stack'
import type { ScheduleJson, ScheduleRowJson } from '../schedule'
import type { SplitFormat } from './format'

const Totals = styled.dl`
  display: grid;
  grid-template-columns: repeat(auto-fit, minmax(150px, 1fr));
  gap: ${({ theme }) => theme.space.md} ${({ theme }) => theme.space.lg};
  margin: 0;
  div {
    display: flex;
    flex-direction: column;
    gap: 2px;
    min-width: 0;
  }
  dt {
    color: ${({ theme }) => theme.color.textMuted};
    font-size: ${({ theme }) => theme.font.size.sm};
  }
  dd {
    margin: 0;
    font-weight: ${({ theme }) => theme.font.weight.medium};
  }
`
const Note = styled.p`
  margin: 0;
  color: ${({ theme }) => theme.color.textMuted};
  font-size: ${({ theme }) => theme.font.size.sm};
`

/** The payment schedule: totals, then a row per period (virtualised for a long daily one). */
export function ScheduleTable({ schedule, format: f }: { schedule: ScheduleJson; format: SplitFormat }) {
  const t = useT('split')
  const columns = useMemo<DataColumn<ScheduleRowJson>[]>(
    () => [
      { id: 'n', header: t('schedule.columns.n'), isRowHeader: true, nowrap: true, cell: r => String(r.n) },
      { id: 'to', header: t('schedule.columns.to'), nowrap: true, cell: r => f.date(r.to) },
      { id: 'days', header: t('schedule.columns.days'), align: 'end', cell: r => String(r.days) },
      { id: 'sum', header: t('schedule.columns.sum'), align: 'end', nowrap: true, cell: r => f.amount(r.sum) },
      { id: 'bonus', header: t('schedule.columns.bonus'), align: 'end', nowrap: true, cell: r => f.amount(r.bonus) },
      { id: 'tax', header: t('schedule.columns.tax'), align: 'end', nowrap: true, cell: r => f.amount(r.tax) },
      { id: 'pay', header: t('schedule.columns.pay'), align: 'end', nowrap: true, cell: r => f.amount(r.pay) },
    ],
    [t, f],
  )
  return (
    <Stack gap="md">
      <Totals data-testid="split-schedule-totals">
        {(
          [
            ['sum', f.money(schedule.totals.sum)],
            ['bonus', f.money(schedule.totals.bonus)],
            ['tax', f.money(schedule.totals.tax)],
            ['pay', f.money(schedule.totals.pay)],
          ] as const
        ).map(([key, value]) => (
          <div key={key}>
            <dt>{t(`schedule.columns.${key}`)}</dt>
            <dd>{value}</dd>
          </div>
        ))}
        <div>
          <dt>{t('schedule.principal')}</dt>
          <dd>
            {f.money(schedule.principal)}, {f.date(schedule.end)}
          </dd>
        </div>
      </Totals>
      <Note>{t('schedule.rule')}</Note>
      <DataTable aria-label={t('schedule.title')} columns={columns} rows={schedule.rows} rowKey={r => r.n} narrow="scroll" data-testid="split-schedule" />
    </Stack>
  )
}
