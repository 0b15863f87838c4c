import { useUnit } from 'effector-react'
import { useState } from 'react'
import styled from 'styled-components'
import { Link } from 'wouter'
import { actorOf } from '../../../core/access/actor'
import { asFailure } from '../../../core/api/client'
import { $profile } from '../../../core/auth/model'
import { useT } from '../../../core/i18n/useT'
import type { PageProps } from '../../../core/plugin/types'
import { useRuntime } from '../../../core/react/runtime'
import { useResource } from '../../../core/react/useResource'
import { Alert } from '../../../core/ui/Alert'
import { Button } from '../../../core/ui/Button'
import { Panel } from '../../../core/ui/Card'
import { Dialog } from '../../../core/ui/Dialog'
import { useLiveRefresh } from '../../../core/ui/list/useLiveRefresh'
import { PageHeader } from '../../../core/ui/PageHeader'
import { SelectField } from '../../../core/ui/SelectField'
import { Row, Stack } from '../../../core/ui/Stack'
import { TextField } from '../../../core/ui/TextField'
import { WorkflowActions } from '../../../core/ui/WorkflowActions'
import type { WorkflowHistoryEntry } from '../../../core/workflow/api'
import type { Workflow } from '../../../core/workflow/types'
import { leadsApi, showPhone, type Lead, type LeadDetails } from '../contract'
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
      {({ user, lead, allowed, history }) => {
        const companyHref = lead.company_id === null ? null : (registry.link('clients/company', { id: lead.company_id }) ?? `/clients/${lead.company_id}`)
        const bidHref = lead.bid_id === null ? null : (registry.link('bids/bid', { id: lead.bid_id }) ?? `/bids/${lead.bid_id}`)
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
            {(companyHref || bidHref) && (
              <div data-testid="lead-converted">
              <Alert kind="success">
                <Row gap="md" wrap>
                  <span>{t('convert.done')}</span>
                  {companyHref && (
                    <Link href={companyHref} data-testid="lead-company-link">
                      {t('convert.company', { id: lead.company_id })}
                    </Link>
                  )}
                  {bidHref && (
                    <Link href={bidHref} data-testid="lead-bid-link">
                      {t('convert.bid', { id: lead.bid_id })}
                    </Link>
                  )}
                </Row>
              </Alert>
              </div>
            )}
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

/** The bid's service (the lead's when the bot knew it) and, when the chat user named none, the company's name. */
function ConvertDialog({ lead, onClose, onConvert }: { lead: Lead; onClose: () => void; onConvert: (body: { service_type: number; company_name?: string }) => Promise<void> }) {
  const t = useT('leads')
  const [service, setService] = useState(lead.service === null ? '' : String(lead.service))
  const [name, setName] = useState('')
  const [pending, setPending] = useState(false)
  const [error, setError] = useState<string | null>(null)
  const [serviceError, setServiceError] = useState<string | null>(null)
  async function submit() {
    if (service === '') return setServiceError(t('validation:required'))
    setPending(true)
    setError(null)
    try {
      await onConvert({ service_type: Number(service), ...(lead.company || name.trim() === '' ? {} : { company_name: name.trim() }) })
    } catch (failure) {
      setError(asFailure(failure).message ?? t('convert.failed'))
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
          <Button variant="primary" isPending={pending} onPress={() => void submit()} data-testid="lead-convert-confirm">
            {t('convert.confirm')}
          </Button>
        </>
      )}
    >
      <Stack>
        <Text>{t('convert.text')}</Text>
        <SelectField
          label={t('lead.service')}
          name="service_type"
          value={service}
          isRequired
          placeholder={t('convert.choose')}
          options={SERVICE_CODES_FOR_TEXTS.map(code => ({ value: String(code), label: t(`service.${code}`) }))}
          onChange={value => {
            setService(value)
            setServiceError(null)
          }}
          errorMessage={serviceError}
        />
        {!lead.company && <TextField label={t('convert.companyName')} name="company_name" value={name} onChange={setName} description={t('convert.companyNameHint')} />}
        {error && <Alert kind="error">{error}</Alert>}
      </Stack>
    </Dialog>
  )
}
