import { useUnit } from 'effector-react'
import { useState, type FormEvent } from 'react'
import styled from 'styled-components'
import { Link } from 'wouter'
import { $profile } from '../../../core/auth/model'
import { ROLE } from '../../../core/auth/profile'
import { useT } from '../../../core/i18n/useT'
import { useDispatch } from '../../../core/react/runtime'
import { Button } from '../../../core/ui/Button'
import { Card } from '../../../core/ui/Card'
import { EmptyState } from '../../../core/ui/EmptyState'
import { ErrorState } from '../../../core/ui/ErrorState'
import { PageHeader } from '../../../core/ui/PageHeader'
import { ListTabs } from '../../../core/ui/list/ListTabs'
import { CursorPager } from '../../../core/ui/list/Pager'
import { SelectField } from '../../../core/ui/SelectField'
import { Spinner } from '../../../core/ui/Spinner'
import { Row, Stack } from '../../../core/ui/Stack'
import { TextField } from '../../../core/ui/TextField'
import { useLiveRefresh } from '../../../core/ui/list/useLiveRefresh'
import { CURRENCIES, INVEST_API, LIST_LIMIT, OFFER_TYPES, type DealItem, type OfferItem } from '../contract'
import { Center, DealStatusBadge, Muted, OfferImage, OfferStatusBadge, Scroll, useCursorList, useInvestFormat } from './shared'

type TabKey = 'offers' | 'deals'

const Filters = styled.form`
  display: grid;
  grid-template-columns: repeat(auto-fit, minmax(10rem, 1fr));
  gap: ${({ theme }) => theme.space.md};
  align-items: end;
`
const Cards = styled.ul`
  display: grid;
  grid-template-columns: repeat(auto-fill, minmax(17rem, 1fr));
  gap: ${({ theme }) => theme.space.md};
  margin: 0;
  padding: 0;
  list-style: none;
`
const CardLink = styled(Link)`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space.xs};
  color: inherit;
  text-decoration: none;
  height: 100%;
  h3 {
    margin: 0;
    font-size: ${({ theme }) => theme.font.size.md};
    color: ${({ theme }) => theme.color.primary};
    overflow-wrap: anywhere;
  }
  &:hover h3 {
    text-decoration: underline;
  }
`
const Cover = styled(OfferImage)`
  width: 100%;
  aspect-ratio: 16 / 9;
  object-fit: cover;
  border-radius: ${({ theme }) => theme.radius.sm};
`
const Figures = styled.p`
  margin: 0;
  font-variant-numeric: tabular-nums;
  overflow-wrap: anywhere;
`

function initialTab(): TabKey {
  return typeof location !== 'undefined' && new URLSearchParams(location.search).get('tab') === 'deals' ? 'deals' : 'offers'
}

/** /invest: the marketplace's offers with filters, the user's own offers, and the deals tab. */
export default function MarketPage() {
  const t = useT('invest')
  const dispatch = useDispatch()
  const [tab, setTab] = useState<TabKey>(initialTab)
  return (
    <Stack gap="lg">
      <PageHeader
        title={t('pages.market')}
        actions={
          <Button variant="primary" onPress={() => void dispatch('app/navigate', { to: '/invest/add' })} data-testid="invest-add">
            {t('market.add')}
          </Button>
        }
      />
      <ListTabs
        label={t('market.tabs')}
        selected={tab}
        onChange={setTab}
        items={[
          { id: 'offers', label: t('market.offers'), 'data-testid': 'tab-offers' },
          { id: 'deals', label: t('market.deals'), 'data-testid': 'tab-deals' },
        ]}
      >
        {tab === 'offers' ? <OffersTab /> : <DealsTab />}
      </ListTabs>
    </Stack>
  )
}

interface OfferFilters {
  type: string
  currency: string
  amount: string
  months: string
  percent: string
}
const NO_FILTERS: OfferFilters = { type: '', currency: '', amount: '', months: '', percent: '' }

function OffersTab() {
  const t = useT('invest')
  const profile = useUnit($profile)
  const [view, setView] = useState<'market' | 'mine' | 'all'>('market')
  const [draft, setDraft] = useState<OfferFilters>(NO_FILTERS)
  const [filters, setFilters] = useState<OfferFilters>(NO_FILTERS)
  const params = new URLSearchParams({ view, limit: String(LIST_LIMIT) })
  for (const [key, value] of Object.entries(filters)) if (value.trim()) params.set(key, value.trim().replace(',', '.'))
  // Another view or filters read their first page (useCursorList); "Search" pressed again does too.
  const { list, reload, toPage } = useCursorList<OfferItem>(`${INVEST_API.offers}?${params.toString()}`)
  // An offer passed into the market, or one of the user's own changed: read the page again.
  useLiveRefresh('updateInvest', reload)
  const set = (key: keyof OfferFilters) => (value: string) => setDraft(d => ({ ...d, [key]: value }))

  function apply(e: FormEvent) {
    e.preventDefault()
    setFilters(draft)
    toPage(null)
  }

  const views = [
    { value: 'market', label: t('market.viewMarket') },
    { value: 'mine', label: t('market.viewMine') },
    ...(profile?.role === ROLE.admin ? [{ value: 'all', label: t('market.viewAll') }] : []),
  ]

  return (
    <Stack gap="lg">
      <Card>
        <Filters onSubmit={apply} aria-label={t('market.filters')} data-testid="offer-filters">
          <SelectField
            label={t('market.view')}
            value={view}
            onChange={value => setView(value as typeof view)}
            options={views}
          />
          <SelectField label={t('market.type')} value={draft.type} onChange={set('type')} placeholder={t('market.anyType')} options={OFFER_TYPES.map(type => ({ value: String(type), label: t(`types.${type}`) }))} />
          <SelectField label={t('market.currency')} value={draft.currency} onChange={set('currency')} placeholder={t('market.anyCurrency')} options={CURRENCIES.map(c => ({ value: c, label: t(`currencies.${c}`) }))} />
          <TextField label={t('market.amount')} inputMode="decimal" value={draft.amount} onChange={set('amount')} name="amount" />
          <TextField label={t('market.months')} inputMode="numeric" value={draft.months} onChange={set('months')} name="months" />
          <TextField label={t('market.percent')} inputMode="decimal" value={draft.percent} onChange={set('percent')} name="percent" />
          <Row gap="sm">
            <Button type="submit" variant="primary" data-testid="offer-filters-apply">
              {t('market.apply')}
            </Button>
            <Button
              onPress={() => {
                setDraft(NO_FILTERS)
                setFilters(NO_FILTERS)
                toPage(null)
              }}
            >
              {t('market.reset')}
            </Button>
          </Row>
        </Filters>
      </Card>
      {list.status === 'failed' && !list.data ? (
        <ErrorState title={t('market.loadFailed')} message={list.failure.message} retryLabel={t('market.retry')} onRetry={reload} />
      ) : !list.data ? (
        <Center>
          <Spinner label={t('market.loading')} />
        </Center>
      ) : list.data.total === 0 ? (
        <EmptyState title={view === 'mine' ? t('market.emptyMine') : t('market.empty')} description={t('market.emptyText')} />
      ) : (
        <Stack gap="md">
          <Muted aria-live="polite">{t(list.data.total_estimated ? 'market.totalAbout' : 'market.total', { count: list.data.total })}</Muted>
          <Cards data-testid="offer-cards" aria-busy={list.status === 'loading'}>
            {list.data.items.map(offer => (
              <li key={offer.id}>
                <OfferCard offer={offer} />
              </li>
            ))}
          </Cards>
          <CursorPager prev={list.data.prev} next={list.data.next} onPage={toPage} />
        </Stack>
      )}
    </Stack>
  )
}

function OfferCard({ offer }: { offer: OfferItem }) {
  const t = useT('invest')
  const f = useInvestFormat()
  return (
    <Card padding="md" style={{ height: '100%' }}>
      <CardLink href={offer.own && (offer.status === 0 || offer.status === 30) ? `/invest/add/${offer.id}` : `/invest/${offer.id}`} data-testid={`offer-card-${offer.id}`}>
        {offer.cover_id !== null && <Cover offerId={offer.id} fileId={offer.cover_id} alt={offer.title || offer.name} />}
        <Row gap="xs" wrap>
          {offer.type !== null && <Muted>{t(`types.${offer.type}`)}</Muted>}
          {(offer.own || offer.status !== 40) && <OfferStatusBadge status={offer.status} />}
        </Row>
        <h3>{offer.name || `№ ${offer.id}`}</h3>
        {offer.title && <Muted>{offer.title}</Muted>}
        <Figures>{t('market.range', { min: f.money(offer.price_min, offer.currency), max: f.money(offer.price_max, offer.currency) })}</Figures>
        <Figures>
          {offer.months_min !== null && offer.months_max !== null ? t('market.monthsRange', { min: offer.months_min, max: offer.months_max }) : '—'}
          {' · '}
          {offer.percent !== null ? t('market.perYear', { percent: f.percent(offer.percent) }) : '—'}
        </Figures>
        <Muted>{offer.company ?? t('market.noCompany')}</Muted>
      </CardLink>
    </Card>
  )
}

function DealsTab() {
  const t = useT('invest')
  const f = useInvestFormat()
  const [view, setView] = useState<'all' | 'invested' | 'raised'>('all')
  const { list, reload, toPage } = useCursorList<DealItem>(`${INVEST_API.deals}?view=${view}&limit=${LIST_LIMIT}`)
  // A deal was opened or moved by the other party: read the page again.
  useLiveRefresh('updateInvest', reload)
  return (
    <Stack gap="lg">
      <Row>
        <SelectField
          label={t('market.view')}
          value={view}
          onChange={value => setView(value as typeof view)}
          options={[
            { value: 'all', label: t('market.dealsAll') },
            { value: 'invested', label: t('market.dealsInvested') },
            { value: 'raised', label: t('market.dealsRaised') },
          ]}
        />
      </Row>
      {list.status === 'failed' && !list.data ? (
        <ErrorState title={t('market.loadFailed')} message={list.failure.message} retryLabel={t('market.retry')} onRetry={reload} />
      ) : !list.data ? (
        <Center>
          <Spinner label={t('market.loading')} />
        </Center>
      ) : list.data.total === 0 ? (
        <EmptyState title={t('market.dealsEmpty')} description={t('market.dealsEmptyText')} />
      ) : (
        <Stack gap="md">
          <Muted aria-live="polite">{t(list.data.total_estimated ? 'market.listTotalAbout' : 'market.listTotal', { count: list.data.total })}</Muted>
          <Scroll>
            <table data-testid="deals-table" aria-busy={list.status === 'loading'}>
              <thead>
                <tr>
                  <th scope="col">№</th>
                  <th scope="col">{t('deal.offer')}</th>
                  <th scope="col" className="num">
                    {t('fields.amount')}
                  </th>
                  <th scope="col" className="num">
                    {t('fields.months')}
                  </th>
                  <th scope="col" className="num">
                    {t('deal.percent')}
                  </th>
                  <th scope="col">{t('fields.status')}</th>
                </tr>
              </thead>
              <tbody>
                {list.data.items.map(deal => (
                  <tr key={deal.id}>
                    <td>
                      <Link href={`/invest/deals/${deal.id}`} data-testid={`deal-link-${deal.id}`}>
                        {t('deal.title', { id: deal.id })}
                      </Link>
                    </td>
                    <td>{deal.offer.name}</td>
                    <td className="num">{f.money(deal.amount, deal.currency)}</td>
                    <td className="num">{deal.months}</td>
                    <td className="num">{f.percent(deal.percent)} %</td>
                    <td>
                      <DealStatusBadge status={deal.status} />
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </Scroll>
          <CursorPager prev={list.data.prev} next={list.data.next} onPage={toPage} />
        </Stack>
      )}
    </Stack>
  )
}
