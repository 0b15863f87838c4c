import { parseDate, type CalendarDate } from '@internationalized/date'
import styled from 'styled-components'
import { Button as AriaButton } from 'react-aria-components/Button'
import { Calendar, CalendarCell, CalendarGrid, CalendarHeading } from 'react-aria-components/Calendar'
import { Dialog, DialogTrigger } from 'react-aria-components/Dialog'
import { Popover } from 'react-aria-components/Popover'
import { DATE_MASK, formatDisplayDate, parseDisplayDate } from '../validation/dates'
import { IconButton } from './IconButton'
import { MaskedField } from './MaskedField'

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

const CalendarIcon = () => (
  <svg width="16" height="16" viewBox="0 0 16 16" fill="none" stroke="currentColor" strokeWidth="1.5" aria-hidden="true">
    <rect x="2" y="3" width="12" height="11" rx="1.5" />
    <path d="M2 6.5h12M5 1.5v3M11 1.5v3" />
  </svg>
)

const toCalendar = (iso: string | null): CalendarDate | null => {
  try {
    return iso ? parseDate(iso) : null
  } catch {
    return null
  }
}

export interface DateFieldProps {
  label: string
  /** `dd.mm.yyyy` as typed. */
  value: string
  onChange: (value: string) => void
  /** `yyyy-mm-dd` bounds of the calendar. */
  min: string
  max: string
  isDisabled?: boolean
  isRequired?: boolean
  errorMessage?: string | null
  description?: string
  calendarLabel: string
  previousLabel: string
  nextLabel: string
  name?: string
  /** Shown while empty; the Russian `дд.мм.гггг` unless the screen passes its own. */
  placeholder?: string
}

/**
 * A date typed with the mask `##.##.####`, or picked from a calendar whose weeks start on Monday (SPEC §5) and
 * which offers only days between `min` and `max`. Shared by the call center's reminder and the tasks form.
 */
export function DateField({ label, value, onChange, min, max, isDisabled, isRequired, errorMessage, description, calendarLabel, previousLabel, nextLabel, name, placeholder = 'дд.мм.гггг' }: DateFieldProps) {
  const picked = toCalendar(parseDisplayDate(value))
  const minValue = toCalendar(min) ?? undefined
  const maxValue = toCalendar(max) ?? undefined
  return (
    <MaskedField
      label={label}
      name={name}
      mask={DATE_MASK}
      placeholder={placeholder}
      inputMode="numeric"
      value={value}
      onChange={onChange}
      isDisabled={isDisabled}
      isRequired={isRequired}
      errorMessage={errorMessage}
      description={description}
      suffix={
        <DialogTrigger>
          <IconButton aria-label={calendarLabel} size="sm" isDisabled={isDisabled}>
            <CalendarIcon />
          </IconButton>
          <Pop placement="bottom end">
            <Dialog aria-label={calendarLabel}>
              {({ close }) => (
                <Calendar
                  aria-label={calendarLabel}
                  firstDayOfWeek="mon"
                  value={picked}
                  minValue={minValue}
                  maxValue={maxValue}
                  onChange={date => {
                    onChange(formatDisplayDate(date.toString()))
                    close()
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
              )}
            </Dialog>
          </Pop>
        </DialogTrigger>
      }
    />
  )
}
