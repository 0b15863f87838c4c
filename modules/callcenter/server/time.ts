/** Wall-clock time in an IANA zone ↔ instants, with Intl only (Node ships full ICU). */

/** Offset of `zone` from UTC at `instant`, in ms (Moscow: +3 h). */
function offsetMs(zone: string, instant: number): number {
  const parts = new Intl.DateTimeFormat('en-US', {
    timeZone: zone,
    hourCycle: 'h23',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
  }).formatToParts(instant)
  const get = (type: string) => Number(parts.find(p => p.type === type)?.value ?? 0)
  const asUtc = Date.UTC(get('year'), get('month') - 1, get('day'), get('hour'), get('minute'), get('second'))
  return asUtc - Math.floor(instant / 1000) * 1000
}

/** `2026-01-02` + `15:00` in `zone` → the instant (the first one, around a DST change). */
export function zonedToInstant(isoDate: string, time: string, zone: string): Date {
  const [y, m, d] = isoDate.split('-').map(Number)
  const [hh, mm] = time.split(':').map(Number)
  const wall = Date.UTC(y!, m! - 1, d!, hh!, mm!)
  let instant = wall - offsetMs(zone, wall)
  instant = wall - offsetMs(zone, instant)
  return new Date(instant)
}

/** The first instant of a calendar day in `zone`. */
export const startOfDay = (isoDate: string, zone: string): Date => zonedToInstant(isoDate, '00:00', zone)
