import { useUnit } from 'effector-react'
import { useMemo } from 'react'
import { $locale } from '../../../core/i18n/model'
import { formatPhone } from '../../../core/validation'

/** Money, dates and instants in the user's language, for every tenders screen (one formatter per locale). */
export function useTenderFormats() {
  const locale = useUnit($locale)
  return useMemo(() => {
    const tag = locale === 'ru' ? 'ru-RU' : 'en-GB'
    const money = new Intl.NumberFormat(tag, { style: 'currency', currency: 'RUB', maximumFractionDigits: 2 })
    const date = new Intl.DateTimeFormat(tag, { dateStyle: 'short', timeZone: 'UTC' })
    const day = new Intl.DateTimeFormat(tag, { dateStyle: 'short' })
    const time = new Intl.DateTimeFormat(tag, { timeStyle: 'short' })
    const instant = new Intl.DateTimeFormat(tag, { dateStyle: 'short', timeStyle: 'short' })
    return {
      money: (value: number | null | undefined) => (value === null || value === undefined ? '—' : money.format(value)),
      /** A calendar date (YYYY-MM-DD). */
      date: (iso: string) => date.format(new Date(`${iso.slice(0, 10)}T00:00:00Z`)),
      /** An instant's day, where the user is. */
      day: (iso: string) => day.format(new Date(iso)),
      time: (iso: string) => time.format(new Date(iso)),
      instant: (iso: string) => instant.format(new Date(iso)),
    }
  }, [locale])
}

/** A stored phone as people read it: a +7 number (11 digits, or the 10 of a masked registry phone) masked, anything else as it is. */
export const phoneText = (phone: string): string => {
  const digits = phone.replace(/\D/g, '')
  return digits.length === 11 || digits.length === 10 ? formatPhone(digits.padStart(11, '7')) : phone
}
