import { useUnit } from 'effector-react'
import { useMemo } from 'react'
import { $locale } from '../../../core/i18n/model'
import { formatPhone } from '../../../core/validation'

/** Money arrives as decimal strings of rubles: formatted as exact decimals (never through a float). */
export function useSplitFormat() {
  const locale = useUnit($locale)
  return useMemo(() => {
    const tag = locale === 'ru' ? 'ru-RU' : 'en-GB'
    const money = new Intl.NumberFormat(tag, { style: 'currency', currency: 'RUB', minimumFractionDigits: 2, maximumFractionDigits: 2 })
    const plain = new Intl.NumberFormat(tag, { minimumFractionDigits: 2, maximumFractionDigits: 2 })
    const day = new Intl.DateTimeFormat(tag, { day: '2-digit', month: '2-digit', year: 'numeric', timeZone: 'UTC' })
    const instant = new Intl.DateTimeFormat(tag, { dateStyle: 'short', timeStyle: 'short' })
    const localDay = new Intl.DateTimeFormat(tag, { day: '2-digit', month: '2-digit', year: 'numeric' })
    // Intl formats a decimal string exactly (ECMA-402 "Intl.NumberFormat v3").
    const exact = (s: string) => s as unknown as number
    return {
      money: (s: string) => money.format(exact(s)),
      amount: (s: string) => plain.format(exact(s)),
      date: (iso: string) => day.format(new Date(`${iso}T00:00:00Z`)),
      instant: (iso: string) => instant.format(new Date(iso)),
      /** The local calendar day of an instant. */
      day: (iso: string) => localDay.format(new Date(iso)),
      phone: (digits: string) => formatPhone(digits),
      percent: (s: string) => `${s.replace('.', tag === 'ru-RU' ? ',' : '.')} %`,
    }
  }, [locale])
}
export type SplitFormat = ReturnType<typeof useSplitFormat>
