import { formatPhone, phoneDigits } from '../../../../core/validation/phone'

/** `77011234567` → `+7 (701) 123-45-67`; an extension (`1160`) as it is. */
export function displayNumber(digits: string): string {
  const phone = phoneDigits(digits)
  return phone ? formatPhone(phone) : digits
}

/** The browser's calendar date, `yyyy-mm-dd` (the reminder date's minimum). */
export function localToday(at: number): string {
  const d = new Date(at)
  const pad = (n: number) => String(n).padStart(2, '0')
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}`
}
