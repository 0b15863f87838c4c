import { useCallback, useEffect, useRef, useState } from 'react'
import styled from 'styled-components'
import { useSearch } from 'wouter'
import { asFailure } from '../../../../core/api/client'
import type { Failure } from '../../../../core/api/envelope'
import { useT } from '../../../../core/i18n/useT'
import { useRuntime } from '../../../../core/react/runtime'
import { Alert } from '../../../../core/ui/Alert'
import { Badge } from '../../../../core/ui/Badge'
import { ErrorState } from '../../../../core/ui/ErrorState'
import { Spinner } from '../../../../core/ui/Spinner'
import { Row, Stack } from '../../../../core/ui/Stack'
import { serviceName } from '../../services'
import { BID_STATUS, canonicalBidStatus } from '../../workflow'
import { LIVE_LINK_REVOKED_CODE, type LiveView } from '../contract'
import { PublicFrame } from './PublicFrame'

export const liveApi = { view: (hash: string) => `v1/live/${encodeURIComponent(hash)}` }

/**
 * How often /live asks again. There is no socket for people without an account (the socket opens with a session's
 * ticket), so the page polls on the runtime's clock; a status change shows within this time.
 */
export const LIVE_POLL_MS = 10_000

const Facts = styled.dl`
  display: grid;
  grid-template-columns: max-content 1fr;
  gap: ${({ theme }) => theme.space.sm} ${({ theme }) => theme.space.lg};
  margin: 0;
  dt {
    color: ${({ theme }) => theme.color.textMuted};
  }
  dd {
    margin: 0;
    overflow-wrap: anywhere;
  }
  @media (max-width: 480px) {
    grid-template-columns: 1fr;
    dd {
      margin-bottom: ${({ theme }) => theme.space.sm};
    }
  }
`
const Timeline = styled.ol`
  list-style: none;
  margin: 0;
  padding: 0 0 0 ${({ theme }) => theme.space.md};
  border-left: 2px solid ${({ theme }) => theme.color.border};
  display: grid;
  gap: ${({ theme }) => theme.space.md};
  time {
    display: block;
    color: ${({ theme }) => theme.color.textMuted};
    font-size: ${({ theme }) => theme.font.size.sm};
  }
`
/** A client-side status code → its name in the bids pack (`workflow.status.statuses.<name>`); legacy codes read as theirs. */
const STATUS_NAMES = new Map<number, string>(Object.entries(BID_STATUS).map(([name, code]) => [code, name]))

const Note = styled.p`
  color: ${({ theme }) => theme.color.textMuted};
  font-size: ${({ theme }) => theme.font.size.sm};
  margin: 0;
`

type Load = { status: 'loading' } | { status: 'loaded'; view: LiveView } | { status: 'failed'; failure: Failure | null }

/** /live?h={hash}: one bid's status and timeline for someone without an account. Public, bare; refreshes itself. */
export default function LivePage() {
  const t = useT('bids')
  const { api, bus, i18n } = useRuntime()
  const hash = new URLSearchParams(useSearch()).get('h') ?? ''
  const [load, setLoad] = useState<Load>(hash ? { status: 'loading' } : { status: 'failed', failure: null })
  const current = useRef(load)
  current.current = load

  const fetchView = useCallback(
    (quietly: boolean) => {
      if (!hash) return
      if (!quietly) setLoad({ status: 'loading' })
      api
        .get<LiveView>(liveApi.view(hash), { quiet: true, sessionRedirect: false })
        .then(view => setLoad({ status: 'loaded', view }))
        .catch((e: unknown) => {
          // A failed poll keeps what is on screen; only a first load (or a revoked link) shows the failure.
          const failure = asFailure(e)
          if (!quietly || current.current.status !== 'loaded' || failure.code === LIVE_LINK_REVOKED_CODE) setLoad({ status: 'failed', failure })
        })
    },
    [api, hash],
  )
  useEffect(() => {
    fetchView(false)
    return bus.clock.setInterval(() => fetchView(true), LIVE_POLL_MS)
  }, [bus, fetchView])

  const locale = i18n.language === 'en' ? 'en-GB' : 'ru-RU'
  const statusLabel = (code: number) => {
    const name = STATUS_NAMES.get(canonicalBidStatus(code))
    return name ? t(`workflow.status.statuses.${name}`) : t('live.statusOther', { code })
  }
  const at = (iso: string) => new Date(iso).toLocaleString(locale, { dateStyle: 'long', timeStyle: 'short' })

  if (load.status === 'loading')
    return (
      <PublicFrame testId="live-page">
        <Row>
          <Spinner label={t('live.loading')} />
          <span>{t('live.loading')}</span>
        </Row>
      </PublicFrame>
    )
  if (load.status === 'failed')
    return (
      <PublicFrame testId="live-page">
        {load.failure?.code === LIVE_LINK_REVOKED_CODE ? (
          <Alert kind="warning" title={t('live.revoked')}>
            {t('live.unavailableText')}
          </Alert>
        ) : (
          <ErrorState
            title={t('live.unavailable')}
            message={load.failure ? (load.failure.message ?? t('live.unavailableText')) : t('live.noHash')}
            {...(hash ? { retryLabel: t('live.retry'), onRetry: () => fetchView(false) } : {})}
          />
        )}
      </PublicFrame>
    )

  const { view } = load
  const amount = view.amount === null ? null : Number(view.amount)
  return (
    <PublicFrame testId="live-page">
      <Stack gap="lg">
        <div>
          <h1>{t('live.title', { number: view.number })}</h1>
          <Note>{t('live.liveNote')}</Note>
        </div>
        <Facts>
          <dt>{t('live.status')}</dt>
          <dd aria-live="polite" data-testid="live-status">
            <Badge tone="primary">{statusLabel(view.status)}</Badge>
          </dd>
          <dt>{t('live.service')}</dt>
          <dd>{t(`services.${serviceName(view.service_type) ?? 'bankGuarantee'}`)}</dd>
          {amount !== null && Number.isFinite(amount) && (
            <>
              <dt>{t('live.amount')}</dt>
              <dd>{amount.toLocaleString(locale, { style: 'currency', currency: 'RUB' })}</dd>
            </>
          )}
        </Facts>
        <Note>{t('live.updated', { at: at(view.updated_at) })}</Note>
        <section aria-labelledby="live-history">
          <h2 id="live-history">{t('live.history')}</h2>
          {view.history.length === 0 ? (
            <Note>{t('live.historyEmpty')}</Note>
          ) : (
            <Timeline data-testid="live-history">
              {view.history.map((line, i) => (
                <li key={i}>
                  <time dateTime={line.at}>{at(line.at)}</time>
                  {t('live.movedTo', { status: statusLabel(line.status) })}
                </li>
              ))}
            </Timeline>
          )}
        </section>
      </Stack>
    </PublicFrame>
  )
}
