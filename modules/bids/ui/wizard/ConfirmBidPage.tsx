import { useEffect, useMemo, useRef, useState } from 'react'
import styled from 'styled-components'
import { Link, useLocation, useSearch } from 'wouter'
import { asFailure } from '../../../../core/api/client'
import type { Failure } from '../../../../core/api/envelope'
import { browserStorage } from '../../../../core/auth/storage'
import { useT } from '../../../../core/i18n/useT'
import { useRuntime } from '../../../../core/react/runtime'
import { Alert } from '../../../../core/ui/Alert'
import { Button } from '../../../../core/ui/Button'
import { ErrorState } from '../../../../core/ui/ErrorState'
import { PageHeader } from '../../../../core/ui/PageHeader'
import { Spinner } from '../../../../core/ui/Spinner'
import { partnersApi, type PartnerList } from '../../../partners/contract'
import { bidPath, bidsApi, NEW_BID_PATH, type Bid } from '../../contract'
import { FEDERAL_LAW, FIELDS_BY_SERVICE, GUARANTEE_TYPE, LEASING_TYPE, SMALL_BID_LIMIT, serviceName, type BidField, type DocumentKind, type ServiceCode } from '../../services'
import { EDITABLE_STATUSES } from '../../workflow'
import { preferredBanks } from './banks'
import { backupKey } from './draft'
import { parseId, wizardPath } from './paths'
import { newIdempotencyKey, submitBid } from './submit'
import { FIELD_KIND, stepOfField, stepsOf, submitErrors, toFormValue, valuesFromBid, type AccountValues, type LotValues } from './values'

/** SPEC §5: the documents a bid needs; below 1 million rubles only the passport copy and the enterprise card. */
export function requiredDocuments(service: ServiceCode, bid: Pick<Bid, 'contract_sum' | 'amount'>): DocumentKind[] {
  const sum = bid.contract_sum ?? bid.amount
  if (sum !== null && sum < SMALL_BID_LIMIT) return ['passport', 'enterprise_card']
  const withContract = FIELDS_BY_SERVICE[service].steps.contract.includes('contract_subject')
  return ['passport', 'enterprise_card', 'financial_statements', ...(withContract ? (['contract_draft'] as const) : [])]
}

const codeName = (codes: Record<string, number>, code: unknown) => Object.entries(codes).find(([, c]) => c === code)?.[0]

/** /confirm-bid?id=N: the summary by step with links back, the documents, the chosen banks, and the one submit. */
export default function ConfirmBidPage() {
  const t = useT('bids')
  const id = parseId(new URLSearchParams(useSearch()).get('id'))
  const { api } = useRuntime()
  const [state, setState] = useState<{ status: 'loading' } | { status: 'failed'; failure: Failure } | { status: 'ready'; bid: Bid }>({ status: 'loading' })
  const [attempt, setAttempt] = useState(0)
  useEffect(() => {
    if (id === null) return
    let live = true
    setState({ status: 'loading' })
    api
      .get<Bid>(bidsApi.bid(id), { quiet: true })
      .then(bid => live && setState({ status: 'ready', bid }))
      .catch(error => live && setState({ status: 'failed', failure: asFailure(error) }))
    return () => {
      live = false
    }
  }, [api, id, attempt])

  if (id === null) {
    return (
      <>
        <PageHeader title={t('wizard.confirm.title')} />
        <Alert kind="info" title={t('wizard.confirm.noBid')}>
          <Link href={NEW_BID_PATH}>{t('wizard.startNew')}</Link>
        </Alert>
      </>
    )
  }
  if (state.status === 'loading') return <Spinner label={t('wizard.loading')} />
  if (state.status === 'failed') {
    return (
      <>
        <PageHeader title={t('wizard.confirm.title')} />
        <ErrorState title={t('wizard.loadFailed')} message={state.failure.message} retryLabel={t('wizard.retry')} onRetry={() => setAttempt(n => n + 1)} />
      </>
    )
  }
  return <Confirm bid={state.bid} />
}

function Confirm({ bid }: { bid: Bid }) {
  const t = useT('bids')
  const { api, bus } = useRuntime()
  const [, navigate] = useLocation()
  const service = bid.service_type
  const values = useMemo(() => valuesFromBid(service, bid), [service, bid])
  const errors = useMemo(() => submitErrors(service, values), [service, values])
  const missing = Object.keys(errors)
  const editable = EDITABLE_STATUSES.includes(bid.status)
  // One key per visit of this page: a retry (automatic or the button) sends the same one, so one submit is recorded.
  const key = useRef<string>(null)
  key.current ??= newIdempotencyKey()
  const sendingNow = useRef(false)
  const [sending, setSending] = useState(false)
  const [failure, setFailure] = useState<Failure | null>(null)
  const storage = useMemo(() => browserStorage(), [])
  const chosen = useMemo(() => preferredBanks(storage, bid), [storage, bid])
  const [bankNames, setBankNames] = useState<Map<number, string>>(new Map())
  useEffect(() => {
    if (chosen.length === 0) return
    let live = true
    api
      .get<PartnerList>(partnersApi.partners, { quiet: true, searchParams: { service } })
      .then(list => live && setBankNames(new Map(list.items.map(p => [p.id, p.short_name]))))
      .catch(() => undefined)
    return () => {
      live = false
    }
  }, [api, chosen, service])

  const submit = async () => {
    if (sendingNow.current) return
    sendingNow.current = true
    setSending(true)
    setFailure(null)
    try {
      await submitBid({ api, clock: bus.clock, id: bid.id, key: key.current! })
      try {
        storage.removeItem(backupKey(bid.id))
      } catch {
        // nothing to clean
      }
      navigate(bidPath(bid.id))
    } catch (error) {
      setFailure(asFailure(error))
      sendingNow.current = false
      setSending(false)
    }
  }

  const shown = (field: BidField): string => {
    const value = toFormValue(field, bid[field])
    const kind = FIELD_KIND[field]
    // An unanswered flag reads as the unchecked box the wizard showed.
    if ((bid[field] === null || bid[field] === undefined) && kind !== 'flag') return t('wizard.confirm.empty')
    switch (kind) {
      case 'money':
        return `${value} ₽`
      case 'flag':
        return t(value ? 'wizard.yes' : 'wizard.no')
      case 'law':
        return t(`federalLaws.${codeName(FEDERAL_LAW, bid[field])}`)
      case 'typeBg':
        return t(`guaranteeTypes.${codeName(GUARANTEE_TYPE, bid[field])}`)
      case 'leasing':
        return t(`leasingTypes.${codeName(LEASING_TYPE, bid[field])}`)
      case 'lots':
        return (value as LotValues[]).map(l => [`№ ${l.number}`, l.subject, l.sum && `${l.sum} ₽`].filter(Boolean).join(' — ')).join('; ') || t('wizard.confirm.empty')
      case 'account': {
        const a = value as AccountValues
        return [a.bank_name, a.bik, a.account].filter(Boolean).join(', ') || t('wizard.confirm.empty')
      }
      default:
        return String(value)
    }
  }

  const docs = requiredDocuments(service, bid)
  return (
    <>
      <PageHeader title={t('wizard.confirm.title')} description={`${t('messages.number', { id: bid.id })} · ${t(`services.${serviceName(service)}`)}`} />
      {!editable && (
        <Alert kind="info" title={t('wizard.confirm.already')}>
          <Link href={bidPath(bid.id)}>{t('wizard.openBid')}</Link>
        </Alert>
      )}
      <Layout>
        <Main>
          {stepsOf(service).map(step => (
            <Card key={step} aria-labelledby={`confirm-${step}`} data-testid={`summary-${step}`}>
              <CardHead>
                <h2 id={`confirm-${step}`}>{t(`steps.${step}`)}</h2>
                {editable && (
                  <Link href={wizardPath(bid.id, step)} aria-label={t('wizard.confirm.editStep', { step: t(`steps.${step}`) })}>
                    {t('wizard.confirm.edit')}
                  </Link>
                )}
              </CardHead>
              <Dl>
                {step === 'recipient' ? (
                  <>
                    <dt>{t('fields.company')}</dt>
                    <dd>{bid.company.name ?? `№ ${bid.company.id}`}</dd>
                    <dt>{t('fields.service_type')}</dt>
                    <dd>{t(`services.${serviceName(service)}`)}</dd>
                  </>
                ) : (
                  FIELDS_BY_SERVICE[service].steps[step].map(field => (
                    <Pair key={field} field={field} label={t(`fields.${field}`)} value={shown(field)} error={errors[field] ? t(errors[field]!) : null} />
                  ))
                )}
              </Dl>
            </Card>
          ))}
        </Main>
        <Side>
          <Card aria-labelledby="confirm-documents" data-testid="documents">
            <h2 id="confirm-documents">{t('wizard.confirm.documents')}</h2>
            <Checklist>
              {docs.map(kind => (
                <li key={kind} data-kind={kind}>
                  {t(`documentKinds.${kind}`)}
                </li>
              ))}
            </Checklist>
            {docs.length === 2 && <Muted>{t('wizard.confirm.smallBid')}</Muted>}
            <Muted>{t('wizard.confirm.oneFile')}</Muted>
            <Muted>
              {t('wizard.confirm.uploadLater')} <Link href={`${bidPath(bid.id)}#documents`}>{t('wizard.confirm.documentsLink')}</Link>
            </Muted>
          </Card>
          <Card aria-labelledby="confirm-banks" data-testid="banks">
            <CardHead>
              <h2 id="confirm-banks">{t('wizard.confirm.banks')}</h2>
              {editable && stepsOf(service).includes('terms') && (
                <Link href={wizardPath(bid.id, 'terms')} aria-label={t('wizard.confirm.editStep', { step: t('wizard.confirm.banks') })}>
                  {t('wizard.confirm.edit')}
                </Link>
              )}
            </CardHead>
            {chosen.length === 0 ? (
              <Muted>{t('wizard.confirm.noBanks')}</Muted>
            ) : (
              <Checklist>
                {chosen.map(pid => (
                  <li key={pid}>{bankNames.get(pid) ?? t('wizard.confirm.bank', { id: pid })}</li>
                ))}
              </Checklist>
            )}
          </Card>
        </Side>
      </Layout>
      {editable && (
        <Submit>
          {missing.length > 0 && (
            <Alert kind="error" title={t('wizard.confirm.missing')}>
              <MissingList>
                {missing.map(path => (
                  <li key={path}>
                    <Link href={wizardPath(bid.id, stepOfField(service, path))}>
                      {t(`fields.${path.split('.')[0]}`)}: {t(errors[path]!)}
                    </Link>
                  </li>
                ))}
              </MissingList>
            </Alert>
          )}
          {failure && (
            <Alert kind="error" title={t('wizard.confirm.submitFailed')}>
              {failure.validation ? Object.values(failure.validation).join('\n') : failure.message}
            </Alert>
          )}
          <div>
            <Button variant="primary" size="lg" onPress={() => void submit()} isPending={sending} isDisabled={missing.length > 0} data-testid="bid-submit">
              {t(failure ? 'wizard.confirm.submitAgain' : 'wizard.confirm.submit')}
            </Button>
          </div>
        </Submit>
      )}
    </>
  )
}

function Pair({ field, label, value, error }: { field: BidField; label: string; value: string; error: string | null }) {
  return (
    <>
      <dt>{label}</dt>
      <dd data-field={field}>
        {value}
        {error && <ErrorText> — {error}</ErrorText>}
      </dd>
    </>
  )
}


const Layout = styled.div`
  display: grid;
  grid-template-columns: minmax(0, 1fr) minmax(260px, 340px);
  gap: ${({ theme }) => theme.space.lg};
  align-items: start;
  @media (max-width: ${({ theme }) => theme.breakpoint.md}) {
    grid-template-columns: minmax(0, 1fr);
  }
`
const Main = styled.div`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space.lg};
  min-width: 0;
`
const Side = styled(Main)``
const Card = styled.section`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space.sm};
  background: ${({ theme }) => theme.color.surface};
  border: 1px solid ${({ theme }) => theme.color.divider};
  border-radius: ${({ theme }) => theme.radius.lg};
  padding: ${({ theme }) => theme.space.lg};
  min-width: 0;
  & h2 {
    font-size: ${({ theme }) => theme.font.size.lg};
    font-weight: ${({ theme }) => theme.font.weight.semibold};
  }
`
const CardHead = styled.div`
  display: flex;
  justify-content: space-between;
  align-items: baseline;
  gap: ${({ theme }) => theme.space.md};
`
const Dl = styled.dl`
  display: grid;
  grid-template-columns: minmax(140px, 16rem) minmax(0, 1fr);
  gap: ${({ theme }) => theme.space.xs} ${({ theme }) => theme.space.lg};
  margin: 0;
  & dt {
    color: ${({ theme }) => theme.color.textMuted};
  }
  & dd {
    margin: 0;
    overflow-wrap: anywhere;
    white-space: pre-line;
  }
  @media ${({ theme }) => theme.media.phone} {
    grid-template-columns: minmax(0, 1fr);
    & dd {
      margin-bottom: ${({ theme }) => theme.space.xs};
    }
  }
`
const Checklist = styled.ul`
  margin: 0;
  padding-inline-start: ${({ theme }) => theme.space.lg};
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space.xxs};
`
const MissingList = styled(Checklist)``
const Muted = styled.p`
  color: ${({ theme }) => theme.color.textMuted};
  font-size: ${({ theme }) => theme.font.size.sm};
`
const ErrorText = styled.span`
  color: ${({ theme }) => theme.color.errorText};
`
const Submit = styled.div`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space.md};
  margin-top: ${({ theme }) => theme.space.lg};
`
