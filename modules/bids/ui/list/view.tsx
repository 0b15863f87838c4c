import { useUnit } from 'effector-react'
import { useMemo } from 'react'
import { $locale } from '../../../../core/i18n/model'
import { useT } from '../../../../core/i18n/useT'
import { Badge, type BadgeTone } from '../../../../core/ui/Badge'
import type { DataColumn } from '../../../../core/ui/list/DataTable'
import { BID_STATUS, canonicalBidStatus, serviceName, type BidSummary, type ServiceCode } from '../../contract'

/** Each client-side status's name (bids:workflow.status.statuses.<name>) by its code. */
const STATUS_NAME = new Map<number, string>(Object.entries(BID_STATUS).map(([name, code]) => [code, name]))

/** The colour of a status: what asks the reader to act is a warning, what ended well a success. */
const TONE: Readonly<Record<string, BadgeTone>> = {
  draft: 'neutral',
  submitted: 'info',
  recheck: 'info',
  underReview: 'info',
  approved: 'info',
  returned: 'warning',
  clarification: 'warning',
  bankAnswered: 'warning',
  sentToBank: 'primary',
  accepted: 'success',
  issued: 'success',
  bankRejected: 'error',
  declined: 'error',
}

/** A bid's client-side status as a badge with its label (legacy numbers read as the status they stand for). */
export function BidStatusBadge({ status }: { status: number }) {
  const t = useT('bids')
  const name = STATUS_NAME.get(canonicalBidStatus(status))
  if (!name) return <Badge>{t('list.unknownStatus', { status })}</Badge>
  return <Badge tone={TONE[name] ?? 'neutral'}>{t(`workflow.status.statuses.${name}`)}</Badge>
}

/** A service's name; an unknown code as its number. */
export const serviceLabel = (t: (key: string) => string, code: ServiceCode | number): string => {
  const name = serviceName(code)
  return name ? t(`services.${name}`) : String(code)
}

export function useFormats() {
  const locale = useUnit($locale)
  return useMemo(() => {
    const tag = locale === 'ru' ? 'ru-RU' : 'en-GB'
    const money = new Intl.NumberFormat(tag, { style: 'currency', currency: 'RUB', maximumFractionDigits: 2 })
    const date = new Intl.DateTimeFormat(tag, { dateStyle: 'short' })
    return {
      money: (value: number | null) => (value === null ? '—' : money.format(value)),
      date: (iso: string | null) => (iso ? date.format(new Date(iso)) : '—'),
    }
  }, [locale])
}


/**
 * The columns of a bids list: number (the row's link), service, company (left out on a company's card), sum,
 * status, banks answered, created. Sortable ones are the server's sorts.
 */
export function useBidColumns({ withCompany = true }: { withCompany?: boolean } = {}): DataColumn<BidSummary>[] {
  const t = useT('bids')
  const f = useFormats()
  return useMemo<DataColumn<BidSummary>[]>(
    () => [
      { id: 'id', header: t('list.number'), cell: b => t('list.numberValue', { id: b.id }), isRowHeader: true, nowrap: true, sortable: true },
      { id: 'service', header: t('list.service'), cell: b => serviceLabel(t, b.service_type), minWidth: 160 },
      ...(withCompany ? [{ id: 'company', header: t('list.company'), cell: (b: BidSummary) => b.company.name ?? t('list.noName'), minWidth: 180 }] : []),
      { id: 'amount', header: t('list.amount'), cell: b => f.money(b.amount), align: 'end', nowrap: true, sortable: true },
      {
        id: 'status',
        header: t('list.status'),
        // One element: a card on a phone lays a cell's children out as label and value.
        cell: b => (
          <span>
            <BidStatusBadge status={b.status} /> {b.archived_at && <Badge>{t('list.archived')}</Badge>}
          </span>
        ),
        sortable: true,
        minWidth: 180,
      },
      { id: 'banks', header: t('list.banks'), cell: b => (b.requests ? t('list.offersOf', { offers: b.offers, requests: b.requests }) : '—'), nowrap: true },
      { id: 'created_at', header: t('list.created'), cell: b => f.date(b.created_at), nowrap: true, sortable: true },
    ],
    [t, f, withCompany],
  )
}
