import { useEffect, useState } from 'react'
import styled from 'styled-components'
import { useT } from '../../../../core/i18n/useT'
import { useRuntime } from '../../../../core/react/runtime'
import { Spinner } from '../../../../core/ui/Spinner'
import { VisuallyHidden } from '../../../../core/ui/VisuallyHidden'
import { estimateCost, partnersApi, type Estimate as Cost, type Partner, type PartnerList, type PartnerProduct } from '../../../partners/contract'
import { FIELDS_BY_SERVICE, SERVICE, type ServiceCode } from '../../services'
import { Check } from './Check'
import { daysBetween, moneyOf, type WizardValues } from './values'

/** What the estimate reads from the bid: the service's sum and the term (days, or the guarantee's / contract's dates). */
export function estimateInput(service: ServiceCode, values: WizardValues): { amount: number | null; days: number | null } {
  const field = FIELDS_BY_SERVICE[service].amount
  const amount = field ? moneyOf(values[field]) : null
  const typed = typeof values.days === 'string' && /^\d{1,4}$/.test(values.days.trim()) ? Number(values.days) : null
  const guarantee = service === SERVICE.bankGuarantee || service === SERVICE.participationGuarantee
  const days = typed ?? (guarantee ? daysBetween(values.date_bg_start, values.date_bg_end) : daysBetween(values.contract_start, values.contract_end))
  return { amount, days }
}

export interface BankCost {
  partner: Partner
  product: PartnerProduct
  cost: Cost | null
}

/** Every partner with a product for the service, the fitting ones first, cheapest first. */
export function costsByBank(partners: readonly Partner[], service: ServiceCode, amount: number | null, days: number | null): BankCost[] {
  const rows: BankCost[] = []
  for (const partner of partners) {
    const product = partner.products.find(p => p.service_type === service)
    if (!product) continue
    rows.push({ partner, product, cost: amount !== null && days !== null ? estimateCost({ service, amount, days }, product) : null })
  }
  const rank = (r: BankCost) => (r.cost ? (r.cost.fits ? 0 : 1) : 2)
  return rows.sort((a, b) => rank(a) - rank(b) || (a.cost?.fee ?? 0) - (b.cost?.fee ?? 0) || a.partner.short_name.localeCompare(b.partner.short_name))
}

type Loaded = { status: 'loading' } | { status: 'failed' } | { status: 'ready'; partners: Partner[] }

/** The cost of the bid at each bank by the partners' conditions, with a choice of where to send it. */
export function EstimatePanel({ service, values, chosen, onToggle }: {
  service: ServiceCode
  values: WizardValues
  chosen: readonly number[]
  onToggle: (partnerId: number, on: boolean) => void
}) {
  const t = useT('bids')
  const { api } = useRuntime()
  const [loaded, setLoaded] = useState<Loaded>({ status: 'loading' })
  const [attempt, setAttempt] = useState(0)
  useEffect(() => {
    let live = true
    setLoaded({ status: 'loading' })
    api
      .get<PartnerList>(partnersApi.partners, { quiet: true, searchParams: { service } })
      .then(list => live && setLoaded({ status: 'ready', partners: list.items }))
      .catch(() => live && setLoaded({ status: 'failed' }))
    return () => {
      live = false
    }
  }, [api, service, attempt])

  const { amount, days } = estimateInput(service, values)
  return (
    <Aside aria-labelledby="bid-estimate-title" data-testid="estimate">
      <Title id="bid-estimate-title">{t('wizard.estimate.title')}</Title>
      <Muted>{t('wizard.estimate.hint')}</Muted>
      {loaded.status === 'loading' && <Spinner label={t('wizard.estimate.loading')} />}
      {loaded.status === 'failed' && (
        <p role="alert">
          {t('wizard.estimate.failed')}{' '}
          <LinkButton type="button" onClick={() => setAttempt(n => n + 1)}>
            {t('wizard.retry')}
          </LinkButton>
        </p>
      )}
      {loaded.status === 'ready' && (
        <Rows
          rows={costsByBank(loaded.partners, service, amount, days)}
          missing={amount === null || days === null}
          chosen={chosen}
          onToggle={onToggle}
        />
      )}
    </Aside>
  )
}

function Rows({ rows, missing, chosen, onToggle }: { rows: BankCost[]; missing: boolean; chosen: readonly number[]; onToggle: (id: number, on: boolean) => void }) {
  const t = useT('bids')
  if (rows.length === 0) return <Muted>{t('wizard.estimate.none')}</Muted>
  return (
    <>
      {missing && <Muted>{t('wizard.estimate.needAmount')}</Muted>}
      <List aria-live="polite">
        {rows.map(({ partner, cost }) => (
          <Row key={partner.id} data-testid={`estimate-${partner.id}`} data-fits={cost ? cost.fits : undefined}>
            <Line>
              <Strong>{partner.short_name}</Strong>
              {cost && <Fee>{t('wizard.estimate.fee', { fee: cost.fee })}</Fee>}
            </Line>
            <Line>
              <Muted>{cost ? t('wizard.estimate.rate', { rate: cost.rate }) : partner.kind === 'mfo' ? t('channels.mfo') : t('channels.bank')}</Muted>
              {cost && !cost.fits && <Muted data-reason>{cost.reasons.map(r => t(`wizard.estimate.reasons.${r}`)).join('; ')}</Muted>}
            </Line>
            <Check checked={chosen.includes(partner.id)} onChange={on => onToggle(partner.id, on)} name={`bank-${partner.id}`}>
              {t('wizard.estimate.choose')}
              <VisuallyHidden>: {partner.short_name}</VisuallyHidden>
            </Check>
          </Row>
        ))}
      </List>
    </>
  )
}

const Aside = styled.aside`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space.sm};
  padding: ${({ theme }) => theme.space.lg};
  background: ${({ theme }) => theme.color.surface};
  border: 1px solid ${({ theme }) => theme.color.divider};
  border-radius: ${({ theme }) => theme.radius.lg};
  min-width: 0;
`
const Title = styled.h2`
  font-size: ${({ theme }) => theme.font.size.lg};
  font-weight: ${({ theme }) => theme.font.weight.semibold};
`
const Muted = styled.span`
  display: block;
  color: ${({ theme }) => theme.color.textMuted};
  font-size: ${({ theme }) => theme.font.size.sm};
`
const List = styled.ul`
  list-style: none;
  margin: 0;
  padding: 0;
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space.sm};
`
const Row = styled.li`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space.xs};
  padding: ${({ theme }) => theme.space.sm} 0;
  border-top: 1px solid ${({ theme }) => theme.color.divider};
  & [data-reason] {
    color: ${({ theme }) => theme.color.warningText};
  }
`
const Line = styled.div`
  display: flex;
  flex-wrap: wrap;
  justify-content: space-between;
  gap: ${({ theme }) => theme.space.xs} ${({ theme }) => theme.space.sm};
`
const Strong = styled.span`
  font-weight: ${({ theme }) => theme.font.weight.semibold};
  overflow-wrap: anywhere;
`
const Fee = styled.span`
  font-weight: ${({ theme }) => theme.font.weight.semibold};
  white-space: nowrap;
`
export const LinkButton = styled.button`
  font: inherit;
  padding: 0;
  border: 0;
  background: none;
  color: ${({ theme }) => theme.color.primary};
  text-decoration: underline;
  cursor: pointer;
  &:focus-visible {
    outline: 2px solid ${({ theme }) => theme.color.focus};
    outline-offset: 2px;
  }
`
