import { useUnit } from 'effector-react'
import { useCallback, useEffect, useRef, useState } from 'react'
import styled from 'styled-components'
import { Link, useLocation } from 'wouter'
import { actorOf } from '../../../core/access/actor'
import { $profile } from '../../../core/auth/model'
import { useT } from '../../../core/i18n/useT'
import type { PageProps } from '../../../core/plugin/types'
import { useRuntime } from '../../../core/react/runtime'
import { showToast, TOAST_PRESET } from '../../../core/toast/toast'
import { Badge } from '../../../core/ui/Badge'
import { EmptyState } from '../../../core/ui/EmptyState'
import { ErrorState } from '../../../core/ui/ErrorState'
import { PageHeader } from '../../../core/ui/PageHeader'
import { Slot } from '../../../core/ui/Slot'
import { Spinner } from '../../../core/ui/Spinner'
import { Row, Stack } from '../../../core/ui/Stack'
import { BIDS_PATH, bidsApi, type Bid, type BidHistory } from '../contract'
import { bidDocumentsApi, type BidDocuments } from '../documents'
import { ARCHIVE_REASON, serviceName } from '../services'
import { BidActions } from './bid/Actions'
import { Details } from './bid/Details'
import { Documents } from './bid/Documents'
import { useStatusLabels } from './bid/format'
import { History } from './bid/History'
import { useResource } from '../../../core/react/useResource'
import { Chats, Offers, Requests } from './bid/Requests'

const Loading = styled.div`
  display: flex;
  align-items: center;
  justify-content: center;
  gap: ${({ theme }) => theme.space.sm};
  padding: ${({ theme }) => theme.space.xl};
  color: ${({ theme }) => theme.color.textMuted};
`

/** The socket action the bids server sends after a bid changed (`{ id }`); the screen of that bid reads it again. */
const UPDATE_BIDS = 'updateBids'

/**
 * Re-reads the open bid when the server says it changed (`updateBids` for this id, or one without an id) and after
 * every (re)connection of the socket, when what was pushed meanwhile may be lost — useLiveRefresh's rule, narrowed to
 * this bid.
 */
function useBidLive(bidId: number, reload: () => void) {
  const { bus } = useRuntime()
  const latest = useRef(reload)
  latest.current = reload
  useEffect(() => {
    const sub = bus.on(['socket/action', 'socket/synced']).subscribe(e => {
      if (e.type === 'socket/synced') return latest.current()
      const { action, data } = e.payload as { action: string; data?: { id?: unknown } }
      if (action === UPDATE_BIDS && (data?.id === undefined || data.id === bidId)) latest.current()
    })
    return () => sub.unsubscribe()
  }, [bus, bidId])
}

/** /bids/{id} and /verificator/bid/{id}: one bid with everything this user may see of it and do with it. */
export default function BidPage({ params }: PageProps) {
  const raw = params.id ?? ''
  const id = /^\d{1,9}$/.test(raw) ? Number(raw) : 0
  if (id <= 0) return <NoSuchBid />
  return <BidScreen key={id} id={id} />
}

function NoSuchBid() {
  const t = useT('bids')
  const [location] = useLocation()
  const back = location.startsWith('/verificator') ? '/verificator' : BIDS_PATH
  return (
    <div data-testid="bid-missing">
      <EmptyState title={t('messages.noSuchNumber')} description={t('bid.notFoundHint')} action={<Link href={back}>{t('bid.back')}</Link>} />
    </div>
  )
}

function BidScreen({ id }: { id: number }) {
  const t = useT('bids')
  const { api, bus } = useRuntime()
  const profile = useUnit($profile)
  const [location] = useLocation()
  const labels = useStatusLabels()
  const [bid, reloadBid] = useResource<Bid>(bidsApi.bid(id))
  const [documents, reloadDocuments] = useResource<BidDocuments>(bidDocumentsApi.list(id))
  const [history, reloadHistory] = useResource<BidHistory>(bidsApi.history(id))
  const [version, setVersion] = useState(0)
  const reloadAll = useCallback(() => {
    reloadBid()
    reloadDocuments()
    reloadHistory()
    setVersion(v => v + 1)
  }, [reloadBid, reloadDocuments, reloadHistory])
  useBidLive(id, reloadAll)

  const back = location.startsWith('/verificator') ? '/verificator' : BIDS_PATH
  if (bid.status === 'missing') return <NoSuchBid />
  if (bid.data === null) {
    if (bid.status === 'failed') {
      return (
        <div data-testid="bid-failed">
          <ErrorState title={t('bid.loadFailed')} message={bid.failure.message} retryLabel={t('bid.retry')} onRetry={reloadBid} />
        </div>
      )
    }
    return (
      <Loading role="status" aria-live="polite">
        <Spinner size={18} />
        {t('bid.loading')}
      </Loading>
    )
  }
  if (!profile) return null
  const actor = actorOf(profile)
  const data = bid.data

  /** After any change: "bid updated" (SPEC §8) and everything read again. */
  const changed = () => {
    showToast(bus, { ...TOAST_PRESET.bidUpdated, text: t('messages.updated') }, 'ui')
    reloadAll()
  }
  const act = <T,>(call: Promise<T>) =>
    call.then(result => {
      changed()
      return result
    })
  const service = serviceName(data.service_type)
  const archived = data.archive_reason ? Object.entries(ARCHIVE_REASON).find(([, code]) => code === data.archive_reason)?.[0] : undefined

  return (
    <Stack gap="lg" data-testid="bid-screen" aria-busy={bid.status === 'loading' || undefined}>
      <PageHeader
        before={<Link href={back}>{t('bid.back')}</Link>}
        title={t('messages.number', { id: data.id })}
        actions={<Slot slot="bids/pageActions" props={{ bidId: data.id }} />}
        description={
          <Row gap="sm" wrap>
            <span data-testid="bid-service">{service ? t(`services.${service}`) : data.service_type}</span>
            <span aria-hidden="true">·</span>
            <span data-testid="bid-company">{data.company.name ?? t('bid.noCompanyName')}</span>
            <Badge tone={data.status === 13 || data.status === 6 ? 'error' : data.status === 200 ? 'success' : 'primary'} data-testid="bid-status">
              {labels.bid(data.status)}
            </Badge>
            {data.archived_at && <Badge tone="warning">{archived ? t('bid.archivedFor', { reason: t(`archiveReasons.${archived}`) }) : t('bid.archived')}</Badge>}
          </Row>
        }
      />
      {bid.status === 'failed' && (
        <ErrorState title={t('bid.loadFailed')} message={bid.failure.message} retryLabel={t('bid.retry')} onRetry={reloadBid} />
      )}
      {data.decline_reason && data.status === 13 && (
        <p>
          <strong>{t('bid.declineReason')}</strong> {data.decline_reason}
        </p>
      )}
      <section aria-label={t('bid.sections.actions')}>
        <BidActions
          bid={data}
          actor={actor}
          onAction={(action, input) => act(api.post(bidsApi.action(id, action), input ?? {}))}
          onArchive={reason => act(api.post(bidsApi.archive(id), { reason }, { quiet: true }))}
          onRestore={() => act(api.post(bidsApi.restore(id), {}))}
          onGenerate={() => act(api.post(bidDocumentsApi.generate(id), {}))}
        />
      </section>
      <Details bid={data} />
      <Documents bidId={id} companyId={data.company.id} state={documents} reload={reloadDocuments} onChanged={changed} />
      <Requests
        requests={data.requests}
        actor={actor}
        onAction={(request, action, input) => act(api.post(bidsApi.requestAction(id, request.id, action), input ?? {}))}
      />
      <Offers
        requests={data.requests}
        actor={actor}
        onAction={(request, action, input) => act(api.post(bidsApi.requestAction(id, request.id, action), input ?? {}))}
      />
      <Chats bidId={id} requests={data.requests} actor={actor} version={version} />
      <History state={history} requests={data.requests} />
    </Stack>
  )
}
