import { useEffect, useId, useRef, useState, type KeyboardEvent } from 'react'
import styled, { css } from 'styled-components'
import { Link } from 'wouter'
import { useT } from '../../../core/i18n/useT'
import { media } from '../../../core/ui/theme'
import { useMedia } from '../../../core/ui/useMedia'
import { Button } from '../../../core/ui/Button'
import { Row } from '../../../core/ui/Stack'
import { VisuallyHidden } from '../../../core/ui/VisuallyHidden'
import { TASK_STATUS, type TaskItem } from '../contract'
import { calendarRange, moveFocus, stepAnchor, tasksByDay, type CalendarView } from './calendar'
import { useTaskFormat } from './format'

/** Tasks a month's day shows by name; the rest are "N more" (the day's list has them all). */
const MONTH_SHOWN = 3

const Frame = styled.section`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space.md};
  min-width: 0;
`
const Title = styled.h2`
  margin: 0;
  font-size: ${({ theme }) => theme.font.size.lg};
  flex: 1 1 auto;
  @media ${({ theme }) => theme.media.phone} {
    flex-basis: 100%;
  }
`
/** "‹ Назад" / "Вперёд ›": the arrows alone on a phone (the buttons' names stay whole for screen readers). */
const StepText = styled.span`
  @media ${({ theme }) => theme.media.phone} {
    display: none;
  }
`
const Grid = styled.div<{ $view: CalendarView }>`
  display: flex;
  flex-direction: column;
  border: 1px solid ${({ theme }) => theme.color.divider};
  border-radius: ${({ theme }) => theme.radius.lg};
  background: ${({ theme }) => theme.color.surface};
  overflow: hidden;
  min-width: 0;
`
const Week = styled.div<{ $view: CalendarView }>`
  display: grid;
  grid-template-columns: repeat(7, minmax(0, 1fr));
  & + & {
    border-top: 1px solid ${({ theme }) => theme.color.divider};
  }
  /* A week on a phone: a list of days, one under another. */
  ${({ $view, theme }) =>
    $view === 'week' &&
    css`
      @media ${theme.media.phone} {
        grid-template-columns: minmax(0, 1fr);
      }
    `}
`
const Head = styled.div<{ $view: CalendarView }>`
  padding: ${({ theme }) => theme.space.xs};
  background: ${({ theme }) => theme.color.surfaceMuted};
  color: ${({ theme }) => theme.color.textMuted};
  font-size: ${({ theme }) => theme.font.size.xs};
  font-weight: ${({ theme }) => theme.font.weight.semibold};
  text-align: center;
  text-transform: capitalize;
  ${({ $view, theme }) =>
    $view === 'week' &&
    css`
      @media ${theme.media.phone} {
        display: none;
      }
    `}
`
const Day = styled.div<{ $view: CalendarView; $outside: boolean; $today: boolean }>`
  position: relative;
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space.xxs};
  min-width: 0;
  min-height: ${({ $view }) => ($view === 'week' ? '160px' : '96px')};
  padding: ${({ theme }) => theme.space.xs};
  background: ${({ theme, $outside }) => ($outside ? theme.color.surfaceMuted : theme.color.surface)};
  color: ${({ theme, $outside }) => ($outside ? theme.color.textMuted : theme.color.text)};
  cursor: default;
  & + & {
    border-left: 1px solid ${({ theme }) => theme.color.divider};
  }
  ${({ $today, theme }) =>
    $today &&
    css`
      box-shadow: inset 0 0 0 2px ${theme.color.primary};
    `}
  &:focus-visible {
    outline: 3px solid ${({ theme }) => theme.color.focus};
    outline-offset: -3px;
    z-index: 1;
  }
  @media ${({ theme }) => theme.media.phone} {
    min-height: ${({ $view }) => ($view === 'week' ? '56px' : '52px')};
    ${({ $view, theme }) =>
      $view === 'week' &&
      css`
        & + & {
          border-left: 0;
          border-top: 1px solid ${theme.color.divider};
        }
      `}
  }
`
const Num = styled.span<{ $today: boolean }>`
  align-self: flex-start;
  min-width: 24px;
  padding: 0 ${({ theme }) => theme.space.xs};
  border-radius: ${({ theme }) => theme.radius.pill};
  font-size: ${({ theme }) => theme.font.size.sm};
  font-weight: ${({ theme }) => theme.font.weight.semibold};
  text-align: center;
  ${({ $today, theme }) =>
    $today &&
    css`
      background: ${theme.color.primary};
      color: ${theme.color.textInverse};
    `}
`
const WeekdayOnPhone = styled.span`
  display: none;
  @media ${({ theme }) => theme.media.phone} {
    display: inline;
    margin-left: ${({ theme }) => theme.space.xs};
    color: ${({ theme }) => theme.color.textMuted};
    font-size: ${({ theme }) => theme.font.size.sm};
    text-transform: capitalize;
  }
`
const Items = styled.ul<{ $view: CalendarView }>`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space.xxs};
  margin: 0;
  padding: 0;
  list-style: none;
  min-width: 0;
  ${({ $view, theme }) =>
    $view === 'month' &&
    css`
      @media ${theme.media.phone} {
        display: none;
      }
    `}
`
const Entry = styled(Link)<{ $done: boolean; $wrap: boolean }>`
  display: block;
  padding: 1px ${({ theme }) => theme.space.xs};
  border-radius: ${({ theme }) => theme.radius.sm};
  background: ${({ theme }) => theme.color.primarySoft};
  color: ${({ theme }) => theme.color.text};
  font-size: ${({ theme }) => theme.font.size.xs};
  line-height: 18px;
  text-decoration: ${({ $done }) => ($done ? 'line-through' : 'none')};
  /* A month's day has room for a line a task; a week's day for the whole name. */
  white-space: ${({ $wrap }) => ($wrap ? 'normal' : 'nowrap')};
  overflow: hidden;
  overflow-wrap: anywhere;
  text-overflow: ellipsis;
  &:hover {
    background: ${({ theme }) => theme.color.surfaceHover};
  }
  &:focus-visible {
    outline: 2px solid ${({ theme }) => theme.color.focus};
    outline-offset: 1px;
  }
`
const More = styled.button`
  align-self: flex-start;
  padding: 0 ${({ theme }) => theme.space.xs};
  border: 0;
  background: none;
  color: ${({ theme }) => theme.color.primary};
  font: inherit;
  font-size: ${({ theme }) => theme.font.size.xs};
  cursor: pointer;
  &:hover {
    text-decoration: underline;
  }
`
/** A month's day on a phone: how many tasks, instead of their names. */
const Count = styled.span`
  display: none;
  @media ${({ theme }) => theme.media.phone} {
    display: block;
    align-self: center;
    min-width: 18px;
    border-radius: ${({ theme }) => theme.radius.pill};
    background: ${({ theme }) => theme.color.primarySoft};
    color: ${({ theme }) => theme.color.primary};
    font-size: ${({ theme }) => theme.font.size.xs};
    font-weight: ${({ theme }) => theme.font.weight.semibold};
    text-align: center;
  }
`
const Help = styled.p`
  margin: 0;
  color: ${({ theme }) => theme.color.textMuted};
  font-size: ${({ theme }) => theme.font.size.sm};
`

export interface TaskCalendarProps {
  view: CalendarView
  /** A day of the month or week shown. */
  anchor: string
  today: string
  tasks: readonly TaskItem[]
  /** Show another month or week (the day to keep in view). */
  onAnchor: (day: string) => void
  /** A day's tasks as a list. */
  onOpenDay: (day: string) => void
  isBusy?: boolean
}

/**
 * The month or week of tasks (issue 13 §2): weeks from Monday, today marked. A grid for keyboards and screen readers:
 * one day is in the Tab order, arrows (Home/End, PageUp/PageDown) move between days and across months, Enter opens
 * the day's tasks, Tab goes on to the day's task links. On a phone a week is a list of days and a month shows counts.
 */
export function TaskCalendar({ view, anchor, today, tasks, onAnchor, onOpenDay, isBusy }: TaskCalendarProps) {
  const t = useT('tasks')
  const f = useTaskFormat()
  const range = calendarRange(view, anchor)
  const byDay = tasksByDay(tasks, range.from, range.to)
  const titleId = useId()
  const helpId = useId()
  const [focused, setFocused] = useState(anchor)
  const active = focused >= range.from && focused <= range.to ? focused : anchor
  const grid = useRef<HTMLDivElement>(null)
  const keyboard = useRef(false)
  const month = anchor.slice(0, 7)
  // A month on a phone shows counts, not names: a tap on a day opens its tasks.
  const phone = useMedia(media.phone)

  useEffect(() => {
    if (!keyboard.current) return
    keyboard.current = false
    grid.current?.querySelector<HTMLElement>(`[data-day="${active}"]`)?.focus()
  }, [active, range.from])

  function onKeyDown(event: KeyboardEvent<HTMLDivElement>, day: string) {
    if (event.target !== event.currentTarget) return
    if (event.key === 'Enter' || event.key === ' ') {
      event.preventDefault()
      onOpenDay(day)
      return
    }
    const next = moveFocus(view, day, event.key, event.shiftKey)
    if (!next) return
    event.preventDefault()
    keyboard.current = true
    setFocused(next)
    if (next < range.from || next > range.to) onAnchor(next)
  }

  const raw = view === 'month' ? f.month(anchor) : f.range(range.from, range.to)
  // "ноябрь 2026 г." → "Ноябрь 2026 г." (CSS capitalize would make it "Г.").
  const title = raw.charAt(0).toUpperCase() + raw.slice(1)
  const step = (n: number) => {
    const next = stepAnchor(view, anchor, n)
    setFocused(next)
    onAnchor(next)
  }
  return (
    <Frame aria-labelledby={titleId} data-testid="task-calendar">
      <Row wrap gap="sm">
        <Title id={titleId} aria-live="polite">
          {title}
        </Title>
        <Button size="sm" onPress={() => step(-1)} aria-label={t(view === 'month' ? 'calendar.prevMonth' : 'calendar.prevWeek')} data-testid="calendar-prev">
          ‹<StepText> {t('calendar.prev')}</StepText>
        </Button>
        <Button
          size="sm"
          onPress={() => {
            setFocused(today)
            onAnchor(today)
          }}
          data-testid="calendar-today"
        >
          {t('calendar.today')}
        </Button>
        <Button size="sm" onPress={() => step(1)} aria-label={t(view === 'month' ? 'calendar.nextMonth' : 'calendar.nextWeek')} data-testid="calendar-next">
          <StepText>{t('calendar.next')} </StepText>›
        </Button>
      </Row>
      <Help id={helpId}>{t('calendar.help')}</Help>
      <Grid ref={grid} $view={view} role="grid" aria-label={t('calendar.label', { range: title })} aria-describedby={helpId} aria-busy={isBusy || undefined} data-view={view}>
        <Week $view={view} role="row">
          {range.weeks[0]!.map(day => (
            <Head key={day} $view={view} role="columnheader" aria-label={f.weekdayLong(day)}>
              {f.weekdayShort(day)}
            </Head>
          ))}
        </Week>
        {range.weeks.map(week => (
          <Week key={week[0]} $view={view} role="row">
            {week.map(day => {
              const list = byDay.get(day) ?? []
              const isToday = day === today
              const outside = view === 'month' && day.slice(0, 7) !== month
              const isActive = day === active
              const shown = view === 'month' ? list.slice(0, MONTH_SHOWN) : list
              return (
                <Day
                  key={day}
                  role="gridcell"
                  $view={view}
                  $outside={outside}
                  $today={isToday}
                  tabIndex={isActive ? 0 : -1}
                  aria-selected={isActive}
                  aria-current={isToday ? 'date' : undefined}
                  data-day={day}
                  data-testid={`calendar-day-${day}`}
                  onFocus={e => e.target === e.currentTarget && setFocused(day)}
                  onKeyDown={e => onKeyDown(e, day)}
                  onDoubleClick={() => onOpenDay(day)}
                  onClick={e => phone && view === 'month' && !(e.target as HTMLElement).closest('a, button') && onOpenDay(day)}
                >
                  <div>
                    <Num $today={isToday} aria-hidden="true">
                      {Number(day.slice(8))}
                    </Num>
                    {view === 'week' && <WeekdayOnPhone aria-hidden="true">{f.weekdayLong(day)}</WeekdayOnPhone>}
                  </div>
                  <VisuallyHidden>
                    {f.full(day)}
                    {isToday ? `, ${t('calendar.todayMark')}` : ''}, {t('calendar.tasks', { count: list.length })}
                  </VisuallyHidden>
                  {list.length > 0 && (
                    <Items $view={view}>
                      {shown.map(task => (
                        <li key={task.id}>
                          <Entry
                            href={`/tasks/${task.id}`}
                            tabIndex={isActive ? 0 : -1}
                            $done={task.status === TASK_STATUS.completed || task.status === TASK_STATUS.cancelled}
                            $wrap={view === 'week'}
                            title={`${task.time} ${task.name}`}
                            data-testid={`calendar-task-${task.id}`}
                          >
                            {task.time} {task.name}
                          </Entry>
                        </li>
                      ))}
                    </Items>
                  )}
                  {list.length > shown.length && (
                    <More type="button" tabIndex={isActive ? 0 : -1} onClick={() => onOpenDay(day)} aria-label={t('calendar.openDay', { date: f.full(day) })}>
                      {t('calendar.more', { count: list.length - shown.length })}
                    </More>
                  )}
                  {view === 'month' && list.length > 0 && (
                    <Count aria-hidden="true" onClick={() => onOpenDay(day)}>
                      {list.length}
                    </Count>
                  )}
                </Day>
              )
            })}
          </Week>
        ))}
      </Grid>
    </Frame>
  )
}
