import { useUnit } from 'effector-react'
import { useMemo } from 'react'
import { $locale } from '../../../core/i18n/model'
import { LEAD_STATUS, type LeadStatusCode } from '../workflow'
import type { BadgeTone } from '../../../core/ui/Badge'

/** Rubles from the API's decimal string, grouped by hand (no float ever holds the sum): `2 500 000,50 ₽`. */
export function formatRubles(amount: string | null, locale: string): string {
  if (amount === null) return '—'
  const [whole = '0', fraction = ''] = amount.split('.')
  const ru = locale === 'ru'
  const grouped = whole.replace(/\B(?=(\d{3})+(?!\d))/g, ru ? '\u00a0' : ',')
  const kopecks = fraction.replace(/0+$/, '') === '' ? '' : `${ru ? ',' : '.'}${fraction.padEnd(2, '0')}`
  return `${grouped}${kopecks}\u00a0₽`
}

export function useLeadFormat() {
  const locale = useUnit($locale)
  return useMemo(() => {
    const dateTime = new Intl.DateTimeFormat(locale === 'ru' ? 'ru-RU' : 'en-GB', { dateStyle: 'short', timeStyle: 'short' })
    return {
      instant: (iso: string | null) => (iso ? dateTime.format(new Date(iso)) : '—'),
      rubles: (amount: string | null) => formatRubles(amount, locale),
    }
  }, [locale])
}

export const STATUS_TONE: Record<LeadStatusCode, BadgeTone> = {
  [LEAD_STATUS.new]: 'info',
  [LEAD_STATUS.verified]: 'success',
  [LEAD_STATUS.rework]: 'warning',
  [LEAD_STATUS.declined]: 'error',
}

/** The status name of a code, for its i18n key (`workflow.status.statuses.<name>`). */
export const statusName = (code: LeadStatusCode) => (Object.entries(LEAD_STATUS).find(([, c]) => c === code)?.[0] ?? 'new') as keyof typeof LEAD_STATUS

/** SPEC §1 services 1–8 (the convert dialog's choices; named in the pack under `service.<code>`). */
export const SERVICE_CODES_FOR_TEXTS = [1, 2, 3, 4, 5, 6, 7, 8] as const
