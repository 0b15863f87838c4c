import { useUnit } from 'effector-react'
import { useEffect, useState, type FormEvent } from 'react'
import styled from 'styled-components'
import { asFailure } from '../../../../core/api/client'
import type { Page } from '../../../../core/api/envelope'
import { ROLE } from '../../../../core/auth/profile'
import { $profile } from '../../../../core/auth/model'
import { useT } from '../../../../core/i18n/useT'
import { useRuntime } from '../../../../core/react/runtime'
import { Alert } from '../../../../core/ui/Alert'
import { Button } from '../../../../core/ui/Button'
import { Spinner } from '../../../../core/ui/Spinner'
import { TextField } from '../../../../core/ui/TextField'
import { clientsApi, type CompanyListItem } from '../../../clients/contract'
import { bidsApi, type Bid } from '../../contract'
import { SERVICE, type ServiceCode } from '../../services'

/**
 * Step 1 before a draft exists: whose bid (a client's own company, or for an agent one of their clients') and which
 * service. "Continue" creates the draft on the server (POST v1/bids) — only then, so browsing the choices with the
 * arrow keys creates nothing.
 */
export function RecipientForm({ onCreated }: { onCreated: (bid: Bid) => void }) {
  const t = useT('bids')
  const { api, bus } = useRuntime()
  const profile = useUnit($profile)
  const agent = profile?.role !== ROLE.client
  const [q, setQ] = useState('')
  const [companies, setCompanies] = useState<{ status: 'loading' | 'ready' | 'failed'; items: CompanyListItem[]; total: number }>({ status: 'loading', items: [], total: 0 })
  const [attempt, setAttempt] = useState(0)
  const [company, setCompany] = useState<number | null>(null)
  const [service, setService] = useState<ServiceCode | null>(null)
  const [tried, setTried] = useState(false)
  const [creating, setCreating] = useState(false)
  const [failure, setFailure] = useState<string | null>(null)

  useEffect(() => {
    let live = true
    const search = q.trim()
    const load = () =>
      api
        .get<Page<CompanyListItem>>(clientsApi.companies, { quiet: true, searchParams: { limit: 50, ...(search ? { q: search } : {}) } })
        .then(page => {
          if (!live) return
          setCompanies({ status: 'ready', items: page.items, total: page.total })
          // A client with one company has nothing to choose.
          if (page.items.length === 1 && !search) setCompany(c => c ?? page.items[0]!.id)
        })
        .catch(() => live && setCompanies(s => ({ ...s, status: 'failed' })))
    // Typing in the search waits for a pause (on the runtime's clock); the first list comes at once.
    let cancel = () => {}
    if (search) cancel = bus.clock.setTimeout(() => void load(), 300)
    else void load()
    return () => {
      live = false
      cancel()
    }
  }, [api, bus, q, attempt])

  const submit = async (event: FormEvent) => {
    event.preventDefault()
    setTried(true)
    if (company === null || service === null || creating) return
    setCreating(true)
    setFailure(null)
    try {
      onCreated(await api.post<Bid>(bidsApi.bids, { service_type: service, company_id: company }, { quiet: true }))
    } catch (error) {
      const f = asFailure(error)
      setFailure(Object.values(f.validation ?? {})[0] ?? f.message ?? t('wizard.createFailed'))
      setCreating(false)
    }
  }

  return (
    <form onSubmit={submit} noValidate data-testid="recipient-form">
      <Cols>
        <Group>
          <Legend>{t(agent ? 'wizard.clientCompany' : 'fields.company')}</Legend>
          {agent && <TextField type="search" label={t('wizard.companySearch')} value={q} onChange={setQ} />}
          {companies.status === 'loading' && <Spinner label={t('wizard.loading')} />}
          {companies.status === 'failed' && (
            <Alert kind="error" title={t('wizard.companiesFailed')}>
              <Button size="sm" onPress={() => setAttempt(n => n + 1)}>
                {t('wizard.retry')}
              </Button>
            </Alert>
          )}
          {companies.status === 'ready' && companies.items.length === 0 && <Muted>{t(q.trim() ? 'wizard.noCompanyFound' : 'wizard.noCompanies')}</Muted>}
          {companies.items.map(c => (
            <Choice key={c.id} $checked={company === c.id}>
              <input type="radio" name="company_id" value={c.id} checked={company === c.id} onChange={() => setCompany(c.id)} />
              <span>
                <b>{c.short_name ?? c.full_name ?? `№ ${c.id}`}</b>
                {c.inn && <Muted>{t('wizard.inn', { inn: c.inn })}</Muted>}
              </span>
            </Choice>
          ))}
          {companies.total > companies.items.length && <Muted>{t('wizard.moreCompanies', { count: companies.total - companies.items.length })}</Muted>}
          {tried && company === null && <ErrorText role="alert">{t('validation.company')}</ErrorText>}
        </Group>
        <Group>
          <Legend>{t('fields.service_type')}</Legend>
          <ServiceGrid>
            {Object.entries(SERVICE).map(([name, code]) => (
              <Choice key={code} $checked={service === code}>
                <input type="radio" name="service_type" value={code} checked={service === code} onChange={() => setService(code)} />
                <span>{t(`services.${name}`)}</span>
              </Choice>
            ))}
          </ServiceGrid>
          {tried && service === null && <ErrorText role="alert">{t('wizard.chooseService')}</ErrorText>}
        </Group>
      </Cols>
      {failure && (
        <Alert kind="error" title={t('wizard.createFailed')}>
          {failure}
        </Alert>
      )}
      <Footer>
        <Button type="submit" variant="primary" isPending={creating} data-testid="wizard-create">
          {t('wizard.create')}
        </Button>
      </Footer>
    </form>
  )
}

const Cols = styled.div`
  display: grid;
  grid-template-columns: minmax(0, 1fr) minmax(0, 1fr);
  gap: ${({ theme }) => theme.space.xl};
  @media ${({ theme }) => theme.media.compact} {
    grid-template-columns: minmax(0, 1fr);
  }
`
const Group = styled.fieldset`
  border: 0;
  margin: 0;
  padding: 0;
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space.sm};
  min-width: 0;
`
const Legend = styled.legend`
  padding: 0;
  margin-bottom: ${({ theme }) => theme.space.sm};
  font-size: ${({ theme }) => theme.font.size.md};
  font-weight: ${({ theme }) => theme.font.weight.semibold};
`
const ServiceGrid = styled.div`
  display: grid;
  grid-template-columns: repeat(auto-fill, minmax(180px, 1fr));
  gap: ${({ theme }) => theme.space.sm};
`
const Choice = styled.label<{ $checked: boolean }>`
  display: flex;
  align-items: flex-start;
  gap: ${({ theme }) => theme.space.sm};
  padding: ${({ theme }) => theme.space.sm} ${({ theme }) => theme.space.md};
  border: 1px solid ${({ theme, $checked }) => ($checked ? theme.color.primary : theme.color.border)};
  border-radius: ${({ theme }) => theme.radius.md};
  background: ${({ theme, $checked }) => ($checked ? theme.color.primarySoft : theme.color.surface)};
  cursor: pointer;
  min-width: 0;
  overflow-wrap: anywhere;
  & input {
    margin-top: 3px;
    accent-color: ${({ theme }) => theme.color.primary};
  }
  &:focus-within {
    outline: 2px solid ${({ theme }) => theme.color.focus};
    outline-offset: 1px;
  }
`
const Muted = styled.span`
  display: block;
  color: ${({ theme }) => theme.color.textMuted};
  font-size: ${({ theme }) => theme.font.size.sm};
`
const ErrorText = styled.span`
  color: ${({ theme }) => theme.color.errorText};
  font-size: ${({ theme }) => theme.font.size.sm};
`
const Footer = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: ${({ theme }) => theme.space.sm};
  margin-top: ${({ theme }) => theme.space.xl};
`
