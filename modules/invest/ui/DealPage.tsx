import { useUnit } from 'effector-react'
import { Link } from 'wouter'
import { actorOf } from '../../../core/access/actor'
import { $profile } from '../../../core/auth/model'
import { useT } from '../../../core/i18n/useT'
import type { PageProps } from '../../../core/plugin/types'
import { useRuntime } from '../../../core/react/runtime'
import { useResource } from '../../../core/react/useResource'
import { Panel } from '../../../core/ui/Card'
import { EmptyState } from '../../../core/ui/EmptyState'
import { ErrorState } from '../../../core/ui/ErrorState'
import { PageHeader } from '../../../core/ui/PageHeader'
import { Spinner } from '../../../core/ui/Spinner'
import { Row, Stack } from '../../../core/ui/Stack'
import { WorkflowActions } from '../../../core/ui/WorkflowActions'
import { actionLabelKey } from '../../../core/workflow/keys'
import { FactList } from '../../../core/ui/FactList'
import { INVEST_API, type DealDetails } from '../contract'
import { dealWorkflow } from '../workflow'
import { narrowed } from './OfferPage'
import { Center, DealStatusBadge, Muted, routeId, Scroll, Text, useInvestFormat, useInvestLive } from './shared'

/** /invest/deals/{id}: the deal's terms, its status actions for this party and the expected income schedule. */
export default function DealPage({ params }: PageProps) {
  const id = routeId(params.id)
  if (id <= 0) return <NoSuchDeal />
  return <DealScreen key={id} id={id} />
}

function NoSuchDeal() {
  const t = useT('invest')
  return (
    <div data-testid="deal-missing">
      <EmptyState title={t('deal.notFound')} description={t('deal.notFoundText')} action={<Link href="/invest?tab=deals">{t('deal.back')}</Link>} />
    </div>
  )
}

function DealScreen({ id }: { id: number }) {
  const t = useT('invest')
  const f = useInvestFormat()
  const { api } = useRuntime()
  const profile = useUnit($profile)
  const [deal, reload] = useResource<DealDetails>(INVEST_API.deal(id))
  // The other party (or an administrator) moved this deal: read it again.
  useInvestLive(data => data.deal_id === id, reload)

  if (deal.status === 'missing') return <NoSuchDeal />
  if (!deal.data) {
    return deal.status === 'failed' ? (
      <ErrorState title={t('market.loadFailed')} message={deal.failure.message} retryLabel={t('market.retry')} onRetry={reload} />
    ) : (
      <Center>
        <Spinner label={t('market.loading')} />
      </Center>
    )
  }
  const d = deal.data
  const money = (value: string) => f.money(value, d.income_currency)
  return (
    <Stack gap="lg" data-testid="deal-page">
      <PageHeader
        title={t('deal.title', { id: d.id })}
        description={d.offer.name}
        before={
          <Row gap="sm" wrap>
            <span data-testid="deal-status">
              <DealStatusBadge status={d.status} />
            </span>
            {d.role && (
              <Muted>
                {t('deal.yourRole')}: {d.role === 'investor' ? t('deal.roleInvestor') : t('deal.roleOwner')}
              </Muted>
            )}
          </Row>
        }
        actions={
          profile &&
          d.actions.length > 0 && (
            <WorkflowActions
              workflow={narrowed(dealWorkflow, d.actions)}
              status={d.status}
              actor={actorOf(profile)}
              variants={{ agreed: 'primary', paid: 'primary', complete: 'primary', decline: 'danger' }}
              isDisabled={deal.status === 'loading'}
              onAction={async action => {
                try {
                  await api.post(INVEST_API.dealAction(d.id, action), {})
                } finally {
                  reload()
                }
              }}
            />
          )
        }
      />
      <Panel title={t('offer.terms')}>
        <FactList>
          <dt>{t('deal.offer')}</dt>
          <dd>
            <Link href={`/invest/${d.offer.id}`}>{d.offer.name}</Link>
            {d.offer.company ? ` · ${d.offer.company}` : ''}
          </dd>
          <dt>{t('deal.investor')}</dt>
          <dd>{d.investor?.full_name ?? '—'}</dd>
          <dt>{t('deal.owner')}</dt>
          <dd>{d.owner?.full_name ?? '—'}</dd>
          <dt>{t('fields.amount')}</dt>
          <dd data-testid="deal-amount">{f.money(d.amount, d.currency)}</dd>
          <dt>{t('fields.months')}</dt>
          <dd>{d.months}</dd>
          <dt>{t('deal.percent')}</dt>
          <dd>{f.percent(d.percent)} %</dd>
          <dt>{t('deal.created')}</dt>
          <dd>{f.date(d.created_at)}</dd>
          <dt>{t('deal.started')}</dt>
          <dd>{f.date(d.started_at)}</dd>
        </FactList>
      </Panel>
      <Panel title={t('deal.schedule')}>
        <Scroll>
          <table data-testid="deal-schedule">
            <thead>
              <tr>
                <th scope="col">{t('deal.month')}</th>
                <th scope="col">{t('deal.date')}</th>
                <th scope="col" className="num">
                  {t('deal.interest')}
                </th>
                <th scope="col" className="num">
                  {t('deal.principal')}
                </th>
                <th scope="col" className="num">
                  {t('deal.total')}
                </th>
              </tr>
            </thead>
            <tbody>
              {d.schedule.map(row => (
                <tr key={row.month}>
                  <td>{row.month}</td>
                  <td>{f.date(row.date)}</td>
                  <td className="num">{money(row.interest)}</td>
                  <td className="num">{money(row.principal)}</td>
                  <td className="num">{money(row.total)}</td>
                </tr>
              ))}
            </tbody>
            <tfoot>
              <tr>
                <td colSpan={2}>{t('deal.totals')}</td>
                <td className="num" data-testid="deal-interest-total">
                  {money(d.interest_total)}
                </td>
                <td className="num">{money(d.amount)}</td>
                <td className="num">{money(d.payout_total)}</td>
              </tr>
            </tfoot>
          </table>
        </Scroll>
      </Panel>
      <Panel title={t('offer.history')}>
        {d.history.length === 0 ? (
          <Muted>{t('offer.noHistory')}</Muted>
        ) : (
          <Stack gap="xs" as="ul" style={{ margin: 0, padding: 0, listStyle: 'none' }}>
            {d.history.map((h, i) => (
              <li key={i}>
                <Muted>
                  {f.date(h.at)} · {h.user ?? '—'}
                </Muted>
                <Text>{t(actionLabelKey(dealWorkflow, h.action))}</Text>
              </li>
            ))}
          </Stack>
        )}
      </Panel>
    </Stack>
  )
}
