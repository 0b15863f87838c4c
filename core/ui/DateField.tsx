import { lazy, Suspense, useRef, useState } from 'react'
import { DATE_MASK, formatDisplayDate, parseDisplayDate } from '../validation/dates'
import { IconButton } from './IconButton'
import { MaskedField } from './MaskedField'

// The popover, its dialog and the month grid (react-aria's overlays and calendar, the date library) are read only by
// those who open a calendar: not in the first load of the pages with a date field.
const DateCalendar = lazy(() => import('./DateCalendar'))
/** Fetches the calendar's chunk ahead of the first open (pointer over or focus on the button). */
const preloadCalendar = () => void import('./DateCalendar')

const CalendarIcon = () => (
  <svg width="16" height="16" viewBox="0 0 16 16" fill="none" stroke="currentColor" strokeWidth="1.5" aria-hidden="true">
    <rect x="2" y="3" width="12" height="11" rx="1.5" />
    <path d="M2 6.5h12M5 1.5v3M11 1.5v3" />
  </svg>
)

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
  const [open, setOpen] = useState(false)
  const button = useRef<HTMLButtonElement>(null)
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
        <>
          <IconButton
            ref={button}
            aria-label={calendarLabel}
            aria-haspopup="dialog"
            aria-expanded={open}
            size="sm"
            isDisabled={isDisabled}
            onPress={() => setOpen(true)}
            onMouseEnter={preloadCalendar}
            onFocus={preloadCalendar}
          >
            <CalendarIcon />
          </IconButton>
          {open && (
            <Suspense fallback={null}>
              <DateCalendar
                triggerRef={button}
                label={calendarLabel}
                value={parseDisplayDate(value)}
                min={min}
                max={max}
                previousLabel={previousLabel}
                nextLabel={nextLabel}
                onPick={iso => onChange(formatDisplayDate(iso))}
                onClose={() => setOpen(false)}
              />
            </Suspense>
          )}
        </>
      }
    />
  )
}
