import { useUnit } from 'effector-react'
import { useCallback } from 'react'
import styled from 'styled-components'
import { Link } from 'wouter'
import { $profile } from '../../../../core/auth/model'
import { useT } from '../../../../core/i18n/useT'
import type { PageProps } from '../../../../core/plugin/types'
import { EmptyState } from '../../../../core/ui/EmptyState'
import { ErrorState } from '../../../../core/ui/ErrorState'
import { PageHeader } from '../../../../core/ui/PageHeader'
import { Spinner } from '../../../../core/ui/Spinner'
import { SHOW_TENDER_API, TENDERS_API, type TenderCallback, type TenderComment, type TenderContact, type TenderDetails, type TenderHistoryEvent } from '../../contract'
import { Callbacks, Contacts } from './Activity'
import { TenderActions } from './Actions'
import { Participation, TenderCard, WinnerCard } from './Cards'
import { Comments } from './Comments'
import { History } from './History'
import { useResource } from '../../../../core/react/useResource'
import { useTenderLive } from './load'

const REGISTRY = '/tenders'

const Loading = styled.div`
  display: flex;
  align-items: center;
  justify-content: center;
  gap: ${({ theme }) => theme.space.sm};
  padding: ${({ theme }) => theme.space.xl};
  color: ${({ theme }) => theme.color.textMuted};
`

/** Two columns on a wide screen (the tender on the left, the work on it on the right), one on a phone. */
const Columns = styled.div`
  display: grid;
  gap: ${({ theme }) => theme.space.lg};
  grid-template-columns: repeat(auto-fit, minmax(min(100%, 480px), 1fr));
  align-items: start;
  & > div {
    display: grid;
    gap: ${({ theme }) => theme.space.lg};
    min-width: 0;
  }
`

/** /tenders/{id} (ShowTender, issue 12 §2): the winner, the tender, the work on it, live. */
export default function ShowTenderPage({ params }: PageProps) {
  const raw = params.id ?? ''
  const id = /^\d{1,9}$/.test(raw) ? Number(raw) : 0
  if (id <= 0) return <NoSuchTender />
  return <TenderScreen key={id} id={id} />
}

function NoSuchTender() {
  const t = useT('tenders')
  return (
    <div data-testid="tender-missing">
      <EmptyState title={t('show.missing')} description={t('show.missingHint')} action={<Link href={REGISTRY}>{t('show.back')}</Link>} />
    </div>
  )
}

function TenderScreen({ id }: { id: number }) {
  const t = useT('tenders')
  const profile = useUnit($profile)
  const [tender, reloadTender] = useResource<TenderDetails>(TENDERS_API.one(id))
  const [history, reloadHistory] = useResource<TenderHistoryEvent[]>(TENDERS_API.history(id))
  const [contacts, reloadContacts] = useResource<TenderContact[]>(SHOW_TENDER_API.contacts(id))
  const [callbacks, reloadCallbacks] = useResource<TenderCallback[]>(SHOW_TENDER_API.callbacks(id))
  const [comments, reloadComments] = useResource<TenderComment[]>(SHOW_TENDER_API.comments(id))
  const reloadAll = useCallback(() => {
    reloadTender()
    reloadHistory()
    reloadContacts()
    reloadCallbacks()
    reloadComments()
  }, [reloadTender, reloadHistory, reloadContacts, reloadCallbacks, reloadComments])
  useTenderLive(id, reloadAll)

  if (tender.status === 'missing') return <NoSuchTender />
  if (tender.data === null) {
    if (tender.status === 'failed') {
      return (
        <div data-testid="tender-failed">
          <ErrorState title={t('show.loadFailed')} message={tender.failure.message} retryLabel={t('show.retry')} onRetry={reloadTender} />
        </div>
      )
    }
    return (
      <Loading role="status" aria-live="polite">
        <Spinner size={18} />
        {t('show.loading')}
      </Loading>
    )
  }
  const data = tender.data
  return (
    <div data-testid="tender-screen">
      <PageHeader
        before={<Link href={REGISTRY}>{t('show.back')}</Link>}
        title={t('show.title', { number: data.notification_number })}
        description={data.name}
        actions={profile && <TenderActions tender={data} profileId={profile.id} changed={reloadTender} />}
      />
      <Columns>
        <div>
          <WinnerCard tender={data} />
          <TenderCard tender={data} />
          <Participation items={data.participation} />
        </div>
        <div>
          <Contacts tenderId={id} state={contacts} />
          <Callbacks tenderId={id} state={callbacks} changed={reloadCallbacks} />
          <Comments tenderId={id} state={comments} changed={reloadComments} />
          <History state={history} />
        </div>
      </Columns>
    </div>
  )
}
