import { useUnit } from 'effector-react'
import { useEffect, useMemo, useState } from 'react'
import styled from 'styled-components'
import { useT } from '../../../../core/i18n/useT'
import { useDispatch, useRuntime } from '../../../../core/react/runtime'
import { Button } from '../../../../core/ui/Button'
import { Card } from '../../../../core/ui/Card'
import { PageHeader } from '../../../../core/ui/PageHeader'
import { Row, Stack } from '../../../../core/ui/Stack'
import { DataTable, type DataColumn } from '../../../../core/ui/list/DataTable'
import { ListState } from '../../../../core/ui/list/ListState'
import { TextField } from '../../../../core/ui/TextField'
import { DEFAULT_MIN_TALK_SECONDS, addDays, formatReminderDate, parseReminderDate, statisticsQuery, type CallStatistics } from '../../contract'
import { callStatistics } from '../../model'
import { DateField } from '../../../../core/ui/DateField'
import { NO_NATIVE_VALIDATION, check } from '../fields/errors'
import { localToday } from '../panel/format'

const Totals = styled.dl`
  display: grid;
  grid-template-columns: repeat(auto-fit, minmax(160px, 1fr));
  gap: ${({ theme }) => theme.space.md};
  margin: 0;
  > div {
    padding: ${({ theme }) => theme.space.md};
    background: ${({ theme }) => theme.color.surface};
    border: 1px solid ${({ theme }) => theme.color.divider};
    border-radius: ${({ theme }) => theme.radius.md};
  }
  dt {
    color: ${({ theme }) => theme.color.textMuted};
    font-size: ${({ theme }) => theme.font.size.sm};
  }
  dd {
    margin: 0;
    font-size: ${({ theme }) => theme.font.size.xl};
    font-weight: ${({ theme }) => theme.font.weight.semibold};
    font-variant-numeric: tabular-nums;
  }
`
const Figure = styled.figure`
  margin: 0;
  figcaption {
    margin-bottom: ${({ theme }) => theme.space.sm};
    font-weight: ${({ theme }) => theme.font.weight.semibold};
  }
  svg {
    width: 100%;
    height: auto;
    display: block;
  }
`
const Legend = styled.ul`
  display: flex;
  gap: ${({ theme }) => theme.space.lg};
  list-style: none;
  margin: ${({ theme }) => theme.space.sm} 0 0;
  padding: 0;
  font-size: ${({ theme }) => theme.font.size.sm};
  color: ${({ theme }) => theme.color.textMuted};
  li::before {
    content: '';
    display: inline-block;
    width: 10px;
    height: 10px;
    margin-inline-end: ${({ theme }) => theme.space.xs};
    border-radius: 2px;
    background: var(--swatch);
  }
`
const Heading = styled.h2`
  margin: 0;
  font-size: ${({ theme }) => theme.font.size.lg};
`

/** 3725 → `1:02:05`; 65 → `1:05`. */
export function formatDuration(seconds: number): string {
  const h = Math.floor(seconds / 3600)
  const m = Math.floor((seconds % 3600) / 60)
  const s = seconds % 60
  const pad = (n: number) => String(n).padStart(2, '0')
  return h > 0 ? `${h}:${pad(m)}:${pad(s)}` : `${m}:${pad(s)}`
}

const DAYS_DEFAULT = 7

/**
 * /statistics (SPEC §2, §9): calls and talk time per employee and day over a date range, counting as
 * conversations only the calls longer than a chosen number of seconds; a chart of the days and the tables.
 */
export default function StatisticsPage() {
  const t = useT('callcenter')
  const dispatch = useDispatch()
  const runtime = useRuntime()
  const state = useUnit(callStatistics.$state)
  const today = useMemo(() => localToday(runtime.bus.clock.now()), [runtime])
  const [form, setForm] = useState(() => ({
    from: formatReminderDate(addDays(today, -(DAYS_DEFAULT - 1))),
    to: formatReminderDate(today),
    min: String(DEFAULT_MIN_TALK_SECONDS),
  }))
  const [query, setQuery] = useState(() => ({ from: addDays(today, -(DAYS_DEFAULT - 1)), to: today, min_seconds: DEFAULT_MIN_TALK_SECONDS }))
  const [errors, setErrors] = useState<Record<string, string>>({})
  const load = () => void dispatch('callcenter/loadStatistics', query)
  useEffect(load, [dispatch, query]) // eslint-disable-line react-hooks/exhaustive-deps

  const apply = () => {
    const from = parseReminderDate(form.from)
    const to = parseReminderDate(form.to)
    const local: Record<string, string> = {}
    if (!from) local.from = 'callcenter:validation.reminderDate'
    if (!to) local.to = 'callcenter:validation.reminderDate'
    const result = check(statisticsQuery, { from: from ?? '', to: to ?? '', min_seconds: form.min })
    const all = { ...(result.ok ? {} : result.errors), ...local }
    if (Object.keys(all).length > 0 || !result.ok) {
      setErrors(all)
      return
    }
    setErrors({})
    setQuery({ from: result.output.from!, to: result.output.to!, min_seconds: result.output.min_seconds ?? DEFAULT_MIN_TALK_SECONDS })
  }
  const err = (field: string) => (errors[field] ? t(errors[field]) : null)

  const data = state.status === 'idle' ? null : state.data
  return (
    <Stack gap="lg">
      <PageHeader
        title={t('pages.statistics')}
        description={data ? t('stats.period', { from: formatReminderDate(data.from), to: formatReminderDate(data.to), min: data.min_seconds }) : undefined}
      />
      <Card as="form" {...NO_NATIVE_VALIDATION} aria-label={t('stats.filter')} onSubmit={e => {
        e.preventDefault()
        apply()
      }}>
        <Row gap="md" align="flex-start" wrap>
          <DateField
            label={t('stats.from')}
            name="from"
            value={form.from}
            onChange={from => setForm(f => ({ ...f, from }))}
            min="2000-01-01"
            max={today}
            errorMessage={err('from')}
            calendarLabel={t('finish.calendar')}
            previousLabel={t('finish.previousMonth')}
            nextLabel={t('finish.nextMonth')}
          />
          <DateField
            label={t('stats.to')}
            name="to"
            value={form.to}
            onChange={to => setForm(f => ({ ...f, to }))}
            min="2000-01-01"
            max={today}
            errorMessage={err('to')}
            calendarLabel={t('finish.calendar')}
            previousLabel={t('finish.previousMonth')}
            nextLabel={t('finish.nextMonth')}
          />
          <TextField
            label={t('stats.minSeconds')}
            name="min_seconds"
            inputMode="numeric"
            maxLength={5}
            value={form.min}
            onChange={min => setForm(f => ({ ...f, min: min.replace(/\D/g, '') }))}
            description={t('stats.minSecondsHint')}
            errorMessage={err('min_seconds')}
          />
          <Button type="submit" variant="primary">
            {t('stats.show')}
          </Button>
        </Row>
      </Card>
      {/* The list kit's states: a skeleton first, an error with a retry, a failed reload over the last report. */}
      <ListState
        state={state}
        isEmpty={report => report.totals.calls === 0}
        empty={{ title: t('stats.empty'), description: t('stats.emptyText') }}
        failedTitle={t('admin.loadFailed')}
        onRetry={load}
        data-testid="statistics"
      >
        {report => <Report data={report} />}
      </ListState>
    </Stack>
  )
}

type Employee = CallStatistics['employees'][number]
type DayRow = CallStatistics['rows'][number]

/** The report of a range with calls: totals, the chart and the tables (DataTable: they scroll in their own box). */
function Report({ data }: { data: CallStatistics }) {
  const t = useT('callcenter')
  const names = new Map(data.employees.map(e => [e.user_id, e.full_name]))
  const byDay = data.days.map(day => {
    const rows = data.rows.filter(r => r.day === day)
    const sum = (of: (r: (typeof rows)[number]) => number) => rows.reduce((n, r) => n + of(r), 0)
    return { day, calls: sum(r => r.calls), conversations: sum(r => r.conversations), talk: sum(r => r.talk_time) }
  })
  const active = data.employees.filter(e => e.calls > 0)
  const conversations = t('stats.conversations', { min: data.min_seconds })
  const employeeColumns: DataColumn<Employee>[] = [
    { id: 'employee', header: t('stats.employee'), cell: e => e.full_name },
    { id: 'calls', header: t('stats.calls'), cell: e => e.calls },
    { id: 'conversations', header: conversations, cell: e => e.conversations },
    { id: 'talk', header: t('stats.talkTime'), cell: e => formatDuration(e.talk_time), nowrap: true },
  ]
  const dayColumns: DataColumn<DayRow>[] = [
    { id: 'day', header: t('stats.day'), cell: r => formatReminderDate(r.day), nowrap: true },
    { id: 'employee', header: t('stats.employee'), cell: r => names.get(r.user_id) ?? `#${r.user_id}` },
    { id: 'calls', header: t('stats.calls'), cell: r => r.calls },
    { id: 'outgoing', header: t('stats.outgoing'), cell: r => r.outgoing },
    { id: 'incoming', header: t('stats.incoming'), cell: r => r.incoming },
    { id: 'conversations', header: conversations, cell: r => r.conversations },
    { id: 'talk', header: t('stats.talkTime'), cell: r => formatDuration(r.talk_time), nowrap: true },
  ]
  return (
    <Stack gap="lg">
      <Totals>
        <div>
          <dt>{t('stats.calls')}</dt>
          <dd>{data.totals.calls}</dd>
        </div>
        <div>
          <dt>{t('stats.conversations', { min: data.min_seconds })}</dt>
          <dd>{data.totals.conversations}</dd>
        </div>
        <div>
          <dt>{t('stats.talkTime')}</dt>
          <dd>{formatDuration(data.totals.talk_time)}</dd>
        </div>
      </Totals>
      <Card>
        <Chart days={byDay} />
      </Card>
      <Heading>{t('stats.byEmployee')}</Heading>
      <DataTable aria-label={t('stats.byEmployee')} columns={employeeColumns} rows={active} rowKey={e => e.user_id} />
      <Heading>{t('stats.byDay')}</Heading>
      <DataTable aria-label={t('stats.byDay')} columns={dayColumns} rows={data.rows} rowKey={r => `${r.day}-${r.user_id}`} />
    </Stack>
  )
}

const W = 720
const H = 220
const PAD = { left: 36, right: 8, top: 12, bottom: 28 }

/** Calls and conversations per day as bars; the "by day" table below says the same in text. */
function Chart({ days }: { days: { day: string; calls: number; conversations: number; talk: number }[] }) {
  const t = useT('callcenter')
  const max = Math.max(1, ...days.map(d => d.calls))
  const plotW = W - PAD.left - PAD.right
  const plotH = H - PAD.top - PAD.bottom
  const slot = plotW / Math.max(1, days.length)
  const bar = Math.max(2, Math.min(28, slot / 2 - 2))
  const y = (n: number) => PAD.top + plotH - (n / max) * plotH
  const every = Math.ceil(days.length / 14)
  const busiest = days.reduce<(typeof days)[number] | undefined>((a, d) => (!a || d.calls > a.calls ? d : a), undefined)
  const summary = t('stats.chartSummary', {
    days: days.length,
    busiest: busiest ? formatReminderDate(busiest.day) : '',
  })
  return (
    <Figure>
      <figcaption>{t('stats.chart')}</figcaption>
      <svg viewBox={`0 0 ${W} ${H}`} role="img" aria-label={summary}>
        {[0, 0.5, 1].map(f => (
          <g key={f}>
            <line x1={PAD.left} x2={W - PAD.right} y1={y(max * f)} y2={y(max * f)} stroke="#dde2e8" />
            <text x={PAD.left - 6} y={y(max * f) + 4} textAnchor="end" fontSize="11" fill="#4a5565">
              {Math.round(max * f)}
            </text>
          </g>
        ))}
        {days.map((d, i) => {
          const x = PAD.left + i * slot + slot / 2
          return (
            <g key={d.day}>
              <rect x={x - bar - 1} y={y(d.calls)} width={bar} height={PAD.top + plotH - y(d.calls)} fill="#9db8e3">
                <title>{`${formatReminderDate(d.day)}: ${t('stats.calls')} ${d.calls}`}</title>
              </rect>
              <rect x={x + 1} y={y(d.conversations)} width={bar} height={PAD.top + plotH - y(d.conversations)} fill="#1d5bb8">
                <title>{`${formatReminderDate(d.day)}: ${t('stats.conversationsShort')} ${d.conversations}`}</title>
              </rect>
              {i % every === 0 && (
                <text x={x} y={H - 8} textAnchor="middle" fontSize="11" fill="#4a5565">
                  {formatReminderDate(d.day).slice(0, 5)}
                </text>
              )}
            </g>
          )
        })}
      </svg>
      <Legend aria-hidden="true">
        <li style={{ ['--swatch' as string]: '#9db8e3' }}>{t('stats.calls')}</li>
        <li style={{ ['--swatch' as string]: '#1d5bb8' }}>{t('stats.conversationsShort')}</li>
      </Legend>
    </Figure>
  )
}
