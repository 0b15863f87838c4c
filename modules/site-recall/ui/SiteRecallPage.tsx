import { useUnit } from 'effector-react'
import { useMemo, useState } from 'react'
import styled from 'styled-components'
import { Link } from 'wouter'
import { $locale } from '../../../core/i18n/model'
import { useT } from '../../../core/i18n/useT'
import { useDispatch, useRuntime } from '../../../core/react/runtime'
import { Badge } from '../../../core/ui/Badge'
import type { DataColumn } from '../../../core/ui/list/DataTable'
import { ListPage } from '../../../core/ui/list/ListPage'
import { CursorTable } from '../../../core/ui/list/CursorTable'
import { useListLoad } from '../../../core/ui/list/useListLoad'
import { useLiveRefresh } from '../../../core/ui/list/useLiveRefresh'
import { Button } from '../../../core/ui/Button'
import { formatPhone } from '../../../core/validation/phone'
import { SITE_RECALL_STATUS, SITE_RECALL_TABS, type SiteRecallItem } from '../contract'
import '../links'
import { siteRecallLoad } from '../loads'
import { siteRecallList } from '../model'

const Text = styled.span`
  overflow-wrap: anywhere;
  white-space: pre-line;
`
const Taker = styled.span`
  display: inline-flex;
  flex-direction: column;
  gap: 2px;
`
const Actions = styled.span`
  display: inline-flex;
  flex-direction: column;
  align-items: stretch;
  gap: ${({ theme }) => theme.space.sm};
`

function useInstant() {
  const locale = useUnit($locale)
  return useMemo(() => {
    const format = new Intl.DateTimeFormat(locale === 'ru' ? 'ru-RU' : 'en-GB', { dateStyle: 'short', timeStyle: 'short' })
    return (iso: string | null) => (iso ? format.format(new Date(iso)) : '—')
  }, [locale])
}

/** The site's page as a short text (host and path), linking to the page in a new tab. */
function PageLink({ href }: { href: string }) {
  const t = useT('site-recall')
  if (!href) return <>—</>
  let short = href
  try {
    const url = new URL(href)
    short = `${url.host}${url.pathname === '/' ? '' : url.pathname}`
  } catch {
    // Stored as sent (the server let only http(s) addresses in).
  }
  return (
    <Text>
      <a href={href} target="_blank" rel="noopener noreferrer nofollow" aria-label={t('openPage', { page: short })}>
        {short}
      </a>
    </Text>
  )
}

/** Who took it ("in work: …"), and a link to the call-back task made for them. */
function TakerCell({ item }: { item: SiteRecallItem }) {
  const t = useT('site-recall')
  const { registry } = useRuntime()
  if (!item.taken_by) return null
  // The tasks plugin names its page 'tasks/task'; until it declares the builder, its documented path (SPEC /tasks/{id}).
  const href = item.task_id === null ? null : (registry.link('tasks/task', { id: item.task_id }) ?? `/tasks/${item.task_id}`)
  return (
    <>
      <span>{t('takenBy', { name: item.taken_by.name })}</span>
      {href && (
        <Link href={href} data-testid={`site-recall-task-${item.id}`}>
          {t('task.link', { id: item.task_id })}
        </Link>
      )}
    </>
  )
}

/** "Take into work" (new only) and "Done" (new or in work): busy while the request runs, then the page is read again. */
function RowActions({ item, onDone }: { item: SiteRecallItem; onDone: () => void }) {
  const t = useT('site-recall')
  const dispatch = useDispatch()
  const [busy, setBusy] = useState<'take' | 'done' | null>(null)
  if (item.status === SITE_RECALL_STATUS.done) return null
  const who = { name: item.name, phone: formatPhone(item.phone) }
  const run = async (action: 'take' | 'done') => {
    setBusy(action)
    await dispatch(action === 'take' ? 'site-recall/take' : 'site-recall/done', { id: item.id })
    setBusy(null)
    onDone()
  }
  return (
    <Actions>
      {item.status === SITE_RECALL_STATUS.new && (
        <Button size="sm" isPending={busy === 'take'} isDisabled={busy === 'done'} aria-label={t('takeLabel', who)} onPress={() => void run('take')} data-testid={`site-recall-take-${item.id}`}>
          {t('take')}
        </Button>
      )}
      <Button size="sm" variant="secondary" isPending={busy === 'done'} isDisabled={busy === 'take'} aria-label={t('doneLabel', who)} onPress={() => void run('done')} data-testid={`site-recall-done-${item.id}`}>
        {t('done')}
      </Button>
    </Actions>
  )
}

/**
 * /site-recall (issue 13 §3, roles 100 and 170): the callback requests from the company's website in two tabs — new
 * (new and in work) and processed — with their counts; "take into work" makes a call-back task for the user, "done"
 * processes a request. Requests arriving from the site appear by themselves (the socket's updateSiteRecalls). Paged
 * by the server's keyset cursors ("previous" / "next", the cursor in the URL). A table at 1440 px, cards at 390 px.
 */
export default function SiteRecallPage() {
  const t = useT('site-recall')
  const instant = useInstant()
  const [query, setQuery, reload] = useListLoad(siteRecallLoad)
  useLiveRefresh('updateSiteRecalls', reload)
  const state = useUnit(siteRecallList.$state)
  // The answer shown is for the tab on screen (the other tab's rows never flash under this one).
  const shown = state.query?.tab === query.tab ? state : { ...state, data: null }
  const done = query.tab === 'done'
  const columns = useMemo<DataColumn<SiteRecallItem>[]>(
    () => [
      { id: 'name', header: t('columns.name'), cell: r => <Text>{r.name}</Text>, isRowHeader: true, minWidth: 120 },
      {
        id: 'phone',
        header: t('columns.phone'),
        cell: r => <a href={`tel:+${r.phone}`}>{formatPhone(r.phone)}</a>,
        nowrap: true,
      },
      { id: 'comment', header: t('columns.comment'), cell: r => (r.comment ? <Text>{r.comment}</Text> : '—'), minWidth: 180 },
      { id: 'page', header: t('columns.page'), cell: r => <PageLink href={r.page} />, minWidth: 120 },
      { id: 'created', header: t('columns.created'), cell: r => instant(r.created_at), nowrap: true },
      {
        id: 'status',
        header: t('columns.status'),
        cell: r => (
          <Taker>
            <span>
              <Badge tone={r.status === SITE_RECALL_STATUS.new ? 'info' : r.status === SITE_RECALL_STATUS.work ? 'warning' : 'success'}>{t(`status.${r.status}`)}</Badge>
            </span>
            {r.status === SITE_RECALL_STATUS.done && r.done_at && <span>{instant(r.done_at)}</span>}
            <TakerCell item={r} />
          </Taker>
        ),
        minWidth: 150,
      },
    ],
    [t, instant],
  )

  return (
    <ListPage
      title={t('pages.list')}
      description={shown.data?.total_estimated ? `${t('totalAbout', { count: shown.data.total })} · ${t('live')}` : t('live')}
      tabs={{
        label: t('tabs.label'),
        selected: query.tab,
        onChange: tab => setQuery({ tab }),
        items: SITE_RECALL_TABS.map(tab => ({ id: tab, label: t(`tabs.${tab}`), count: state.data?.counts[tab] ?? null, countAbout: state.data?.counts_estimated[tab], 'data-testid': `site-recall-tab-${tab}` })),
      }}
      data-testid="site-recall-page"
    >
      <CursorTable
        state={shown}
        onCursor={cursor => setQuery({ cursor, page: 1 })}
        onRetry={reload}
        empty={{ title: t(done ? 'noneDone' : 'none') }}
        failedTitle={t('loadFailed')}
        aria-label={t(`tabs.${query.tab}`)}
        data-testid="site-recall-table"
        columns={columns}
        rowActions={done ? undefined : r => <RowActions item={r} onDone={reload} />}
      />
    </ListPage>
  )
}
