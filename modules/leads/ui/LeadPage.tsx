import { useUnit } from 'effector-react'
import { useState } from 'react'
import styled from 'styled-components'
import { Link } from 'wouter'
import { actorOf } from '../../../core/access/actor'
import { asFailure } from '../../../core/api/client'
import { $profile } from '../../../core/auth/model'
import type { TFunction } from 'i18next'
import { useT } from '../../../core/i18n/useT'
import type { Profile } from '../../../core/auth/profile'
import type { PageProps } from '../../../core/plugin/types'
import type { Registry } from '../../../core/plugin/registry'
import { useRuntime } from '../../../core/react/runtime'
import { useResource } from '../../../core/react/useResource'
import { useSearchedList } from '../../../core/react/useSearchedList'
import { Alert } from '../../../core/ui/Alert'
import { Button } from '../../../core/ui/Button'
import { ComboBoxField } from '../../../core/ui/ComboBoxField'
import { Panel } from '../../../core/ui/Card'
import { Dialog } from '../../../core/ui/Dialog'
import { useListT } from '../../../core/ui/list/texts'
import { useLiveRefresh } from '../../../core/ui/list/useLiveRefresh'
import { PageHeader } from '../../../core/ui/PageHeader'
import { SelectField } from '../../../core/ui/SelectField'
import { Row, Stack } from '../../../core/ui/Stack'
import { TextField } from '../../../core/ui/TextField'
import { WorkflowActions } from '../../../core/ui/WorkflowActions'
import type { WorkflowHistoryEntry } from '../../../core/workflow/api'
import type { Workflow } from '../../../core/workflow/types'
import { leadsApi, showPhone, type Lead, type LeadAgent, type LeadConversion, type LeadDetails } from '../contract'
import { CONVERT, leadWorkflow, type LeadStatusCode } from '../workflow'
import { chatIdOf, Fields, LeadStatusBadge, Missing, Resource } from './common'
import { SERVICE_CODES_FOR_TEXTS, statusName, useLeadFormat } from './format'


const Grid = styled.div`
  display: grid;
  grid-template-columns: minmax(0, 2fr) minmax(0, 1fr);
  gap: ${({ theme }) => theme.space.lg};
  align-items: start;
  @media ${({ theme }) => theme.media.compact} {
    grid-template-columns: minmax(0, 1fr);
  }
`
const Entries = styled.ol`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space.md};
  margin: 0;
  padding: 0;
  list-style: none;
`
const Meta = styled.div`
  color: ${({ theme }) => theme.color.textMuted};
  font-size: ${({ theme }) => theme.font.size.sm};
`
const Text = styled.p`
  margin: 0;
  white-space: pre-wrap;
  overflow-wrap: anywhere;
`

/** The workflow cut to the actions the server allows this user now (a converted lead allows none). */
function narrowed<W extends Workflow>(workflow: W, allowed: readonly string[]): W {
  return { ...workflow, actions: Object.fromEntries(Object.entries(workflow.actions).filter(([action]) => allowed.includes(action))) } as W
}

/** /leads-users/{chat_id}/leads/{id}: the lead, its actions, what it became and its history. */
export default function LeadPage({ params }: PageProps) {
  const chatId = chatIdOf(params.chat_id)
  const raw = params.id ?? ''
  const id = /^\d{1,9}$/.test(raw) ? Number(raw) : 0
  if (chatId === null || id <= 0) return <Missing testId="lead-missing" />
  return <LeadScreen key={`${chatId}/${id}`} chatId={chatId} id={id} />
}

function LeadScreen({ chatId, id }: { chatId: number; id: number }) {
  const t = useT('leads')
  const f = useLeadFormat()
  const { api, registry } = useRuntime()
  const profile = useUnit($profile)
  const [state, reload] = useResource<LeadDetails>(leadsApi.lead(chatId, id))
  useLiveRefresh('updateLeads', reload)
  const [converting, setConverting] = useState(false)

  return (
    <Resource state={state} reload={reload} testId="lead">
      {({ user, lead, allowed, history, conversion }) => {
        return (
          <Stack gap="lg" data-testid="lead-page">
            <PageHeader
              before={<Link href={`/leads-users/${chatId}/leads`}>← {t('details.backToLeads', { name: user.name })}</Link>}
              title={t('pages.leadNo', { id: lead.id })}
              description={
                <span data-testid="lead-status">
                  <LeadStatusBadge status={lead.status} />
                </span>
              }
              actions={
                <Row gap="sm" wrap>
                  {profile && (
                    <WorkflowActions
                      workflow={narrowed(leadWorkflow, allowed)}
                      status={lead.status}
                      actor={actorOf(profile)}
                      variants={{ verify: 'primary' }}
                      isDisabled={state.status === 'loading'}
                      onAction={async (action, input) => {
                        try {
                          await api.post(leadsApi.action(chatId, id, action), input ?? {})
                        } finally {
                          reload()
                        }
                      }}
                    />
                  )}
                  {allowed.includes(CONVERT) && (
                    <Button variant="primary" onPress={() => setConverting(true)} data-testid="lead-convert">
                      {t('convert.button')}
                    </Button>
                  )}
                </Row>
              }
            />
            {conversion && <Converted conversion={conversion} registry={registry} profile={profile} />}
            <Grid>
              <Stack gap="lg">
                <Panel title={t('details.lead')}>
                  <Fields data-testid="lead-fields">
                    <dt>{t('lead.request')}</dt>
                    <dd>{lead.request}</dd>
                    <dt>{t('lead.service')}</dt>
                    <dd>{lead.service === null ? '—' : t(`service.${lead.service}`)}</dd>
                    <dt>{t('lead.amount')}</dt>
                    <dd>{f.rubles(lead.amount)}</dd>
                    <dt>{t('lead.company')}</dt>
                    <dd>{lead.company ?? '—'}</dd>
                    <dt>{t('lead.inn')}</dt>
                    <dd>{lead.inn ?? '—'}</dd>
                    <dt>{t('lead.created')}</dt>
                    <dd>{f.instant(lead.created_at)}</dd>
                    {lead.comment && (
                      <>
                        <dt>{t('lead.comment')}</dt>
                        <dd>{lead.comment}</dd>
                      </>
                    )}
                    {lead.decline_reason && (
                      <>
                        <dt>{t('lead.declineReason')}</dt>
                        <dd>{lead.decline_reason}</dd>
                      </>
                    )}
                  </Fields>
                </Panel>
                <History entries={history} />
              </Stack>
              <Panel title={t('details.chatUser')}>
                <Fields>
                  <dt>{t('users.name')}</dt>
                  <dd>{user.name}</dd>
                  <dt>{t('users.phone')}</dt>
                  <dd>{user.phone ? <a href={`tel:+${user.phone}`}>{showPhone(user.phone)}</a> : '—'}</dd>
                  <dt>{t('users.username')}</dt>
                  <dd>{user.username ? `@${user.username}` : '—'}</dd>
                </Fields>
              </Panel>
            </Grid>
            {converting && (
              <ConvertDialog
                lead={lead}
                onClose={() => setConverting(false)}
                onConvert={async body => {
                  await api.post(leadsApi.action(chatId, id, CONVERT), body)
                  setConverting(false)
                  reload()
                }}
              />
            )}
          </Stack>
        )
      }}
    </Resource>
  )
}

function History({ entries }: { entries: WorkflowHistoryEntry[] }) {
  const t = useT('leads')
  const f = useLeadFormat()
  const status = (code: number) => t(`workflow.status.statuses.${statusName(code as LeadStatusCode)}`)
  return (
    <Panel title={t('details.history')} data-testid="lead-history">
      {entries.length === 0 ? (
        <Text>{t('details.noHistory')}</Text>
      ) : (
        <Entries>
          {entries.map(e => {
            const input = (e.input ?? {}) as { comment?: string; reason?: string }
            return (
              <li key={e.id}>
                <Text>{e.action === CONVERT ? t('convert.historyLine') : t('details.historyLine', { action: t(`workflow.status.actions.${e.action}`, { defaultValue: e.action }), from: status(e.from), to: status(e.to) })}</Text>
                {(input.comment || input.reason) && <Text>{input.comment ?? input.reason}</Text>}
                <Meta>
                  {e.user?.name ?? '—'} · {f.instant(e.at)}
                </Meta>
              </li>
            )
          })}
        </Entries>
      )}
    </Panel>
  )
}

/**
 * What the lead became: the company with its keeping agent and the bid draft. Each is a link only where the viewer
 * may open it — its module's route access for the viewer's role, and for the bid the bids' own row scope too (a
 * draft never submitted is the client's side's alone) — else plain text, so nobody follows a link into a 404.
 */
function Converted({ conversion, registry, profile }: { conversion: LeadConversion; registry: Registry; profile: Profile | null }) {
  const t = useT('leads')
  const f = useLeadFormat()
  const { company, bid, agent } = conversion
  const companyHref = registry.link('clients/company', { id: company.id })
  const bidHref = registry.link('bids/bid', { id: bid.id })
  const opens = (href: string | null): href is string => href !== null && profile !== null && registry.canOpen(href, profile)
  const companyText = t('convert.company', { name: company.name, id: company.id })
  const bidText = t('convert.bid', { id: bid.id })
  return (
    <Panel title={t('convert.done')} data-testid="lead-converted">
      <Fields>
        <dt>{t('convert.companyLabel')}</dt>
        <dd>
          {opens(companyHref) ? (
            <Link href={companyHref} data-testid="lead-company-link">
              {companyText}
            </Link>
          ) : (
            <span data-testid="lead-company-text">{companyText}</span>
          )}
        </dd>
        <dt>{t('convert.bidLabel')}</dt>
        <dd>
          {bid.visible && opens(bidHref) ? (
            <Link href={bidHref} data-testid="lead-bid-link">
              {bidText}
            </Link>
          ) : (
            <>
              <span data-testid="lead-bid-text">{bidText}</span>
              {!bid.visible && bid.status === 0 && <Meta>{t('convert.draftPrivate')}</Meta>}
            </>
          )}
        </dd>
        <dt>{t('convert.agent')}</dt>
        <dd data-testid="lead-agent">{agent ? (agent.office ? t('convert.agentInOffice', { name: agent.name, office: agent.office }) : agent.name) : t('convert.noAgent')}</dd>
        {conversion.converted_at && (
          <>
            <dt>{t('convert.convertedAt')}</dt>
            <dd>
              {f.instant(conversion.converted_at)}
              {conversion.converted_by ? ` · ${conversion.converted_by.name}` : ''}
            </dd>
          </>
        )}
      </Fields>
    </Panel>
  )
}

/** "Сидорова Анна — Центральный офис": the agent as the picker lists them. */
function agentLabel(agent: LeadAgent, t: TFunction): string {
  const name = agent.role === 35 ? t('convert.manager', { name: agent.name }) : agent.name
  return t('convert.agentOption', { name, office: agent.office?.name ?? t('convert.noOffice') })
}

export interface ConvertBody {
  agent_id: number
  service_type: number
  company_name?: string
}

/**
 * The agent who will keep the new client (required: the active agents and their managers, with their offices), the
 * bid's service (the lead's when the bot knew it) and, when the chat user named none, the company's name.
 */
export function ConvertDialog({ lead, onClose, onConvert }: { lead: Lead; onClose: () => void; onConvert: (body: ConvertBody) => Promise<void> }) {
  const t = useT('leads')
  const tList = useListT()
  const [agentSearch, setAgentSearch] = useState('')
  // The chosen agent as the box shows it: kept apart from the list, which holds only the agents found for the text.
  const [agent, setAgent] = useState<{ key: string; label: string }>({ key: '', label: '' })
  const agents = useSearchedList<LeadAgent>(leadsApi.agents, agentSearch === agent.label ? '' : agentSearch)
  const [service, setService] = useState(lead.service === null ? '' : String(lead.service))
  const [name, setName] = useState('')
  const [pending, setPending] = useState(false)
  const [error, setError] = useState<string | null>(null)
  const [fieldErrors, setFieldErrors] = useState<Record<string, string>>({})
  const noAgents = agents.status === 'loaded' && agents.asked === '' && agents.items.length === 0
  async function submit() {
    const missing: Record<string, string> = {}
    if (agent.key === '') missing.agent_id = t('convert.chooseAgentError')
    if (service === '') missing.service_type = t('validation:required')
    setFieldErrors(missing)
    if (Object.keys(missing).length > 0) return
    setPending(true)
    setError(null)
    try {
      await onConvert({ agent_id: Number(agent.key), service_type: Number(service), ...(lead.company || name.trim() === '' ? {} : { company_name: name.trim() }) })
    } catch (failure) {
      const f = asFailure(failure)
      setFieldErrors(f.validation ?? {})
      // Someone switched the agent off meanwhile: the list as it is now.
      if (f.validation?.agent_id) agents.reload()
      setError(f.validation ? null : (f.message ?? t('convert.failed')))
      setPending(false)
    }
  }
  return (
    <Dialog
      isOpen
      onOpenChange={open => !open && !pending && onClose()}
      title={t('convert.title')}
      isDismissable={!pending}
      isKeyboardDismissDisabled={pending}
      footer={close => (
        <>
          <Button onPress={close} isDisabled={pending}>
            {t('convert.cancel')}
          </Button>
          <Button variant="primary" isPending={pending} isDisabled={noAgents} onPress={() => void submit()} data-testid="lead-convert-confirm">
            {t('convert.confirm')}
          </Button>
        </>
      )}
    >
      <Stack>
        <Text>{t('convert.text')}</Text>
        <ComboBoxField
          label={t('convert.agent')}
          name="agent_id"
          data-testid="lead-convert-agent"
          items={agents.items}
          itemKey={a => String(a.id)}
          itemLabel={a => agentLabel(a, t)}
          selectedKey={agent.key}
          selectedLabel={agent.label}
          onSelectionChange={key => {
            const chosen = agents.items.find(a => String(a.id) === key)
            setAgent({ key, label: chosen ? agentLabel(chosen, t) : '' })
            setFieldErrors(({ agent_id: _, ...rest }) => rest)
          }}
          onInputChange={setAgentSearch}
          isLoading={agents.status === 'loading'}
          loadingLabel={t('convert.agentsLoading')}
          emptyLabel={t('convert.agentsNone')}
          toggleLabel={t('convert.agentsShow')}
          placeholder={t('convert.chooseAgent')}
          isRequired
          description={agents.similar ? tList('list.similarNames', { q: agents.asked }) : t('convert.agentHint')}
          errorMessage={fieldErrors.agent_id ?? null}
        />
        {agents.status === 'failed' && (
          <Alert
            kind="error"
            action={
              <Button size="sm" onPress={agents.reload}>
                {t('details.retry')}
              </Button>
            }
          >
            {t('convert.agentsFailed')}
          </Alert>
        )}
        {noAgents && <Alert kind="warning">{t('convert.noAgents')}</Alert>}
        <SelectField
          label={t('lead.service')}
          name="service_type"
          value={service}
          isRequired
          placeholder={t('convert.choose')}
          options={SERVICE_CODES_FOR_TEXTS.map(code => ({ value: String(code), label: t(`service.${code}`) }))}
          onChange={value => {
            setService(value)
            setFieldErrors(({ service_type: _, ...rest }) => rest)
          }}
          errorMessage={fieldErrors.service_type ?? null}
        />
        {!lead.company && (
          <TextField label={t('convert.companyName')} name="company_name" value={name} onChange={setName} description={t('convert.companyNameHint')} errorMessage={fieldErrors.company_name ?? null} />
        )}
        {error && <Alert kind="error">{error}</Alert>}
      </Stack>
    </Dialog>
  )
}
