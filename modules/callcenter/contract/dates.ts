/** Calendar dates of the finish-call reminder and the statistics range: `dd.mm.yyyy` on screen, `yyyy-mm-dd` on the wire. */

import { formatDisplayDate, isIsoDate, isTimeOfDay, parseDisplayDate } from '../../../core/validation/dates'

export { isIsoDate }
/** `31.12.2026` → `2026-12-31` when it is a real calendar date, else null (core's date helpers). */
export const parseReminderDate = parseDisplayDate
/** `2026-12-31` → `31.12.2026`. */
export const formatReminderDate = formatDisplayDate
/** `HH:MM`, 00:00–23:59. */
export const isReminderTime = isTimeOfDay

/** The calendar date (`yyyy-mm-dd`) of an instant in a time zone; the browser passes its own zone. */
export function isoDateIn(timeZone: string | undefined, at: number | Date): string {
  const parts = new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' }).formatToParts(at)
  const get = (type: string) => parts.find(p => p.type === type)?.value ?? ''
  return `${get('year')}-${get('month')}-${get('day')}`
}

/** `yyyy-mm-dd` plus n days. */
export function addDays(iso: string, days: number): string {
  const [y, m, d] = iso.split('-').map(Number)
  return new Date(Date.UTC(y!, m! - 1, d! + days)).toISOString().slice(0, 10)
}

/** The dialog's default reminder date: tomorrow, as `dd.mm.yyyy`. */
export const defaultReminderDate = (todayIso: string): string => formatReminderDate(addDays(todayIso, 1))
