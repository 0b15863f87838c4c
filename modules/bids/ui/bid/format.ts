import { useUnit } from 'effector-react'
import { $locale } from '../../../../core/i18n/model'
import { useT } from '../../../../core/i18n/useT'
import { FEDERAL_LAW, GUARANTEE_TYPE, LEASING_TYPE, type BidField } from '../../services'
import type { Bid } from '../../contract'
import { bidWorkflow, canonicalBidStatus, canonicalRequestStatus, requestWorkflow } from '../../workflow'

const nameOf = <T extends Record<string, number>>(codes: T, code: number): string | undefined =>
  Object.entries(codes).find(([, value]) => value === code)?.[0]

/** Numbers, money, dates and instants in the user's language. */
export function useFormat() {
  const locale = useUnit($locale)
  const tag = locale === 'ru' ? 'ru-RU' : 'en-GB'
  const money = new Intl.NumberFormat(tag, { style: 'currency', currency: 'RUB', maximumFractionDigits: 2 })
  const date = new Intl.DateTimeFormat(tag, { dateStyle: 'short', timeZone: 'UTC' })
  const instant = new Intl.DateTimeFormat(tag, { dateStyle: 'short', timeStyle: 'short' })
  return {
    money: (value: number | null | undefined) => (value === null || value === undefined ? '—' : money.format(value)),
    date: (iso: string | null | undefined) => (iso ? date.format(new Date(`${iso.slice(0, 10)}T00:00:00Z`)) : '—'),
    instant: (iso: string | null | undefined) => (iso ? instant.format(new Date(iso)) : '—'),
    bytes: (size: number) => (size < 1024 ? `${size} B` : size < 1024 * 1024 ? `${(size / 1024).toFixed(1)} KB` : `${(size / (1024 * 1024)).toFixed(1)} MB`),
  }
}

const MONEY: ReadonlySet<BidField> = new Set(['contract_sum', 'actual_contract_sum', 'initial_max_price', 'security_sum', 'credit_sum', 'initial_fee'])
const DATES: ReadonlySet<BidField> = new Set(['contract_start', 'contract_end', 'date_bg_start', 'date_bg_end', 'issue_deadline_date'])

/** A bid field's value as the card shows it, or null when it is not filled in. */
export function useFieldText() {
  const t = useT('bids')
  const f = useFormat()
  return (bid: Bid, field: BidField): string | null => {
    const value = bid[field]
    if (value === null || value === undefined || value === '') return null
    if (MONEY.has(field)) return f.money(value as number)
    if (DATES.has(field)) return f.date(value as string)
    switch (field) {
      case 'federal_law': {
        const name = nameOf(FEDERAL_LAW, value as number)
        return name ? t(`federalLaws.${name}`) : String(value)
      }
      case 'type_bg': {
        const name = nameOf(GUARANTEE_TYPE, value as number)
        return name ? t(`guaranteeTypes.${name}`) : String(value)
      }
      case 'leasing_type': {
        const name = nameOf(LEASING_TYPE, value as number)
        return name ? t(`leasingTypes.${name}`) : String(value)
      }
      case 'days':
        return t('bid.days', { count: value as number })
      case 'by_customer_form':
      case 'direct_debiting':
      case 'has_deposit':
      case 'has_losses':
      case 'has_government_contracts':
        return value ? t('bid.yes') : t('bid.no')
      case 'special_account': {
        const account = value as NonNullable<Bid['special_account']>
        const parts = [account.bank_name, account.bik && `${t('fields.special_account_bik')} ${account.bik}`, account.account]
        const text = parts.filter(Boolean).join(', ')
        return text || null
      }
      case 'lots': {
        const lots = value as NonNullable<Bid['lots']>
        if (lots.length === 0) return null
        return lots.map(lot => [`№ ${lot.number}`, lot.subject, lot.sum != null ? f.money(lot.sum) : null].filter(Boolean).join(' · ')).join('\n')
      }
      default:
        return String(value)
    }
  }
}

/** The client-side status's label (legacy codes read as their canonical one; an unknown code as itself). */
export function useStatusLabels() {
  const t = useT('bids')
  return {
    bid: (code: number) => {
      const name = bidWorkflow.statusName(canonicalBidStatus(code))
      return name ? t(`workflow.status.statuses.${name}`) : String(code)
    },
    request: (code: number) => {
      const name = requestWorkflow.statusName(canonicalRequestStatus(code))
      return name ? t(`workflow.bankStatus.statuses.${name}`) : String(code)
    },
  }
}
