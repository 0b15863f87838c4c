import { useState } from 'react'
import { Link } from 'wouter'
import { useT } from '../../../core/i18n/useT'
import { EmptyState } from '../../../core/ui/EmptyState'
import { ErrorState } from '../../../core/ui/ErrorState'
import { PageHeader } from '../../../core/ui/PageHeader'
import { ListTabs } from '../../../core/ui/list/ListTabs'
import { CursorPager } from '../../../core/ui/list/Pager'
import { Spinner } from '../../../core/ui/Spinner'
import { Stack } from '../../../core/ui/Stack'
import { useLiveRefresh } from '../../../core/ui/list/useLiveRefresh'
import { statusLabelKey } from '../../../core/workflow/keys'
import { INVEST_API, LIST_LIMIT, type OfferItem } from '../contract'
import { OFFER_STATUS, offerWorkflow } from '../workflow'
import { Center, Muted, OfferStatusBadge, Scroll, useCursorList, useInvestFormat } from './shared'

const TABS = [OFFER_STATUS.review, OFFER_STATUS.failed, OFFER_STATUS.passed] as const

/** /offers: the verifiers' queue — offers sent for review, failed and passed. */
export default function ReviewPage() {
  const t = useT('invest')
  const f = useInvestFormat()
  const [status, setStatus] = useState<number>(OFFER_STATUS.review)
  // Another tab reads its first page (useCursorList).
  const { list, reload, toPage } = useCursorList<OfferItem>(`${INVEST_API.offers}?view=all&status=${status}&limit=${LIST_LIMIT}`)
  // An offer was sent, passed or failed (by another verifier too), or the socket reconnected: read the page again.
  useLiveRefresh('updateInvest', reload)
  return (
    <Stack gap="lg">
      <PageHeader title={t('pages.offers')} />
      <ListTabs
        label={t('review.tabs')}
        selected={String(status)}
        onChange={key => setStatus(Number(key))}
        items={TABS.map(code => ({ id: String(code), label: t(statusLabelKey(offerWorkflow, offerWorkflow.statusName(code)!)), 'data-testid': `review-tab-${code}` }))}
      >
        {list.status === 'failed' && !list.data ? (
          <ErrorState title={t('market.loadFailed')} message={list.failure.message} retryLabel={t('market.retry')} onRetry={reload} />
        ) : !list.data ? (
          <Center>
            <Spinner label={t('market.loading')} />
          </Center>
        ) : list.data.total === 0 ? (
          <EmptyState title={t('review.empty')} />
        ) : (
          <Stack gap="md">
            <Muted aria-live="polite">{t(list.data.total_estimated ? 'market.listTotalAbout' : 'market.listTotal', { count: list.data.total })}</Muted>
            <Scroll>
              <table data-testid="review-table" aria-busy={list.status === 'loading'}>
                <thead>
                  <tr>
                    <th scope="col">№</th>
                    <th scope="col">{t('fields.name')}</th>
                    <th scope="col">{t('review.owner')}</th>
                    <th scope="col">{t('fields.type')}</th>
                    <th scope="col" className="num">
                      {t('fields.amount')}
                    </th>
                    <th scope="col">{t('fields.status')}</th>
                    <th scope="col">{t('review.updated')}</th>
                  </tr>
                </thead>
                <tbody>
                  {list.data.items.map(o => (
                    <tr key={o.id}>
                      <td>{o.id}</td>
                      <td>
                        <Link href={`/offers/${o.id}`} data-testid={`review-link-${o.id}`}>
                          {o.name || `№ ${o.id}`}
                        </Link>
                      </td>
                      <td>{o.company ?? t('market.noCompany')}</td>
                      <td>{o.type ? t(`types.${o.type}`) : '—'}</td>
                      <td className="num">{t('market.range', { min: f.money(o.price_min, o.currency), max: f.money(o.price_max, o.currency) })}</td>
                      <td>
                        <OfferStatusBadge status={o.status} />
                      </td>
                      <td>{f.date(o.updated_at)}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </Scroll>
            <CursorPager prev={list.data.prev} next={list.data.next} onPage={toPage} />
          </Stack>
        )}
      </ListTabs>
    </Stack>
  )
}
