import { useEffect, useId, useState } from 'react'
import styled from 'styled-components'
import { useT } from '../../../core/i18n/useT'
import { DateField } from '../../../core/ui/DateField'
import { Button } from '../../../core/ui/Button'
import { formatDisplayDate, parseDisplayDate } from '../../../core/validation/dates'

const Range = styled.fieldset`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space.xs};
  margin: 0;
  padding: 0;
  border: 0;
  min-width: 0;
  legend {
    padding: 0;
    margin-bottom: ${({ theme }) => theme.space.xs};
    font-size: ${({ theme }) => theme.font.size.sm};
    font-weight: ${({ theme }) => theme.font.weight.medium};
  }
`
const Pair = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: flex-end;
  gap: ${({ theme }) => theme.space.xs};
`

const EARLIEST = '1900-01-01'
const LATEST = '2100-12-31'

interface PeriodDateProps {
  label: string
  /** `yyyy-mm-dd` or '' (the URL's value). */
  value: string
  onChange: (iso: string) => void
  min: string
  max: string
  testId: string
}

/**
 * One end of the period, typed as `дд.мм.гггг` (SPEC §5) or picked in the calendar. The list follows only a whole
 * date or an emptied field, so a half-typed date never filters anything; the URL's value wins when it changes.
 */
function PeriodDate({ label, value, onChange, min, max, testId }: PeriodDateProps) {
  const t = useT('tasks')
  const [text, setText] = useState(() => (value ? formatDisplayDate(value) : ''))
  useEffect(() => {
    setText(current => (parseDisplayDate(current) === value || (!value && !parseDisplayDate(current)) ? current : value ? formatDisplayDate(value) : ''))
  }, [value])
  const typed = parseDisplayDate(text)
  const outside = typed !== null && (typed < min || typed > max)
  return (
    <div data-testid={testId}>
      <DateField
        label={label}
        value={text}
        onChange={next => {
          setText(next)
          const iso = parseDisplayDate(next)
          if (next === '') onChange('')
          else if (iso && iso >= min && iso <= max) onChange(iso)
        }}
        min={min}
        max={max}
        errorMessage={outside ? t('list.dateOutside') : null}
        placeholder={t('form.datePlaceholder')}
        calendarLabel={t('form.calendar')}
        previousLabel={t('form.previousMonth')}
        nextLabel={t('form.nextMonth')}
      />
    </div>
  )
}

export interface Period {
  from: string
  to: string
}

/** The list's period: from and to, each bounding the other, and a way to clear both. */
export function PeriodFilter({ value, onChange }: { value: Period; onChange: (next: Partial<Period>) => void }) {
  const t = useT('tasks')
  const legendId = useId()
  return (
    <Range aria-labelledby={legendId}>
      <legend id={legendId}>{t('list.period')}</legend>
      <Pair>
        <PeriodDate label={t('list.dateFrom')} value={value.from} onChange={from => onChange({ from })} min={EARLIEST} max={value.to || LATEST} testId="task-from" />
        <PeriodDate label={t('list.dateTo')} value={value.to} onChange={to => onChange({ to })} min={value.from || EARLIEST} max={LATEST} testId="task-to" />
        {(value.from || value.to) && (
          <Button size="sm" variant="ghost" onPress={() => onChange({ from: '', to: '' })}>
            {t('list.clearDates')}
          </Button>
        )}
      </Pair>
    </Range>
  )
}
