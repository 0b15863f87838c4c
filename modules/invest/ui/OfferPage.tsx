import { useUnit } from 'effector-react'
import { useState } from 'react'
import styled from 'styled-components'
import { Link } from 'wouter'
import * as v from 'valibot'
import { actorOf } from '../../../core/access/actor'
import { asFailure } from '../../../core/api/client'
import { saveBlob } from '../../../core/api/save-blob'
import { $profile } from '../../../core/auth/model'
import { useT } from '../../../core/i18n/useT'
import type { PageProps } from '../../../core/plugin/types'
import { useDispatch, useRuntime } from '../../../core/react/runtime'
import { useResource } from '../../../core/react/useResource'
import { showToast, TOAST_PRESET } from '../../../core/toast/toast'
import { Alert } from '../../../core/ui/Alert'
import { Button } from '../../../core/ui/Button'
import { Panel } from '../../../core/ui/Card'
import { EmptyState } from '../../../core/ui/EmptyState'
import { ErrorState } from '../../../core/ui/ErrorState'
import { PageHeader } from '../../../core/ui/PageHeader'
import { Spinner } from '../../../core/ui/Spinner'
import { Row, Stack } from '../../../core/ui/Stack'
import { TextField } from '../../../core/ui/TextField'
import { WorkflowActions } from '../../../core/ui/WorkflowActions'
import { actionLabelKey } from '../../../core/workflow/keys'
import type { Workflow } from '../../../core/workflow/types'
import { FactList } from '../../../core/ui/FactList'
import { dealBoundsProblems, dealForm, INVEST_API, type DealDetails, type OfferDetails, type OfferParam } from '../contract'
import { fromMinor, toBasisPoints, toMinor } from '../money'
import { incomeSchedule, scheduleTotals } from '../schedule'
import { offerWorkflow } from '../workflow'
import { Center, Muted, OfferImage, OfferStatusBadge, routeId, Text, useInvestFormat, useInvestLive } from './shared'

const Grid = styled.div`
  display: grid;
  grid-template-columns: minmax(0, 2fr) minmax(0, 1fr);
  gap: ${({ theme }) => theme.space.lg};
  align-items: start;
  @media ${({ theme }) => theme.media.compact} {
    grid-template-columns: minmax(0, 1fr);
    /* On a narrow screen the terms and the invest form come first. */
    & > :last-child {
      order: -1;
    }
  }
`
const Gallery = styled.ul`
  display: grid;
  grid-template-columns: repeat(auto-fill, minmax(9rem, 1fr));
  gap: ${({ theme }) => theme.space.sm};
  margin: 0;
  padding: 0;
  list-style: none;
  img,
  div {
    width: 100%;
    aspect-ratio: 4 / 3;
    object-fit: cover;
    border-radius: ${({ theme }) => theme.radius.sm};
  }
`
const List = styled.ul`
  margin: 0;
  padding: 0;
  list-style: none;
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space.xs};
`

/** The workflow cut to the actions the server allows this user now. */
export function narrowed<W extends Workflow>(workflow: W, allowed: readonly string[]): W {
  return { ...workflow, actions: Object.fromEntries(Object.entries(workflow.actions).filter(([action]) => allowed.includes(action))) } as W
}

/** /invest/{id} (the marketplace's offer, the owner's view) and /offers/{id} (the verifier's check). */
export default function OfferPage({ params }: PageProps) {
  const id = routeId(params.id)
  if (id <= 0) return <NoSuchOffer />
  return <OfferScreen key={id} id={id} />
}

function NoSuchOffer() {
  const t = useT('invest')
  const review = typeof location !== 'undefined' && location.pathname.startsWith('/offers')
  return (
    <div data-testid="offer-missing">
      <EmptyState title={t('offer.notFound')} description={t('offer.notFoundText')} action={<Link href={review ? '/offers' : '/invest'}>{review ? t('offer.backToReview') : t('offer.back')}</Link>} />
    </div>
  )
}

function OfferScreen({ id }: { id: number }) {
  const t = useT('invest')
  const f = useInvestFormat()
  const { api } = useRuntime()
  const dispatch = useDispatch()
  const profile = useUnit($profile)
  const [offer, reload] = useResource<OfferDetails>(INVEST_API.offer(id))
  // Someone passed, failed, sent or edited this offer (or opened a deal on it): read it again.
  useInvestLive(data => data.offer_id === id, reload)

  if (offer.status === 'missing') return <NoSuchOffer />
  if (!offer.data) {
    return offer.status === 'failed' ? (
      <ErrorState title={t('market.loadFailed')} message={offer.failure.message} retryLabel={t('market.retry')} onRetry={reload} />
    ) : (
      <Center>
        <Spinner label={t('market.loading')} />
      </Center>
    )
  }
  const data = offer.data
  return (
    <Stack gap="lg" data-testid="offer-page">
      <PageHeader
        title={data.name || t('editor.titleEdit', { id: data.id })}
        description={data.title}
        before={
          <Row gap="sm" wrap>
            <span>№ {data.id}</span>
            <span data-testid="offer-status">
              <OfferStatusBadge status={data.status} />
            </span>
            {data.own && <Muted>{t('offer.own')}</Muted>}
          </Row>
        }
        actions={
          <Row gap="sm" wrap>
            {profile && data.actions.length > 0 && (
              <WorkflowActions
                workflow={narrowed(offerWorkflow, data.actions)}
                status={data.status}
                actor={actorOf(profile)}
                variants={{ pass: 'primary', send: 'primary', fail: 'danger' }}
                isDisabled={offer.status === 'loading'}
                onAction={async (action, input) => {
                  try {
                    await api.post(INVEST_API.offerAction(data.id, action), input ?? {})
                  } finally {
                    reload()
                  }
                }}
              />
            )}
            {data.editable && (
              <Button onPress={() => void dispatch('app/navigate', { to: `/invest/add/${data.id}` })} data-testid="offer-edit">
                {t('offer.edit')}
              </Button>
            )}
          </Row>
        }
      />
      {data.fail_reason && (
        <Alert kind="error" title={t('editor.failReason')} role="status">
          <Text>{data.fail_reason}</Text>
        </Alert>
      )}
      <Grid>
        <Stack gap="lg">
          {data.images.length > 0 && (
            <Panel title={t('fields.images')}>
              <Gallery>
                {data.images.map((image, i) => (
                  <li key={image.id}>
                    <OfferImage offerId={data.id} fileId={image.id} alt={t('offer.image', { n: i + 1, name: image.name })} />
                  </li>
                ))}
              </Gallery>
            </Panel>
          )}
          <Panel title={t('offer.about')}>
            <Stack gap="md">
              <Text>{data.description || t('offer.empty')}</Text>
              <ParamList title={t('fields.params')} items={data.params} />
              <ParamList title={t('fields.financials')} items={data.financials} />
            </Stack>
          </Panel>
          {data.documents.length > 0 && (
            <Panel title={t('fields.documents')}>
              <List>
                {data.documents.map(doc => (
                  <li key={doc.id}>
                    <Button
                      variant="ghost"
                      onPress={async () => {
                        const file = await api.download(INVEST_API.document(data.id, doc.id))
                        saveBlob(file.blob, file.name ?? doc.name)
                      }}
                      aria-label={t('offer.download', { name: doc.name })}
                    >
                      {doc.name}
                    </Button>
                  </li>
                ))}
              </List>
            </Panel>
          )}
          <History offer={data} />
        </Stack>
        <Stack gap="lg">
          <Panel title={t('offer.terms')}>
            <FactList>
              <dt>{t('fields.type')}</dt>
              <dd>
                {data.type ? t(`types.${data.type}`) : '—'}
                {data.pledge_type ? ` · ${t(`pledgeTypes.${data.pledge_type}`)}` : ''}
              </dd>
              <dt>{t('fields.company')}</dt>
              <dd>{data.company ?? t('market.noCompany')}</dd>
              <dt>{t('fields.amount')}</dt>
              <dd data-testid="offer-amounts">{t('market.range', { min: f.money(data.price_min, data.currency), max: f.money(data.price_max, data.currency) })}</dd>
              <dt>{t('fields.months')}</dt>
              <dd>{data.months_min !== null && data.months_max !== null ? t('market.monthsRange', { min: data.months_min, max: data.months_max }) : '—'}</dd>
              <dt>{t('fields.percent')}</dt>
              <dd>{data.percent !== null ? t('market.perYear', { percent: f.percent(data.percent) }) : '—'}</dd>
              <dt>{t('fields.income_currency')}</dt>
              <dd>{data.income_currency ? t(`currencies.${data.income_currency}`) : '—'}</dd>
            </FactList>
          </Panel>
          {data.can_invest && <InvestForm offer={data} />}
        </Stack>
      </Grid>
    </Stack>
  )
}

function ParamList({ title, items }: { title: string; items: OfferParam[] }) {
  if (items.length === 0) return null
  return (
    <section>
      <h3 style={{ margin: '0 0 8px', fontSize: 'inherit' }}>{title}</h3>
      <FactList>
        {items.map((p, i) => (
          <div key={i} style={{ display: 'contents' }}>
            <dt>{p.name}</dt>
            <dd>{p.value}</dd>
          </div>
        ))}
      </FactList>
    </section>
  )
}

function History({ offer }: { offer: OfferDetails }) {
  const t = useT('invest')
  const f = useInvestFormat()
  return (
    <Panel title={t('offer.history')}>
      {offer.history.length === 0 ? (
        <Muted>{t('offer.noHistory')}</Muted>
      ) : (
        <List>
          {offer.history.map((h, i) => (
            <li key={i}>
              <Muted>
                {f.date(h.at)} · {h.user ?? '—'}
              </Muted>
              <Text>
                {t(actionLabelKey(offerWorkflow, h.action))}
                {h.reason ? `: ${h.reason}` : ''}
              </Text>
            </li>
          ))}
        </List>
      )}
    </Panel>
  )
}

/** Open a deal: an amount and a term within the offer's bounds, checked by the contract's rules before sending. */
function InvestForm({ offer }: { offer: OfferDetails }) {
  const t = useT('invest')
  const f = useInvestFormat()
  const { api, bus } = useRuntime()
  const dispatch = useDispatch()
  const [amount, setAmount] = useState(offer.price_min ?? '')
  const [months, setMonths] = useState(String(offer.months_min ?? ''))
  const [errors, setErrors] = useState<Record<string, string>>({})
  const [pending, setPending] = useState(false)

  const minor = toMinor(amount)
  const term = /^\d{1,3}$/.test(months.trim()) ? Number(months.trim()) : null
  const bp = offer.percent ? toBasisPoints(offer.percent) : null
  const preview = minor !== null && term !== null && bp !== null && term >= 1 ? scheduleTotals(incomeSchedule(minor, bp, term)) : null

  async function submit() {
    const parsed = v.safeParse(dealForm, { offer_id: offer.id, amount: amount.trim(), months: term ?? Number.NaN })
    const problems: Record<string, string> = {}
    if (!parsed.success) for (const issue of parsed.issues) problems[issue.path?.[0]?.key as string] ??= issue.message
    if (parsed.success) Object.assign(problems, dealBoundsProblems(parsed.output, offer))
    if (term === null) problems.months ??= 'invest:validation.months'
    setErrors(problems)
    if (Object.keys(problems).length > 0 || !parsed.success) return
    setPending(true)
    try {
      const deal = await api.post<DealDetails>(INVEST_API.deals, parsed.output, { quiet: true })
      showToast(bus, { ...TOAST_PRESET.bidUpdated, text: t('offer.dealOpened') }, 'ui')
      void dispatch('app/navigate', { to: `/invest/deals/${deal.id}` })
    } catch (failure) {
      const fail = asFailure(failure)
      setErrors(fail.validation ?? { amount: fail.message ?? t('editor.saveFailed') })
    } finally {
      setPending(false)
    }
  }

  const err = (key: string) => (errors[key] ? t(errors[key]!) : null)
  return (
    <Panel title={t('offer.invest')} data-testid="invest-form">
      <Stack gap="md">
        <Muted>{t('offer.investHint')}</Muted>
        <TextField
          label={t('fields.amount')}
          inputMode="decimal"
          value={amount}
          onChange={value => {
            setAmount(value)
            setErrors(({ amount: _, ...rest }) => rest)
          }}
          errorMessage={err('amount')}
          name="amount"
          isRequired
        />
        <TextField
          label={t('fields.months')}
          inputMode="numeric"
          value={months}
          onChange={value => {
            setMonths(value)
            setErrors(({ months: _, ...rest }) => rest)
          }}
          errorMessage={err('months')}
          name="months"
          isRequired
        />
        {preview && term !== null && <Muted aria-live="polite">{t('offer.expected', { interest: f.money(fromMinor(preview.interest), offer.income_currency), months: term })}</Muted>}
        <Button variant="primary" onPress={submit} isPending={pending} data-testid="open-deal">
          {t('offer.openDeal')}
        </Button>
      </Stack>
    </Panel>
  )
}
