import { parseDate, type CalendarDate } from '@internationalized/date'
import styled from 'styled-components'
import { Button as AriaButton } from 'react-aria-components/Button'
import { Calendar, CalendarCell, CalendarGrid, CalendarHeading } from 'react-aria-components/Calendar'
import { Dialog } from 'react-aria-components/Dialog'
import { Popover } from 'react-aria-components/Popover'
import type { RefObject } from 'react'

const Pop = styled(Popover)`
  z-index: ${({ theme }) => theme.z.modal + 1};
  padding: ${({ theme }) => theme.space.md};
  background: ${({ theme }) => theme.color.surface};
  border: 1px solid ${({ theme }) => theme.color.divider};
  border-radius: ${({ theme }) => theme.radius.lg};
  box-shadow: ${({ theme }) => theme.shadow.lg};
`

const Head = styled.header`
  display: flex;
  align-items: center;
  justify-content: space-between;
  gap: ${({ theme }) => theme.space.sm};
  margin-bottom: ${({ theme }) => theme.space.sm};
  font-weight: ${({ theme }) => theme.font.weight.semibold};
`
const Title = styled(CalendarHeading)`
  margin: 0;
  font-size: ${({ theme }) => theme.font.size.md};
  font-weight: ${({ theme }) => theme.font.weight.semibold};
`
const Nav = styled(AriaButton)`
  min-width: ${({ theme }) => theme.size.control.sm};
  height: ${({ theme }) => theme.size.control.sm};
  border: 1px solid ${({ theme }) => theme.color.divider};
  border-radius: ${({ theme }) => theme.radius.md};
  background: ${({ theme }) => theme.color.surface};
  cursor: pointer;
  &[data-focus-visible] {
    outline: 2px solid ${({ theme }) => theme.color.focus};
  }
  &[data-disabled] {
    opacity: 0.4;
  }
`
const Grid = styled(CalendarGrid)`
  border-collapse: collapse;
  th {
    font-size: ${({ theme }) => theme.font.size.xs};
    color: ${({ theme }) => theme.color.textMuted};
    padding-bottom: ${({ theme }) => theme.space.xs};
  }
`
const Cell = styled(CalendarCell)`
  width: 32px;
  height: 32px;
  display: flex;
  align-items: center;
  justify-content: center;
  border-radius: ${({ theme }) => theme.radius.md};
  font-variant-numeric: tabular-nums;
  cursor: pointer;
  outline: none;
  &[data-outside-month] {
    display: none;
  }
  &[data-hovered] {
    background: ${({ theme }) => theme.color.surfaceHover};
  }
  &[data-selected] {
    background: ${({ theme }) => theme.color.primary};
    color: ${({ theme }) => theme.color.textInverse};
  }
  &[data-disabled],
  &[data-unavailable] {
    color: ${({ theme }) => theme.color.textDisabled};
    cursor: not-allowed;
  }
  &[data-focus-visible] {
    outline: 2px solid ${({ theme }) => theme.color.focus};
  }
`

const toCalendar = (iso: string | null): CalendarDate | null => {
  try {
    return iso ? parseDate(iso) : null
  } catch {
    return null
  }
}

export interface DateCalendarProps {
  /** The field's calendar button: the popover sits under it and gives focus back to it on close. */
  triggerRef: RefObject<HTMLButtonElement | null>
  label: string
  /** `yyyy-mm-dd` picked, and the bounds; an unreadable one is no value / no bound. */
  value: string | null
  min: string
  max: string
  previousLabel: string
  nextLabel: string
  /** A day was picked (the popover closes after it). */
  onPick: (iso: string) => void
  onClose: () => void
}

/**
 * The calendar popover of core/ui/DateField: a month grid with weeks from Monday (SPEC §5), only days between `min`
 * and `max`. Its own chunk: react-aria's overlays and calendar and the date library load when a calendar is first
 * opened, not with every form.
 */
export default function DateCalendar({ triggerRef, label, value, min, max, previousLabel, nextLabel, onPick, onClose }: DateCalendarProps) {
  return (
    <Pop triggerRef={triggerRef} isOpen onOpenChange={open => !open && onClose()} placement="bottom end">
      <Dialog aria-label={label}>
        <Calendar
          aria-label={label}
          firstDayOfWeek="mon"
          value={toCalendar(value)}
          minValue={toCalendar(min) ?? undefined}
          maxValue={toCalendar(max) ?? undefined}
          onChange={date => {
            onPick(date.toString())
            onClose()
          }}
        >
          <Head>
            <Nav slot="previous" aria-label={previousLabel}>
              ‹
            </Nav>
            <Title />
            <Nav slot="next" aria-label={nextLabel}>
              ›
            </Nav>
          </Head>
          <Grid>{date => <Cell date={date} />}</Grid>
        </Calendar>
      </Dialog>
    </Pop>
  )
}
