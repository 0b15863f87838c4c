import { useUnit } from 'effector-react'
import { useMemo } from 'react'
import styled from 'styled-components'
import { useT } from '../../../core/i18n/useT'
import { Badge } from '../../../core/ui/Badge'
import type { DataColumn } from '../../../core/ui/list/DataTable'
import { ListPage } from '../../../core/ui/list/ListPage'
import { CursorTable } from '../../../core/ui/list/CursorTable'
import { useListLoad } from '../../../core/ui/list/useListLoad'
import { useLiveRefresh } from '../../../core/ui/list/useLiveRefresh'
import { showPhone, type ChatUser } from '../contract'
import { leadUsersLoad } from '../loads'
import { leadUsersList } from '../model'
import { useLeadFormat } from './format'

const Text = styled.span`
  overflow-wrap: anywhere;
`
const Counts = styled.span`
  display: inline-flex;
  flex-wrap: wrap;
  align-items: center;
  gap: ${({ theme }) => theme.space.xs};
`

/**
 * /leads-users (issue 14 §3, roles 150, 170, 100): the chat bot's users with their lead counts, the newest lead's
 * first; a lead the bot delivers appears by itself (the socket's updateLeads). A table at 1440 px, cards at 390 px.
 */
export default function LeadUsersPage() {
  const t = useT('leads')
  const f = useLeadFormat()
  const [, setQuery, reload] = useListLoad(leadUsersLoad)
  useLiveRefresh('updateLeads', reload)
  const state = useUnit(leadUsersList.$state)
  const columns = useMemo<DataColumn<ChatUser>[]>(
    () => [
      { id: 'name', header: t('users.name'), cell: u => <Text>{u.name}</Text>, isRowHeader: true, minWidth: 140 },
      { id: 'phone', header: t('users.phone'), cell: u => (u.phone ? <a href={`tel:+${u.phone}`}>{showPhone(u.phone)}</a> : '—'), nowrap: true },
      { id: 'username', header: t('users.username'), cell: u => (u.username ? <Text>@{u.username}</Text> : '—') },
      {
        id: 'leads',
        header: t('users.leads'),
        cell: u => (
          <Counts data-testid={`lead-user-count-${u.chat_id}`}>
            <span>{u.leads}</span>
            {u.leads_new > 0 && <Badge tone="info">{t('users.new', { count: u.leads_new })}</Badge>}
          </Counts>
        ),
      },
      { id: 'last', header: t('users.last'), cell: u => f.instant(u.last_lead_at), nowrap: true },
    ],
    [t, f],
  )
  return (
    <ListPage title={t('pages.users')} description={t('users.live')} data-testid="lead-users-page">
      <CursorTable
        state={state}
        onCursor={cursor => setQuery({ cursor, page: 1 })}
        onRetry={reload}
        empty={{ title: t('users.none') }}
        failedTitle={t('users.loadFailed')}
        aria-label={t('pages.users')}
        data-testid="lead-users-table"
        columns={columns}
        rowKey={u => u.chat_id}
        rowHref={u => `/leads-users/${u.chat_id}/leads`}
      />
    </ListPage>
  )
}
