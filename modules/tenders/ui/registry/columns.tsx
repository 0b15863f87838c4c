import { useUnit } from 'effector-react'
import { useMemo } from 'react'
import styled from 'styled-components'
import { $profile } from '../../../../core/auth/model'
import { $locale } from '../../../../core/i18n/model'
import { useT } from '../../../../core/i18n/useT'
import { useDispatch } from '../../../../core/react/runtime'
import type { DataColumn } from '../../../../core/ui/list/DataTable'
import { Button } from '../../../../core/ui/Button'
import type { TenderListItem } from '../../contract'
import { Second } from '../cells'
import { regionName } from '../labels'

const Muted = styled.span`
  color: ${({ theme }) => theme.color.textMuted};
`
const StarMark = styled.span<{ $on: boolean }>`
  font-size: 18px;
  line-height: 1;
  color: ${({ $on, theme }) => ($on ? theme.color.warning : theme.color.textMuted)};
`
/** Side by side where the table has room; the button under the star where it has not (a 1366 px laptop). */
const Actions = styled.span`
  display: inline-flex;
  flex-wrap: wrap;
  justify-content: flex-end;
  align-items: center;
  gap: ${({ theme }) => theme.space.sm};
`

function useFormats() {
  const locale = useUnit($locale)
  return useMemo(() => {
    const tag = locale === 'ru' ? 'ru-RU' : 'en-GB'
    // Whole rubles without the sign (the headers say ₽): three money columns fit beside the rest at 1440 px.
    const money = new Intl.NumberFormat(tag, { maximumFractionDigits: 0 })
    const date = new Intl.DateTimeFormat(tag, { dateStyle: 'short', timeZone: 'UTC' })
    return { money: (value: number) => money.format(value), date: (day: string) => date.format(new Date(`${day}T00:00:00Z`)) }
  }, [locale])
}

/** The registry's columns; the sortable ones are the server's sorts (registry.ts TENDER_SORTS). */
export function useRegistryColumns(): DataColumn<TenderListItem>[] {
  const t = useT('tenders')
  const f = useFormats()
  return useMemo(
    () => [
      { id: 'notification_number', header: t('registry.columns.number'), cell: r => r.notification_number, isRowHeader: true, nowrap: true, sortable: true, width: 185 },
      // Customer and region under the subject, the inn under the winner: the table fits 1440 px without scrolling.
      {
        id: 'name',
        header: t('registry.columns.name'),
        cell: r => (
          <>
            {r.name}
            <Second>
              {r.customer_name} · {regionName(t, r.region)}
            </Second>
          </>
        ),
        width: '2fr',
      },
      {
        id: 'winner',
        header: t('registry.columns.winner'),
        cell: r => (
          <>
            {r.winner_name}
            <Second>{t('registry.inn', { inn: r.winner_inn })}</Second>
          </>
        ),
        width: '1.5fr',
      },
      { id: 'protocol_date', header: t('registry.columns.protocolDate'), cell: r => f.date(r.protocol_date), nowrap: true, sortable: true, width: 110 },
      // The contract's price under the initial one (sorted by the initial): the table and its row actions fit a 1366 px laptop.
      {
        id: 'initial_price',
        header: t('registry.columns.price'),
        cell: r => (
          <>
            {f.money(r.initial_price)}
            {r.contract_price !== null && <Second>{t('registry.contract', { price: f.money(r.contract_price) })}</Second>}
          </>
        ),
        align: 'end',
        nowrap: true,
        sortable: true,
        width: 140,
      },
      {
        id: 'guarantee_amount',
        header: t('registry.columns.guarantee'),
        cell: r => (r.guarantee_amount === null ? <Muted>{t('registry.noGuarantee')}</Muted> : f.money(r.guarantee_amount)),
        align: 'end',
        nowrap: true,
        sortable: true,
        width: 130,
      },
    ],
    [t, f],
  )
}

/** The row's buttons: the favourite star, and "take to work" or who has it in work. */
export function RowActions({ row }: { row: TenderListItem }) {
  const t = useT('tenders')
  const dispatch = useDispatch()
  const me = useUnit($profile)?.id
  const number = row.notification_number
  return (
    <Actions>
      <Button
        variant="ghost"
        size="sm"
        square
        isPressed={row.favourite}
        aria-label={t(row.favourite ? 'registry.favouriteRemove' : 'registry.favouriteAdd', { number })}
        onPress={() => void dispatch('tenders/toggleFavourite', { id: row.id })}
        data-testid={`favourite-${row.id}`}
      >
        <StarMark $on={row.favourite} aria-hidden="true">
          {row.favourite ? '★' : '☆'}
        </StarMark>
      </Button>
      {row.taken_by === null ? (
        <Button size="sm" aria-label={t('registry.takeLabel', { number })} onPress={() => void dispatch('tenders/take', { id: row.id })} data-testid={`take-${row.id}`}>
          {t('registry.take')}
        </Button>
      ) : (
        <Muted data-testid={`taken-${row.id}`}>{row.taken_by.id === me ? t('registry.inWorkByMe') : t('registry.takenBy', { name: row.taken_by.name })}</Muted>
      )}
    </Actions>
  )
}
