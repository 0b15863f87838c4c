/** Calendar dates as people type them (`dd.mm.yyyy`, SPEC §5/§9) and as the wire carries them (`yyyy-mm-dd`). */

/** The mask of a typed date and of a typed time. */
export const DATE_MASK = '##.##.####'
export const TIME_MASK = '##:##'

/** A real calendar date written `yyyy-mm-dd`. */
export function isIsoDate(value: string): boolean {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value)
  if (!m) return false
  const date = new Date(Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3])))
  return date.toISOString().slice(0, 10) === value
}

/** `31.12.2026` → `2026-12-31` when it is a real calendar date, else null. */
export function parseDisplayDate(value: string): string | null {
  const m = /^(\d{2})\.(\d{2})\.(\d{4})$/.exec(value.trim())
  if (!m) return null
  const iso = `${m[3]}-${m[2]}-${m[1]}`
  return isIsoDate(iso) ? iso : null
}

/** `2026-12-31` → `31.12.2026`. */
export function formatDisplayDate(iso: string): string {
  const [y, m, d] = iso.split('-')
  return `${d}.${m}.${y}`
}

/** `HH:MM`, 00:00–23:59. */
export function isTimeOfDay(value: string): boolean {
  return /^([01]\d|2[0-3]):[0-5]\d$/.test(value.trim())
}
