import { useUnit } from 'effector-react'
import { useMemo } from 'react'
import { $locale } from '../../../../core/i18n/model'

/** Money, dates and times in the reader's language. */
export function useKpFormats() {
  const locale = useUnit($locale)
  return useMemo(() => {
    const tag = locale === 'ru' ? 'ru-RU' : 'en-GB'
    const money = new Intl.NumberFormat(tag, { style: 'currency', currency: 'RUB', maximumFractionDigits: 2 })
    const date = new Intl.DateTimeFormat(tag, { dateStyle: 'short' })
    const time = new Intl.DateTimeFormat(tag, { dateStyle: 'short', timeStyle: 'short' })
    return {
      money: (value: number | null) => (value === null ? '—' : money.format(value)),
      date: (iso: string) => date.format(new Date(iso.length === 10 ? `${iso}T00:00:00` : iso)),
      time: (iso: string) => time.format(new Date(iso)),
    }
  }, [locale])
}
