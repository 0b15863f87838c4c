import { useMemo } from 'react'
import styled from 'styled-components'
import { Link } from 'wouter'
import { useT } from '../../../core/i18n/useT'
import type { PageProps } from '../../../core/plugin/types'
import { useResource } from '../../../core/react/useResource'
import { Panel } from '../../../core/ui/Card'
import { EmptyState } from '../../../core/ui/EmptyState'
import { DataTable, type DataColumn } from '../../../core/ui/list/DataTable'
import { useLiveRefresh } from '../../../core/ui/list/useLiveRefresh'
import { PageHeader } from '../../../core/ui/PageHeader'
import { Stack } from '../../../core/ui/Stack'
import { leadsApi, showPhone, type ChatUserLeads, type Lead } from '../contract'
import { chatIdOf, Fields, LeadStatusBadge, Missing, Resource } from './common'
import { useLeadFormat } from './format'

const Text = styled.span`
  overflow-wrap: anywhere;
`

/** /leads-users/{chat_id}/leads: who the chat user is and every lead they left, newest first. */
export default function ChatLeadsPage({ params }: PageProps) {
  const chatId = chatIdOf(params.chat_id)
  if (chatId === null) return <Missing testId="chat-leads-missing" />
  return <ChatLeads key={chatId} chatId={chatId} />
}

function ChatLeads({ chatId }: { chatId: number }) {
  const t = useT('leads')
  const f = useLeadFormat()
  const [state, reload] = useResource<ChatUserLeads>(leadsApi.leads(chatId))
  useLiveRefresh('updateLeads', reload)
  const columns = useMemo<DataColumn<Lead>[]>(
    () => [
      { id: 'request', header: t('lead.request'), cell: l => <Text>{l.request}</Text>, isRowHeader: true, minWidth: 200 },
      { id: 'amount', header: t('lead.amount'), cell: l => f.rubles(l.amount), nowrap: true, align: 'end' },
      { id: 'company', header: t('lead.company'), cell: l => <Text>{l.company ?? '—'}</Text> },
      { id: 'status', header: t('lead.status'), cell: l => <LeadStatusBadge status={l.status} /> },
      { id: 'created', header: t('lead.created'), cell: l => f.instant(l.created_at), nowrap: true },
    ],
    [t, f],
  )
  return (
    <Resource state={state} reload={reload} testId="chat-leads">
      {data => (
        <Stack gap="lg" data-testid="chat-leads-page">
          <PageHeader before={<Link href="/leads-users">← {t('details.backToUsers')}</Link>} title={data.user.name} description={t('pages.leads')} />
          <Panel title={t('details.chatUser')}>
            <Fields>
              <dt>{t('users.phone')}</dt>
              <dd>{data.user.phone ? <a href={`tel:+${data.user.phone}`}>{showPhone(data.user.phone)}</a> : '—'}</dd>
              <dt>{t('users.username')}</dt>
              <dd>{data.user.username ? `@${data.user.username}` : '—'}</dd>
              <dt>{t('details.chatId')}</dt>
              <dd>{data.user.chat_id}</dd>
            </Fields>
          </Panel>
          {data.items.length === 0 ? (
            <EmptyState title={t('details.noLeads')} />
          ) : (
            <DataTable
              aria-label={t('pages.leads')}
              columns={columns}
              rows={data.items}
              rowHref={l => `/leads-users/${chatId}/leads/${l.id}`}
              isBusy={state.status === 'loading'}
              narrow="cards"
              data-testid="chat-leads-table"
            />
          )}
        </Stack>
      )}
    </Resource>
  )
}
