import { useUnit } from 'effector-react'
import { useMemo, useState } from 'react'
import styled from 'styled-components'
import { $locale } from '../../../core/i18n/model'
import { useT } from '../../../core/i18n/useT'
import { useDispatch } from '../../../core/react/runtime'
import { Badge, type BadgeTone } from '../../../core/ui/Badge'
import type { DataColumn } from '../../../core/ui/list/DataTable'
import { ListPage } from '../../../core/ui/list/ListPage'
import { CursorTable } from '../../../core/ui/list/CursorTable'
import { ToggleFilter } from '../../../core/ui/list/ToggleFilter'
import { useListLoad } from '../../../core/ui/list/useListLoad'
import { Button } from '../../../core/ui/Button'
import { formatPhone } from '../../../core/validation/phone'
import type { SmsItem, SmsStatus } from '../contract'
import { SMS_FILTERS, smsLoad } from '../loads'
import { smsList } from '../model'

const TONE: Record<SmsStatus, BadgeTone> = { 1: 'info', 2: 'success', 3: 'error' }

const Text = styled.span`
  overflow-wrap: anywhere;
`
const ErrorText = styled.span`
  color: ${({ theme }) => theme.color.errorText};
  overflow-wrap: anywhere;
`

function useInstant() {
  const locale = useUnit($locale)
  return useMemo(() => {
    const format = new Intl.DateTimeFormat(locale === 'ru' ? 'ru-RU' : 'en-GB', { dateStyle: 'short', timeStyle: 'short' })
    return (iso: string | null) => (iso ? format.format(new Date(iso)) : '—')
  }, [locale])
}

/** "Resend" of a failed SMS: busy while the request runs, then the page is read again. */
function ResendButton({ sms, onDone }: { sms: SmsItem; onDone: () => void }) {
  const t = useT('sms')
  const dispatch = useDispatch()
  const [busy, setBusy] = useState(false)
  if (sms.status !== 3) return null
  return (
    <Button
      size="sm"
      isPending={busy}
      aria-label={t('resendLabel', { phone: formatPhone(sms.phone) })}
      onPress={async () => {
        setBusy(true)
        await dispatch('sms/resend', { id: sms.id })
        setBusy(false)
        onDone()
      }}
      data-testid={`sms-resend-${sms.id}`}
    >
      {t('resend')}
    </Button>
  )
}

/**
 * /sms (issue 13 §4, administrators): the SMS outbox newest first — recipient, text with codes masked by the server,
 * when created and sent, status, the gateway's error and attempts — filtered by status, searched by the recipient's
 * phone, with "resend" on failed SMS. A table at 1440 px, cards at 390 px.
 */
export default function SmsPage() {
  const t = useT('sms')
  const instant = useInstant()
  const [query, setQuery, reload] = useListLoad(smsLoad)
  const state = useUnit(smsList.$state)
  const columns = useMemo<DataColumn<SmsItem>[]>(
    () => [
      { id: 'recipient', header: t('columns.recipient'), cell: s => formatPhone(s.phone), isRowHeader: true, nowrap: true },
      { id: 'text', header: t('columns.text'), cell: s => <Text>{s.text}</Text>, minWidth: 240 },
      { id: 'created', header: t('columns.created'), cell: s => instant(s.created_at), nowrap: true },
      { id: 'sent', header: t('columns.sent'), cell: s => instant(s.sent_at), nowrap: true },
      { id: 'status', header: t('columns.status'), cell: s => <Badge tone={TONE[s.status]}>{t(`status.${s.status}`)}</Badge> },
      { id: 'error', header: t('columns.error'), cell: s => (s.error ? <ErrorText>{s.error}</ErrorText> : '—'), minWidth: 160 },
      { id: 'attempts', header: t('columns.attempts'), cell: s => s.attempts, align: 'end' },
    ],
    [t, instant],
  )
  const filtered = query.status !== 'all' || query.q !== ''

  return (
    <ListPage
      title={t('pages.list')}
      description={state.data ? `${t(state.data.total_estimated ? 'totalAbout' : 'total', { count: state.data.total })} · ${t('masked')}` : t('masked')}
      search={{ label: t('search'), placeholder: t('searchPlaceholder'), value: query.q, onSearch: q => setQuery({ q }, { replace: true }), 'data-testid': 'sms-search' }}
      filters={
        <ToggleFilter
          label={t('filter.label')}
          options={SMS_FILTERS.map(id => ({ id, label: id === 'all' ? t('filter.all') : t(`status.${id}`) }))}
          value={query.status}
          onChange={status => setQuery({ status })}
        />
      }
      data-testid="sms-page"
    >
      <CursorTable
        state={state}
        onCursor={cursor => setQuery({ cursor, page: 1 })}
        onRetry={reload}
        isFiltered={filtered}
        empty={{ title: t(filtered ? 'noneFound' : 'none') }}
        failedTitle={t('loadFailed')}
        aria-label={t('pages.list')}
        data-testid="sms-table"
        columns={columns}
        rowActions={s => <ResendButton sms={s} onDone={reload} />}
      />
    </ListPage>
  )
}
