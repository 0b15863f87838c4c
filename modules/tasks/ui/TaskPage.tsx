import { useUnit } from 'effector-react'
import { useState, type ReactNode } from 'react'
import styled from 'styled-components'
import { Link } from 'wouter'
import * as v from 'valibot'
import { actorOf } from '../../../core/access/actor'
import { asFailure } from '../../../core/api/client'
import { $profile } from '../../../core/auth/model'
import { useT } from '../../../core/i18n/useT'
import type { LinkName } from '../../../core/plugin/links'
import type { PageProps } from '../../../core/plugin/types'
import { useRuntime } from '../../../core/react/runtime'
import { useResource } from '../../../core/react/useResource'
import { Button } from '../../../core/ui/Button'
import { Panel } from '../../../core/ui/Card'
import { EmptyState } from '../../../core/ui/EmptyState'
import { ErrorState } from '../../../core/ui/ErrorState'
import { PageHeader } from '../../../core/ui/PageHeader'
import { useLiveRefresh } from '../../../core/ui/list/useLiveRefresh'
import { Spinner } from '../../../core/ui/Spinner'
import { Row, Stack } from '../../../core/ui/Stack'
import { TextArea } from '../../../core/ui/TextArea'
import { WorkflowActions } from '../../../core/ui/WorkflowActions'
import { FactList } from '../../../core/ui/FactList'
import type { Workflow } from '../../../core/workflow/types'
import { TASKS_API, taskCommentForm, type TaskDetails, type TaskHistoryEntry, type TaskLink } from '../contract'
import { taskWorkflow } from '../workflow'
import { useTaskFormat, type TaskFormat } from './format'
import { TaskFormDialog } from './TaskFormDialog'
import { TaskStatusBadge } from './TasksPage'

/** Each link kind opens its owner's page by the route name it exports; a call has no page of its own. */
const LINK_ROUTE: Record<TaskLink['kind'], LinkName | null> = { client: 'clients/company', tender: 'tenders/tender', bid: 'bids/bid', call: null }

const Grid = styled.div`
  display: grid;
  grid-template-columns: minmax(0, 2fr) minmax(0, 1fr);
  gap: ${({ theme }) => theme.space.lg};
  align-items: start;
  @media ${({ theme }) => theme.media.compact} {
    grid-template-columns: minmax(0, 1fr);
  }
`
const Text = styled.p`
  margin: 0;
  white-space: pre-wrap;
  overflow-wrap: anywhere;
`
const Muted = styled.p`
  margin: 0;
  color: ${({ theme }) => theme.color.textMuted};
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
const Center = styled.div`
  display: flex;
  justify-content: center;
  padding: ${({ theme }) => theme.space.xxl};
`

/** The workflow cut to the actions the server allows this user now (its row scope decides, not the role alone). */
function narrowed<W extends Workflow>(workflow: W, allowed: readonly string[]): W {
  return { ...workflow, actions: Object.fromEntries(Object.entries(workflow.actions).filter(([action]) => allowed.includes(action))) } as W
}

export default function TaskPage({ params }: PageProps) {
  const raw = params.id ?? ''
  const id = /^\d{1,9}$/.test(raw) ? Number(raw) : 0
  if (id <= 0) return <NoSuchTask />
  return <TaskScreen key={id} id={id} />
}

function NoSuchTask() {
  const t = useT('tasks')
  return (
    <div data-testid="task-missing">
      <EmptyState title={t('details.notFound')} description={t('details.notFoundText')} action={<Link href="/tasks">{t('details.back')}</Link>} />
    </div>
  )
}

function TaskScreen({ id }: { id: number }) {
  const t = useT('tasks')
  const f = useTaskFormat()
  const { api, registry } = useRuntime()
  const profile = useUnit($profile)
  const [task, reload] = useResource<TaskDetails>(TASKS_API.one(id))
  // Someone changed a task this user sees (the socket's updateTasks; not worth filtering by id), or a reconnect.
  useLiveRefresh('updateTasks', reload)
  const [editing, setEditing] = useState(false)

  if (task.status === 'missing') return <NoSuchTask />
  if (task.data === null) {
    if (task.status === 'failed')
      return (
        <div data-testid="task-failed">
          <ErrorState title={t('details.loadFailed')} message={task.failure.message} retryLabel={t('details.retry')} onRetry={reload} />
        </div>
      )
    return (
      <Center>
        <Spinner label={t('details.loading')} />
      </Center>
    )
  }
  const data = task.data
  const linkOf = (link: TaskLink): ReactNode => {
    const label = t(`details.link.${link.kind}`, { id: link.id })
    const route = LINK_ROUTE[link.kind]
    const href = route ? registry.link(route, { id: link.id }) : null
    return href ? <Link href={href}>{label}</Link> : label
  }
  const reminders = (list: readonly number[]) => (list.length ? list.map(m => t('form.minutes', { count: m })).join(', ') : t('details.none'))

  return (
    <Stack gap="lg" data-testid="task-page">
      <PageHeader
        before={<Link href="/tasks">← {t('details.back')}</Link>}
        title={data.name}
        description={
          <Row gap="sm" wrap>
            <span>{t('pages.oneNo', { id: data.id })}</span>
            <span data-testid="task-status">
              <TaskStatusBadge status={data.status} />
            </span>
          </Row>
        }
        actions={
          <Row gap="sm" wrap>
            {profile && data.actions.length > 0 && (
              <WorkflowActions
                workflow={narrowed(taskWorkflow, data.actions)}
                status={data.status}
                actor={actorOf(profile)}
                variants={{ start: 'primary', complete: 'primary' }}
                isDisabled={task.status === 'loading'}
                onAction={async action => {
                  // Refused (409: someone moved it on) or not, the task is read again: the buttons follow its status.
                  try {
                    await api.post(TASKS_API.action(data.id, action), {})
                  } finally {
                    reload()
                  }
                }}
              />
            )}
            {data.editable && (
              <Button onPress={() => setEditing(true)} data-testid="task-edit">
                {t('details.edit')}
              </Button>
            )}
          </Row>
        }
      />
      <Grid>
        <Stack gap="lg">
          <Panel title={t('details.fields')}>
            <FactList data-testid="task-fields">
              <dt>{t('details.type')}</dt>
              <dd>{t(`type.${data.type}`)}</dd>
              <dt>{t('details.dates')}</dt>
              <dd>{f.span(data.date_from, data.date_to, data.time)}</dd>
              <dt>{t('details.responsible')}</dt>
              <dd>{data.responsible.full_name}</dd>
              <dt>{t('details.author')}</dt>
              <dd>{data.author?.full_name ?? '—'}</dd>
              <dt>{t('details.created')}</dt>
              <dd>{f.instant(data.created_at)}</dd>
              <dt>{t('details.reminders')}</dt>
              <dd>
                {t('details.remindAuthor')}: {reminders(data.remind_author)}
                <br />
                {t('details.remindExecutor')}: {reminders(data.remind_executor)}
                {data.remind_email && ` (${t('details.byEmail')})`}
              </dd>
              {data.links.length > 0 && (
                <>
                  <dt>{t('details.links')}</dt>
                  <dd>
                    <Row gap="md" wrap>
                      {data.links.map(link => (
                        <span key={`${link.kind}-${link.id}`}>{linkOf(link)}</span>
                      ))}
                    </Row>
                  </dd>
                </>
              )}
              <dt>{t('details.description')}</dt>
              <dd>{data.description ? <Text>{data.description}</Text> : <Muted>{t('details.noDescription')}</Muted>}</dd>
            </FactList>
          </Panel>
          <Comments task={data} onAdded={reload} format={f} />
        </Stack>
        <History entries={data.history} format={f} />
      </Grid>
      {editing && (
        <TaskFormDialog
          task={data}
          onClose={() => setEditing(false)}
          onSaved={() => {
            setEditing(false)
            reload()
          }}
        />
      )}
    </Stack>
  )
}

function Comments({ task, onAdded, format: f }: { task: TaskDetails; onAdded: () => void; format: TaskFormat }) {
  const t = useT('tasks')
  const { api } = useRuntime()
  const [text, setText] = useState('')
  const [error, setError] = useState<string | null>(null)
  const [pending, setPending] = useState(false)
  async function add() {
    const parsed = v.safeParse(taskCommentForm, { text })
    if (!parsed.success) return setError(t(parsed.issues[0]!.message))
    setPending(true)
    setError(null)
    try {
      await api.post(TASKS_API.comments(task.id), parsed.output, { quiet: true })
      setText('')
      onAdded()
    } catch (failure) {
      const f = asFailure(failure)
      setError(f.validation?.text ?? f.message ?? t('details.commentFailed'))
    } finally {
      setPending(false)
    }
  }
  return (
    <Panel title={t('details.comments')} data-testid="task-comments">
      <Stack gap="md">
        {task.comments.length === 0 ? (
          <Muted>{t('details.noComments')}</Muted>
        ) : (
          <Entries>
            {task.comments.map(c => (
              <li key={c.id}>
                <Meta>
                  {c.author?.full_name ?? t('details.system')} · {f.instant(c.created_at)}
                </Meta>
                <Text>{c.text}</Text>
              </li>
            ))}
          </Entries>
        )}
        <TextArea label={t('details.comment')} value={text} onChange={value => (setText(value), setError(null))} rows={3} errorMessage={error} />
        <div>
          <Button onPress={() => void add()} isPending={pending} data-testid="task-comment-add">
            {t('details.addComment')}
          </Button>
        </div>
      </Stack>
    </Panel>
  )
}

function History({ entries, format: f }: { entries: readonly TaskHistoryEntry[]; format: TaskFormat }) {
  const t = useT('tasks')
  const status = (code: unknown) => {
    const name = typeof code === 'number' ? taskWorkflow.statusName(code) : typeof code === 'string' ? code : undefined
    return name ? t(`workflow.status.statuses.${name}`) : String(code ?? '—')
  }
  const text = (e: TaskHistoryEntry) => {
    const d = e.details
    switch (e.kind) {
      case 'created':
        return t('details.historyKind.created')
      case 'updated': {
        const raw = Array.isArray(d.fields) ? d.fields : Object.keys(d.fields && typeof d.fields === 'object' ? d.fields : d)
        return t('details.historyKind.updated', { fields: raw.map(name => t(`details.field.${String(name)}`, { defaultValue: String(name) })).join(', ') })
      }
      case 'status':
        return t('details.historyKind.status', { from: status(d.from), to: status(d.to) })
      case 'reminded':
        return t('details.historyKind.reminded', { minutes: d.minutes })
      default:
        return ''
    }
  }
  return (
    <Panel title={t('details.history')} data-testid="task-history">
      {entries.length === 0 ? (
        <Muted>{t('details.noHistory')}</Muted>
      ) : (
        <Entries>
          {entries.map(e => (
            <li key={e.id}>
              <Meta>
                {f.instant(e.created_at)} · {e.user?.full_name ?? t('details.system')}
              </Meta>
              <div>{text(e)}</div>
            </li>
          ))}
        </Entries>
      )}
    </Panel>
  )
}
