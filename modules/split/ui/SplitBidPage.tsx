import { useUnit } from 'effector-react'
import { useEffect, useMemo, useRef, useState } from 'react'
import styled from 'styled-components'
import { Link } from 'wouter'
import { actorOf } from '../../../core/access/actor'
import { saveBlob } from '../../../core/api/save-blob'
import { $profile } from '../../../core/auth/model'
import { useT } from '../../../core/i18n/useT'
import type { PageProps } from '../../../core/plugin/types'
import { useRuntime } from '../../../core/react/runtime'
import { useResource } from '../../../core/react/useResource'
import { Alert } from '../../../core/ui/Alert'
import { Button } from '../../../core/ui/Button'
import { Panel } from '../../../core/ui/Card'
import { EmptyState } from '../../../core/ui/EmptyState'
import { ErrorState } from '../../../core/ui/ErrorState'
import { DataTable, type DataColumn } from '../../../core/ui/list/DataTable'
import { PageHeader } from '../../../core/ui/PageHeader'
import { SelectField } from '../../../core/ui/SelectField'
import { Spinner } from '../../../core/ui/Spinner'
import { Row, Stack } from '../../../core/ui/Stack'
import { WorkflowActions } from '../../../core/ui/WorkflowActions'
import { FactList } from '../../../core/ui/FactList'
import { actionPath } from '../../../core/workflow/keys'
import { SPLIT_API, TRANSACTION_TYPES, type SplitBidDetails, type SplitTransaction } from '../contract'
import { splitWorkflow, TRANSACTION_TYPE } from '../workflow'
import { useSplitFormat } from './format'
import { ScheduleTable } from './ScheduleTable'
import { SplitStatusBadge, TransactionStatusBadge } from './StatusBadge'

const Grid = styled.div`
  display: grid;
  grid-template-columns: minmax(0, 1fr) minmax(0, 1fr);
  gap: ${({ theme }) => theme.space.lg};
  align-items: start;
  @media ${({ theme }) => theme.media.compact} {
    grid-template-columns: minmax(0, 1fr);
  }
`
const Center = styled.div`
  display: flex;
  justify-content: center;
  padding: ${({ theme }) => theme.space.xxl};
`
const HistoryList = styled.ol`
  margin: 0;
  padding: 0;
  list-style: none;
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space.sm};
  li {
    overflow-wrap: anywhere;
  }
  small {
    display: block;
    color: ${({ theme }) => theme.color.textMuted};
  }
`

/**
 * Re-reads the open bid when the server says it changed (`updateSplitBids` for this id, or one without an id) and
 * after every (re)connection of the socket, when what was pushed meanwhile may be lost — useLiveRefresh's rule,
 * narrowed to this bid.
 */
function useSplitBidLive(bidId: number, reload: () => void) {
  const { bus } = useRuntime()
  const latest = useRef(reload)
  latest.current = reload
  useEffect(() => {
    const sub = bus.on(['socket/action', 'socket/synced']).subscribe(e => {
      if (e.type === 'socket/synced') return latest.current()
      const { action, data } = e.payload as { action: string; data?: { id?: unknown } }
      if (action === 'updateSplitBids' && (data?.id === undefined || data.id === bidId)) latest.current()
    })
    return () => sub.unsubscribe()
  }, [bus, bidId])
}

/** /split-bids/{id} (issue 14 §2): the bid, its actions, transactions, payment schedule (with download) and history. */
export default function SplitBidPage({ params }: PageProps) {
  const id = /^\d{1,9}$/.test(params.id ?? '') ? Number(params.id) : null
  const t = useT('split')
  if (id === null) return <EmptyState title={t('details.notFound')} action={<Link href="/split-bids">{t('details.back')}</Link>} />
  return <BidScreen key={id} id={id} />
}

function BidScreen({ id }: { id: number }) {
  const t = useT('split')
  const f = useSplitFormat()
  const { api } = useRuntime()
  const profile = useUnit($profile)
  const [bid, reload] = useResource<SplitBidDetails>(SPLIT_API.one(id))
  // A colleague moved this bid (verified, declined, paid…): read it again.
  useSplitBidLive(id, reload)
  const [payment, setPayment] = useState<string>(String(TRANSACTION_TYPE.requisites))
  const [downloadFailed, setDownloadFailed] = useState(false)
  const [downloading, setDownloading] = useState(false)

  const txColumns = useMemo<DataColumn<SplitTransaction>[]>(
    () => [
      { id: 'id', header: t('details.transactionColumns.id'), isRowHeader: true, nowrap: true, cell: x => `№ ${x.id}` },
      { id: 'type', header: t('details.transactionColumns.type'), cell: x => t(`transaction.type.${x.type}`) },
      { id: 'amount', header: t('details.transactionColumns.amount'), align: 'end', nowrap: true, cell: x => f.money(x.amount) },
      { id: 'status', header: t('details.transactionColumns.status'), cell: x => <TransactionStatusBadge status={x.status} /> },
      { id: 'updated', header: t('details.transactionColumns.updated'), nowrap: true, cell: x => f.instant(x.updated_at) },
    ],
    [t, f],
  )

  if (bid.status === 'missing')
    return (
      <div data-testid="split-missing">
        <EmptyState title={t('details.notFound')} action={<Link href="/split-bids">{t('details.back')}</Link>} />
      </div>
    )
  if (bid.data === null) {
    if (bid.status === 'failed') return <ErrorState title={t('details.loadFailed')} message={bid.failure.message} retryLabel={t('details.retry')} onRetry={reload} />
    return (
      <Center>
        <Spinner label={t('details.loading')} />
      </Center>
    )
  }
  const data = bid.data

  async function download() {
    setDownloading(true)
    setDownloadFailed(false)
    try {
      const file = await api.download(SPLIT_API.scheduleCsv(data.id), { quiet: true })
      saveBlob(file.blob, file.name ?? `split-bid-${data.id}-schedule.csv`)
    } catch {
      setDownloadFailed(true)
    } finally {
      setDownloading(false)
    }
  }

  const statusName = (code: number) => t(`workflow.status.statuses.${splitWorkflow.statusName(code) ?? 'notActivated'}`)

  return (
    <Stack gap="lg" data-testid="split-bid-page">
      <PageHeader
        before={<Link href="/split-bids">← {t('details.back')}</Link>}
        title={t('pages.bidNumber', { id: data.id })}
        description={
          <>
            <span>{data.full_name}</span>{' '}
            <span data-testid="split-status">
              <SplitStatusBadge status={data.status} />
            </span>
          </>
        }
        actions={
          profile && data.allowed.length > 0 ? (
            <Row gap="sm" wrap align="end">
              {data.allowed.includes('goToPayment') && (
                <SelectField
                  label={t('details.paymentType')}
                  value={payment}
                  onChange={setPayment}
                  options={TRANSACTION_TYPES.map(x => ({ value: String(x), label: t(`transaction.type.${x}`) }))}
                />
              )}
              <WorkflowActions
                workflow={splitWorkflow}
                status={data.status}
                actor={actorOf(profile)}
                variants={{ verified: 'primary', goToPayment: 'primary', clientPaid: 'primary', complete: 'primary' }}
                isDisabled={bid.status === 'loading'}
                onAction={async (action, input) => {
                  try {
                    await api.post(SPLIT_API.action(data.id, actionPath(action)), action === 'goToPayment' ? { type: Number(payment) } : (input ?? {}))
                  } finally {
                    reload()
                  }
                }}
              />
            </Row>
          ) : undefined
        }
      />
      {data.status === 5 && data.decline_reason && <Alert kind="error">{`${t('details.declineReason')}: ${data.decline_reason}`}</Alert>}
      {data.status === 10 && data.rework_comment && <Alert kind="warning">{`${t('details.reworkComment')}: ${data.rework_comment}`}</Alert>}
      <Grid>
        <Panel title={t('details.client')}>
          <FactList data-testid="split-client-fields">
            <dt>{t('details.fields.full_name')}</dt>
            <dd>{data.full_name}</dd>
            <dt>{t('details.fields.phone')}</dt>
            <dd>{f.phone(data.phone)}</dd>
            <dt>{t('details.fields.gender')}</dt>
            <dd>{t(`gender.${data.gender}`)}</dd>
            <dt>{t('details.fields.address')}</dt>
            <dd>{data.address}</dd>
            <dt>{t('details.passport')}</dt>
            <dd>
              {data.passport_series} {data.passport_number}, {f.date(data.passport_issued)}, {data.passport_issuer}
            </dd>
            <dt>{t('details.author')}</dt>
            <dd>{data.author?.full_name ?? '—'}</dd>
            <dt>{t('details.fields.created_at')}</dt>
            <dd>{f.instant(data.created_at)}</dd>
          </FactList>
        </Panel>
        <Panel title={t('details.terms')}>
          <FactList data-testid="split-terms">
            <dt>{t('details.fields.tariff')}</dt>
            <dd>{t(`tariff.${data.tariff}`)}</dd>
            <dt>{t('details.fields.amount')}</dt>
            <dd>{f.money(data.amount)}</dd>
            <dt>{t('details.fields.term')}</dt>
            <dd>{t('list.months', { count: data.term })}</dd>
            <dt>{t('details.fields.percent')}</dt>
            <dd>{f.percent(data.percent)}</dd>
            <dt>{t('details.fields.bonus')}</dt>
            <dd>{f.percent(data.bonus)}</dd>
            <dt>{t('details.fields.payout')}</dt>
            <dd>{t(`payout.${data.payout}`)}</dd>
            <dt>{t('details.fields.start_date')}</dt>
            <dd>{f.date(data.start_date)}</dd>
          </FactList>
        </Panel>
      </Grid>
      <Panel title={t('details.transactions')}>
        {data.transactions.length === 0 ? (
          <p data-testid="split-no-transactions">{t('details.noTransactions')}</p>
        ) : (
          <DataTable aria-label={t('details.transactions')} columns={txColumns} rows={data.transactions} narrow="cards" data-testid="split-transactions" />
        )}
      </Panel>
      <Panel
        title={`${t('schedule.title')} · ${t('schedule.rows', { count: data.schedule.rows.length })}`}
        actions={
          <Button size="sm" onPress={() => void download()} isPending={downloading} data-testid="split-download">
            {t('schedule.download')}
          </Button>
        }
      >
        <Stack gap="md">
          {downloadFailed && <Alert kind="error">{t('schedule.downloadFailed')}</Alert>}
          <ScheduleTable schedule={data.schedule} format={f} />
        </Stack>
      </Panel>
      <Panel title={t('details.history')}>
        {data.history.length === 0 ? (
          <p>{t('details.noHistory')}</p>
        ) : (
          <HistoryList data-testid="split-history">
            {data.history.map(h => (
              <li key={h.id}>
                {t(`workflow.status.actions.${h.action}`)}: {statusName(h.from)} → {statusName(h.to)}
                {h.input && typeof h.input.reason === 'string' && ` — ${h.input.reason}`}
                {h.input && typeof h.input.comment === 'string' && ` — ${h.input.comment}`}
                <small>
                  {h.user?.name ?? '—'}, {f.instant(h.at)}
                </small>
              </li>
            ))}
          </HistoryList>
        )}
      </Panel>
    </Stack>
  )
}
