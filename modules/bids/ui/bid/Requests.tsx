import { useEffect, useState } from 'react'
import styled from 'styled-components'
import type { Actor } from '../../../../core/access/actor'
import { asFailure } from '../../../../core/api/client'
import { useT } from '../../../../core/i18n/useT'
import { useRuntime } from '../../../../core/react/runtime'
import { Alert } from '../../../../core/ui/Alert'
import { Badge } from '../../../../core/ui/Badge'
import { Button } from '../../../../core/ui/Button'
import { Card, Panel } from '../../../../core/ui/Card'
import { SelectField } from '../../../../core/ui/SelectField'
import { Row, Stack } from '../../../../core/ui/Stack'
import { TextArea } from '../../../../core/ui/TextArea'
import { VisuallyHidden } from '../../../../core/ui/VisuallyHidden'
import { WorkflowActions } from '../../../../core/ui/WorkflowActions'
import { bankStaff } from '../../access'
import { bidsApi, type BidRequest, type ChatMessage } from '../../contract'
import { CHAT_CODE, type ChatCode } from '../../services'
import { requestWorkflow } from '../../workflow'
import { narrowed } from './actions'
import { FILE_ACTIONS, FileActionDialog, RequestFileLink, type FileAction } from './FileAction'
import { actionLabelKey } from '../../../../core/workflow/keys'
import { Scroll } from './Documents'
import { Grid } from './Details'
import { useFormat, useStatusLabels } from './format'
import { useResource } from '../../../../core/react/useResource'

/** The client's answer to an offer lives in the offers table; the cards carry every other request action. */
const OFFER_ANSWERS = ['accept', 'askChange'] as const
/** The bank's actions with a file (offer draft, guarantee) have their own dialog with an upload (FileAction.tsx). */
const FILE_ACTION_NAMES = Object.keys(FILE_ACTIONS) as FileAction[]

const Side = styled.div`
  display: grid;
  gap: ${({ theme }) => theme.space.md};
  grid-template-columns: repeat(auto-fill, minmax(min(100%, 300px), 1fr));
  & > * {
    min-width: 0;
  }
`

export type RunRequestAction = (request: BidRequest, action: string, input: Record<string, unknown> | null) => Promise<unknown>

/** A request's bank, its name when known. */
export function useBankName() {
  const t = useT('bids')
  return (r: Pick<BidRequest, 'partner_name' | 'partner_id'>) => r.partner_name ?? t('bid.requests.unnamed', { id: r.partner_id })
}

function ChatCodeBadge({ code }: { code: ChatCode | null }) {
  const t = useT('bids')
  if (code === null) return null
  return (
    <Badge tone={code === CHAT_CODE.documentsChecked ? 'success' : 'info'} data-testid="chat-code">
      {t(`chatCodes.${code}`)}
    </Badge>
  )
}

/** The requests to banks side by side: bank, bank-side status, its chat code, and what this user may do with it. */
export function Requests({ requests, actor, onAction }: { requests: BidRequest[]; actor: Actor; onAction: RunRequestAction }) {
  const t = useT('bids')
  const f = useFormat()
  const labels = useStatusLabels()
  const bankName = useBankName()
  const [asking, setAsking] = useState<{ request: BidRequest; action: FileAction } | null>(null)
  return (
    <Panel title={t('bid.sections.requests')} data-testid="bid-requests">
      {requests.length === 0 ? (
        <p>{t('bid.requests.none')}</p>
      ) : (
        <Side>
          {requests.map(r => (
            <Card as="article" padding="md" key={r.id} aria-labelledby={`request-${r.id}`} data-testid={`request-${r.id}`}>
              <Stack gap="sm">
                <h3 id={`request-${r.id}`}>{bankName(r)}</h3>
                <Row gap="xs" wrap>
                  <Badge tone={r.status === 130 ? 'error' : r.status === 200 ? 'success' : 'primary'} data-testid="request-status">
                    {labels.request(r.status)}
                  </Badge>
                  <ChatCodeBadge code={r.chat_code} />
                </Row>
                <Grid>
                  <dt>{t('bid.requests.channel')}</dt>
                  <dd>{t(`channels.${r.channel}`)}</dd>
                  {r.assignee && (
                    <>
                      <dt>{t('bid.requests.assignee')}</dt>
                      <dd>{r.assignee.name}</dd>
                    </>
                  )}
                  <dt>{t('bid.requests.updated')}</dt>
                  <dd>{f.instant(r.updated_at)}</dd>
                  {r.refusal_reason && (
                    <>
                      <dt>{t('bid.requests.refusal')}</dt>
                      <dd>{r.refusal_reason}</dd>
                    </>
                  )}
                  {r.guarantee_number && (
                    <>
                      <dt>{t('bid.requests.guarantee')}</dt>
                      <dd>{r.guarantee_number}</dd>
                    </>
                  )}
                  {r.guarantee_file && (
                    <>
                      <dt>{t('bid.fileAction.guarantee')}</dt>
                      <dd>
                        <RequestFileLink request={r} fileRef={r.guarantee_file} label={t('sign.download')} />
                      </dd>
                    </>
                  )}
                </Grid>
                <WorkflowActions
                  workflow={narrowed(requestWorkflow, r.allowed_actions, [...OFFER_ANSWERS, ...FILE_ACTION_NAMES])}
                  status={r.status}
                  actor={actor}
                  onAction={(action, input) => onAction(r, action, input)}
                />
                {FILE_ACTION_NAMES.some(a => r.allowed_actions.includes(a)) && (
                  <Row gap="sm" wrap>
                    {FILE_ACTION_NAMES.filter(a => r.allowed_actions.includes(a)).map(a => (
                      <Button key={a} variant="primary" onPress={() => setAsking({ request: r, action: a })} data-testid={`request-${a}`}>
                        {t(actionLabelKey(requestWorkflow, a))}
                      </Button>
                    ))}
                  </Row>
                )}
              </Stack>
            </Card>
          ))}
        </Side>
      )}
      {asking && (
        <FileActionDialog
          key={`${asking.request.id}-${asking.action}`}
          request={asking.request}
          action={asking.action}
          onClose={() => setAsking(null)}
          onSubmit={input => onAction(asking.request, asking.action, input)}
        />
      )}
    </Panel>
  )
}

/** Every offer in one table to compare: amount, fee, term, conditions, the draft; the owner accepts one or asks to change it. */
export function Offers({ requests, actor, onAction }: { requests: BidRequest[]; actor: Actor; onAction: RunRequestAction }) {
  const t = useT('bids')
  const f = useFormat()
  const labels = useStatusLabels()
  const bankName = useBankName()
  const offered = requests.filter(r => r.offer !== null)
  return (
    <Panel title={t('bid.sections.offers')} data-testid="bid-offers">
      {offered.length === 0 ? (
        <p>{t('bid.offers.none')}</p>
      ) : (
        <Scroll>
          <table data-testid="offers-table">
            <caption>
              <VisuallyHidden>{t('bid.offers.caption')}</VisuallyHidden>
            </caption>
            <thead>
              <tr>
                <th scope="col">{t('bid.offers.bank')}</th>
                <th scope="col">{t('bid.offers.amount')}</th>
                <th scope="col">{t('bid.offers.fee')}</th>
                <th scope="col">{t('bid.offers.term')}</th>
                <th scope="col">{t('bid.offers.conditions')}</th>
                <th scope="col">{t('bid.offers.draft')}</th>
                <th scope="col">{t('bid.offers.status')}</th>
                <th scope="col">
                  <VisuallyHidden>{t('bid.offers.actions')}</VisuallyHidden>
                </th>
              </tr>
            </thead>
            <tbody>
              {offered.map(r => (
                <tr key={r.id} data-testid={`offer-${r.id}`}>
                  <th scope="row">{bankName(r)}</th>
                  <td>{f.money(r.offer!.amount)}</td>
                  <td>{f.money(r.offer!.fee)}</td>
                  <td>{t('bid.days', { count: r.offer!.term_days })}</td>
                  <td>{r.offer!.conditions ?? '—'}</td>
                  <td>
                    <RequestFileLink request={r} fileRef={r.offer!.draft_file} label={t('sign.download')} />
                  </td>
                  <td>{labels.request(r.status)}</td>
                  <td>
                    <WorkflowActions
                      workflow={narrowed(requestWorkflow, r.allowed_actions.filter(a => (OFFER_ANSWERS as readonly string[]).includes(a)))}
                      status={r.status}
                      actor={actor}
                      variants={{ accept: 'primary' }}
                      onAction={(action, input) => onAction(r, action, input)}
                    />
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </Scroll>
      )}
    </Panel>
  )
}

/** The chat of each request, one panel per bank. */
export function Chats({ bidId, requests, actor, version }: { bidId: number; requests: BidRequest[]; actor: Actor; version: number }) {
  const t = useT('bids')
  if (requests.length === 0) return null
  return (
    <section aria-label={t('bid.sections.chat')} data-testid="bid-chats">
      <Side>
        {requests.map(r => (
          <Chat key={r.id} bidId={bidId} request={r} actor={actor} version={version} />
        ))}
      </Side>
    </section>
  )
}

function Chat({ bidId, request, actor, version }: { bidId: number; request: BidRequest; actor: Actor; version: number }) {
  const t = useT('bids')
  const { api } = useRuntime()
  const f = useFormat()
  const bankName = useBankName()
  const [state, reload] = useResource<ChatMessage[]>(bidsApi.chat(bidId, request.id))
  const [text, setText] = useState('')
  const [code, setCode] = useState('')
  const [pending, setPending] = useState(false)
  const [error, setError] = useState<string | null>(null)
  useEffect(() => {
    if (version > 0) reload()
  }, [version, reload])
  const messages = state.data ?? []
  const marks = bankStaff(actor)

  async function send() {
    const body = text.trim()
    if (!body) return setError(t('bid.chat.empty'))
    setPending(true)
    setError(null)
    try {
      await api.post(bidsApi.chat(bidId, request.id), { text: body, ...(code ? { code: Number(code) } : {}) }, { quiet: true })
      setText('')
      setCode('')
      reload()
    } catch (failure) {
      const fail = asFailure(failure)
      setError(Object.values(fail.validation ?? {})[0] ?? fail.message ?? t('bid.chat.failed'))
    } finally {
      setPending(false)
    }
  }

  return (
    <Panel title={t('bid.chat.title', { bank: bankName(request) })} headingLevel={3} data-testid={`chat-${request.id}`}>
      <Stack gap="sm">
        {state.status === 'failed' && messages.length === 0 && (
          <Alert kind="error" action={<Button size="sm" onPress={reload}>{t('bid.retry')}</Button>}>
            {t('bid.chat.loadFailed')}
          </Alert>
        )}
        {state.status === 'loaded' && messages.length === 0 && <p>{t('bid.chat.none')}</p>}
        {messages.length > 0 && (
          <ol aria-label={t('bid.chat.messages')} style={{ margin: 0, paddingLeft: '1.2em' }} data-testid="chat-messages">
            {messages.map(m => (
              <li key={m.id}>
                <strong>{m.author?.name ?? t('bid.history.system')}</strong> <small>{f.instant(m.created_at)}</small>{' '}
                <ChatCodeBadge code={m.code} />
                <div style={{ whiteSpace: 'pre-line', overflowWrap: 'anywhere' }}>{m.text}</div>
              </li>
            ))}
          </ol>
        )}
        <form
          onSubmit={e => {
            e.preventDefault()
            void send()
          }}
          aria-label={t('bid.chat.form', { bank: bankName(request) })}
        >
          <Stack gap="sm">
            <TextArea label={t('bid.chat.message')} value={text} onChange={setText} rows={2} isDisabled={pending} errorMessage={error} />
            <Row gap="sm" wrap align="end">
              {marks && (
                <SelectField
                  label={t('bid.chat.code')}
                  value={code}
                  onChange={setCode}
                  placeholder={t('bid.chat.noCode')}
                  options={Object.values(CHAT_CODE).map(c => ({ value: String(c), label: t(`chatCodes.${c}`) }))}
                />
              )}
              <Button type="submit" variant="primary" isPending={pending}>
                {t('bid.chat.send')}
              </Button>
            </Row>
          </Stack>
        </form>
      </Stack>
    </Panel>
  )
}
