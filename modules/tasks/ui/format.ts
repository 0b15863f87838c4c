import { useUnit } from 'effector-react'
import { useMemo } from 'react'
import { $locale } from '../../../core/i18n/model'

/** Dates of the business clock are calendar days: formatted in UTC so no zone shifts them. */
export function useTaskFormat() {
  const locale = useUnit($locale)
  return useMemo(() => {
    const tag = locale === 'ru' ? 'ru-RU' : 'en-GB'
    const day = new Intl.DateTimeFormat(tag, { day: '2-digit', month: '2-digit', year: 'numeric', timeZone: 'UTC' })
    const full = new Intl.DateTimeFormat(tag, { weekday: 'long', day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' })
    const month = new Intl.DateTimeFormat(tag, { month: 'long', year: 'numeric', timeZone: 'UTC' })
    const short = new Intl.DateTimeFormat(tag, { day: 'numeric', month: 'short', year: 'numeric', timeZone: 'UTC' })
    const weekdayShort = new Intl.DateTimeFormat(tag, { weekday: 'short', timeZone: 'UTC' })
    const weekdayLong = new Intl.DateTimeFormat(tag, { weekday: 'long', timeZone: 'UTC' })
    const instant = new Intl.DateTimeFormat(tag, { dateStyle: 'short', timeStyle: 'short' })
    const at = (iso: string) => new Date(`${iso}T00:00:00Z`)
    return {
      locale: tag,
      date: (iso: string) => day.format(at(iso)),
      /** "24.11.2026 15:00" or "24.11.2026 – 26.11.2026, 15:00". */
      span: (from: string, to: string, time: string) => (from === to ? `${day.format(at(from))}, ${time}` : `${day.format(at(from))} – ${day.format(at(to))}, ${time}`),
      full: (iso: string) => full.format(at(iso)),
      month: (iso: string) => month.format(at(iso)),
      /** "23–29 нояб. 2026 г.": the shared month and year said once. */
      range: (from: string, to: string) => short.formatRange(at(from), at(to)),
      weekdayShort: (iso: string) => weekdayShort.format(at(iso)),
      weekdayLong: (iso: string) => weekdayLong.format(at(iso)),
      instant: (iso: string) => instant.format(new Date(iso)),
    }
  }, [locale])
}
export type TaskFormat = ReturnType<typeof useTaskFormat>
