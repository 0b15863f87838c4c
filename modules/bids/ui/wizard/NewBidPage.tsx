import { lazy, Suspense, useEffect, useMemo, useRef, useState } from 'react'
import styled from 'styled-components'
import { Link, useLocation, useSearch } from 'wouter'
import { useT } from '../../../../core/i18n/useT'
import { useRuntime } from '../../../../core/react/runtime'
import { Alert } from '../../../../core/ui/Alert'
import { Button } from '../../../../core/ui/Button'
import { ErrorState } from '../../../../core/ui/ErrorState'
import { PageHeader } from '../../../../core/ui/PageHeader'
import { Spinner } from '../../../../core/ui/Spinner'
import { VisuallyHidden } from '../../../../core/ui/VisuallyHidden'
import { bidPath, NEW_BID_PATH, type Bid } from '../../contract'
import { confirmPath, parseId, wizardPath } from './paths'
import { FIELDS_BY_SERVICE, WIZARD_STEPS, serviceName, type BidField, type WizardStep } from '../../services'
import { EDITABLE_STATUSES } from '../../workflow'
import { useChosenBanks } from './banks'
import { BidFieldInput } from './BidFieldInput'
import { useDraft, type Draft, type DraftSnapshot } from './draft'
import { EstimatePanel, LinkButton } from './Estimate'
import { SaveIndicator } from './SaveIndicator'
import { Steps, type StepState } from './Steps'
import { daysBetween, draftErrors, fieldOfPath, stepOfField, stepsOf, submitErrors, type FormValue } from './values'


// Step 1 before a draft exists is a chunk of its own (with the clients' list contract): continuing a draft, after a
// reload or on another device, does not fetch it.
const RecipientForm = lazy(() => import('./Recipient').then(m => ({ default: m.RecipientForm })))

/** /bids/new: the wizard (SPEC §2, issue 11 §2). Without `?id` it starts a draft; with it, it continues one. */
export default function NewBidPage() {
  const t = useT('bids')
  const search = new URLSearchParams(useSearch())
  const id = parseId(search.get('id'))
  const [, navigate] = useLocation()
  if (id === null) {
    return (
      <>
        <PageHeader title={t('wizard.title')} description={t('wizard.intro')} />
        <Body>
          <Steps steps={WIZARD_STEPS} current="recipient" states={{}} reachable={false} onGo={() => undefined} />
          <StepTitle>{t('steps.recipient')}</StepTitle>
          <Suspense fallback={<Spinner label={t('wizard.loading')} />}>
            <RecipientForm onCreated={bid => navigate(wizardPath(bid.id, stepsOf(bid.service_type)[1] ?? 'recipient'), { replace: true })} />
          </Suspense>
        </Body>
      </>
    )
  }
  return <Editor key={id} id={id} step={search.get('step')} />
}

function Editor({ id, step: stepParam }: { id: number; step: string | null }) {
  const t = useT('bids')
  const { draft, snapshot } = useDraft(id)
  if (!draft || !snapshot || snapshot.load === 'loading') {
    return (
      <>
        <PageHeader title={t('messages.number', { id })} />
        <Spinner label={t('wizard.loading')} />
      </>
    )
  }
  if (snapshot.load === 'failed' || !snapshot.bid) {
    return (
      <>
        <PageHeader title={t('messages.number', { id })} />
        <ErrorState
          title={t('wizard.loadFailed')}
          message={snapshot.loadFailure?.message}
          retryLabel={t('wizard.retry')}
          onRetry={() => void draft.load()}
        />
        <p>
          <Link href={NEW_BID_PATH}>{t('wizard.startNew')}</Link>
        </p>
      </>
    )
  }
  if (!EDITABLE_STATUSES.includes(snapshot.bid.status)) {
    return (
      <>
        <PageHeader title={t('messages.number', { id })} />
        <Alert kind="info" title={t('wizard.notEditable')}>
          <Link href={bidPath(id)}>{t('wizard.openBid')}</Link>
        </Alert>
      </>
    )
  }
  return <Wizard draft={draft} snapshot={snapshot} bid={snapshot.bid} stepParam={stepParam} />
}

function Wizard({ draft, snapshot, bid, stepParam }: { draft: Draft; snapshot: DraftSnapshot; bid: Bid; stepParam: string | null }) {
  const t = useT('bids')
  const { i18n, api } = useRuntime()
  const [, navigate] = useLocation()
  const service = bid.service_type
  const steps = stepsOf(service)
  const step: WizardStep = steps.includes(stepParam as WizardStep) ? (stepParam as WizardStep) : (steps[1] ?? 'recipient')
  const index = steps.indexOf(step)
  const { values } = snapshot
  const [touched, setTouched] = useState<ReadonlySet<string>>(new Set())
  const [attempted, setAttempted] = useState(false)
  const [checking, setChecking] = useState(false)
  const banks = useChosenBanks(bid, api)

  const local = useMemo(() => draftErrors(values), [values])
  const full = useMemo(() => submitErrors(service, values), [service, values])
  const message = (key: string | undefined) => (key ? (/^[a-z]+:[\w.]+$/i.test(key) && i18n.exists(key) ? t(key) : key) : undefined)
  /** What shows under the fields: bad input once left (or after "check"), missing fields after "check", the server's refusals. */
  const shown = useMemo(() => {
    const out: Record<string, string> = {}
    for (const [path, key] of Object.entries(full)) if (attempted) out[path] = message(key)!
    for (const [path, key] of Object.entries(local)) if (attempted || touched.has(path) || touched.has(fieldOfPath(path))) out[path] = message(key)!
    for (const [path, text] of Object.entries(snapshot.serverErrors)) out[path] = message(text)!
    return out
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [full, local, attempted, touched, snapshot.serverErrors, t])

  const states = useMemo(() => {
    const out: Partial<Record<WizardStep, StepState>> = { recipient: 'done' }
    const withErrors = new Set<WizardStep>()
    for (const path of Object.keys(local)) withErrors.add(stepOfField(service, path))
    if (attempted) for (const path of Object.keys(full)) withErrors.add(stepOfField(service, path))
    const missing = new Set(Object.keys(full).map(p => stepOfField(service, p)))
    steps.forEach((s, i) => {
      if (s === 'recipient') return
      out[s] = withErrors.has(s) ? 'errors' : !missing.has(s) && i <= index ? 'done' : !missing.has(s) && attempted ? 'done' : 'todo'
    })
    return out
  }, [local, full, attempted, service, steps, index])

  // A new step: its heading takes the focus (a screen reader hears where it is); not on the first render.
  const heading = useRef<HTMLHeadingElement>(null)
  const first = useRef(true)
  useEffect(() => {
    if (first.current) {
      first.current = false
      return
    }
    heading.current?.focus()
  }, [step])

  const go = (next: WizardStep) => navigate(wizardPath(bid.id, next))
  const toConfirm = async () => {
    setChecking(true)
    const ok = await draft.flush()
    setChecking(false)
    const errors = submitErrors(service, draft.get().values)
    const bad = Object.keys({ ...errors, ...draftErrors(draft.get().values) })
    if (bad.length > 0 || !ok) {
      setAttempted(true)
      // The earliest step with something to fix opens.
      const target = steps.find(s => bad.some(path => stepOfField(service, path) === s)) ?? step
      if (target !== step) go(target)
      else heading.current?.focus()
      return
    }
    navigate(confirmPath(bid.id))
  }

  const fields = FIELDS_BY_SERVICE[service].steps[step]
  const required = new Set<BidField>(FIELDS_BY_SERVICE[service].required)
  const onBlur = (path: string) => setTouched(prev => (prev.has(path) ? prev : new Set([...prev, path])))
  const set = (field: BidField) => (value: FormValue) => draft.set(field, value)
  const daysHint = (field: BidField) => {
    if (field !== 'days') return null
    const n = daysBetween(values.date_bg_start, values.date_bg_end) ?? daysBetween(values.contract_start, values.contract_end)
    return n ? t('wizard.daysByDates', { count: n }) : null
  }
  const flags = fields.filter(f => typeof values[f] === 'boolean')
  const inputs = fields.filter(f => typeof values[f] !== 'boolean')
  const stepErrorCount = Object.keys(shown).filter(p => stepOfField(service, p) === step).length

  const form = (
    <Section>
      <StepTitle ref={heading} tabIndex={-1} data-testid="step-title">
        <VisuallyHidden>{t('wizard.stepNumber', { n: index + 1, total: steps.length })}: </VisuallyHidden>
        {t(`steps.${step}`)}
      </StepTitle>
      {attempted && stepErrorCount > 0 && (
        <Alert kind="error" title={t('wizard.fixErrors')}>
          {t('wizard.fixErrorsHint')}
        </Alert>
      )}
      {step === 'recipient' ? (
        <Locked>
          <dl>
            <dt>{t('fields.company')}</dt>
            <dd>{bid.company.name ?? `№ ${bid.company.id}`}</dd>
            <dt>{t('fields.service_type')}</dt>
            <dd>{t(`services.${serviceName(service)}`)}</dd>
          </dl>
          <Muted>
            {t('wizard.locked')} <Link href={NEW_BID_PATH}>{t('wizard.startNew')}</Link>
          </Muted>
        </Locked>
      ) : (
        <>
          <Grid>
            {inputs.map(field => (
              <Cell key={field} data-field={field} $wide={field === 'contract_subject' || field === 'lots' || field === 'special_account' || field === 'customer_address'}>
                <BidFieldInput
                  field={field}
                  value={values[field]}
                  onChange={set(field)}
                  onBlur={onBlur}
                  errors={shown}
                  isRequired={required.has(field)}
                  description={daysHint(field)}
                />
              </Cell>
            ))}
          </Grid>
          {flags.length > 0 && (
            <Flags>
              {flags.map(field => (
                <BidFieldInput key={field} field={field} value={values[field]} onChange={set(field)} onBlur={onBlur} errors={shown} isRequired={false} />
              ))}
            </Flags>
          )}
        </>
      )}
    </Section>
  )

  const footer = (
    <Footer>
      {index > 0 && (
        <Button onPress={() => go(steps[index - 1]!)} data-testid="wizard-back">
          {t('wizard.back')}
        </Button>
      )}
      {index < steps.length - 1 ? (
        <Button variant="primary" onPress={() => go(steps[index + 1]!)} data-testid="wizard-next">
          {t('wizard.next')}
        </Button>
      ) : (
        <Button variant="primary" onPress={() => void toConfirm()} isPending={checking} data-testid="wizard-confirm">
          {t('wizard.toConfirm')}
        </Button>
      )}
    </Footer>
  )

  return (
    <>
      <PageHeader
        title={t('messages.number', { id: bid.id })}
        description={`${t(`services.${serviceName(service)}`)} · ${bid.company.name ?? ''}`}
        actions={<SaveIndicator status={snapshot.save} onRetry={draft.retry} badInput={Object.keys(local).length > 0} />}
      />
      <Body>
        <Steps steps={steps} current={step} states={states} reachable onGo={go} />
        {step === 'terms' ? (
          <Split>
            {form}
            <EstimatePanel service={service} values={values} chosen={banks.chosen} onToggle={banks.toggle} />
          </Split>
        ) : (
          form
        )}
        {footer}
        {attempted && step !== 'terms' && Object.keys(full).length === 0 && Object.keys(local).length === 0 && (
          <p>
            <LinkButton type="button" onClick={() => void toConfirm()}>
              {t('wizard.toConfirm')}
            </LinkButton>
          </p>
        )}
      </Body>
    </>
  )
}

const Body = styled.div`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space.lg};
  background: ${({ theme }) => theme.color.surface};
  border: 1px solid ${({ theme }) => theme.color.divider};
  border-radius: ${({ theme }) => theme.radius.lg};
  padding: ${({ theme }) => theme.space.lg};
  min-width: 0;
  @media ${({ theme }) => theme.media.phone} {
    padding: ${({ theme }) => theme.space.md};
  }
`
const Section = styled.section`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space.lg};
  min-width: 0;
`
const StepTitle = styled.h2`
  font-size: ${({ theme }) => theme.font.size.lg};
  font-weight: ${({ theme }) => theme.font.weight.semibold};
  &:focus {
    outline: none;
  }
  &:focus-visible {
    outline: 2px solid ${({ theme }) => theme.color.focus};
    outline-offset: 2px;
  }
`
const Grid = styled.div`
  display: grid;
  grid-template-columns: repeat(auto-fill, minmax(240px, 1fr));
  gap: ${({ theme }) => theme.space.md} ${({ theme }) => theme.space.lg};
  align-items: start;
`
const Cell = styled.div<{ $wide: boolean }>`
  min-width: 0;
  ${({ $wide }) => ($wide ? 'grid-column: 1 / -1;' : '')}
`
const Flags = styled.div`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space.sm};
`
const Split = styled.div`
  display: grid;
  grid-template-columns: minmax(0, 1fr) minmax(280px, 340px);
  gap: ${({ theme }) => theme.space.xl};
  align-items: start;
  @media (max-width: ${({ theme }) => theme.breakpoint.md}) {
    grid-template-columns: minmax(0, 1fr);
  }
`
const Footer = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: ${({ theme }) => theme.space.sm};
`
const Locked = styled.div`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space.sm};
  & dl {
    display: grid;
    grid-template-columns: max-content minmax(0, 1fr);
    gap: ${({ theme }) => theme.space.xs} ${({ theme }) => theme.space.lg};
    margin: 0;
  }
  & dt {
    color: ${({ theme }) => theme.color.textMuted};
  }
  & dd {
    margin: 0;
    overflow-wrap: anywhere;
  }
`
const Muted = styled.p`
  color: ${({ theme }) => theme.color.textMuted};
  font-size: ${({ theme }) => theme.font.size.sm};
`
