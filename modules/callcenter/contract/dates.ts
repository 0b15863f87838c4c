/** Calendar dates of the finish-call reminder and the statistics range: `dd.mm.yyyy` on screen, `yyyy-mm-dd` on the wire. */

/** `31.12.2026` → `2026-12-31` when it is a real calendar date, else null. */
export function parseReminderDate(value: string): string | null {
  const m = /^(\d{2})\.(\d{2})\.(\d{4})$/.exec(value.trim())
  if (!m) return null
  const iso = `${m[3]}-${m[2]}-${m[1]}`
  return isIsoDate(iso) ? iso : null
}

/** `2026-12-31` → `31.12.2026`. */
export function formatReminderDate(iso: string): string {
  const [y, m, d] = iso.split('-')
  return `${d}.${m}.${y}`
}

/** A real calendar date written `yyyy-mm-dd`. */
export function isIsoDate(value: string): boolean {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value)
  if (!m) return false
  const date = new Date(Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3])))
  return date.toISOString().slice(0, 10) === value
}

/** `HH:MM`, 00:00–23:59. */
export function isReminderTime(value: string): boolean {
  return /^([01]\d|2[0-3]):[0-5]\d$/.test(value.trim())
}

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
