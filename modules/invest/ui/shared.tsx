import { useUnit } from 'effector-react'
import { useEffect, useMemo, useRef, useState } from 'react'
import styled from 'styled-components'
import type { KeysetPage } from '../../../core/api/envelope'
import { $locale } from '../../../core/i18n/model'
import { useT } from '../../../core/i18n/useT'
import { useRuntime } from '../../../core/react/runtime'
import { useResource, type Loaded } from '../../../core/react/useResource'
import { Badge, type BadgeTone } from '../../../core/ui/Badge'
import { statusLabelKey } from '../../../core/workflow/keys'
import type { Currency } from '../contract'
import { INVEST_API } from '../contract'
import { formatMoney } from '../money'
import { DEAL_STATUS, dealWorkflow, OFFER_STATUS, offerWorkflow } from '../workflow'
import type { SocketActionMap } from '../../../core/socket/actions'

/**
 * A record's screen re-reads when the server says this offer or deal changed (the socket's `updateInvest` whose data
 * `concerns` it) and after every (re)connection, when what was pushed meanwhile may be lost — useLiveRefresh's rule,
 * narrowed to the record (a passed offer is pushed to every client; their open deals need not reload for it).
 */
export function useInvestLive(concerns: (data: SocketActionMap['updateInvest']) => boolean, reload: () => void): void {
  const { bus } = useRuntime()
  const latest = useRef({ concerns, reload })
  latest.current = { concerns, reload }
  useEffect(() => {
    const sub = bus.on(['socket/action', 'socket/synced']).subscribe(e => {
      if (e.type === 'socket/synced') return latest.current.reload()
      const { action, data } = e.payload as { action: string; data?: SocketActionMap['updateInvest'] }
      if (action === 'updateInvest' && latest.current.concerns(data ?? {})) latest.current.reload()
    })
    return () => sub.unsubscribe()
  }, [bus])
}

/**
 * A keyset-paged list (issue 16) read from `path` (its view and filters, with a `?`) at the page of the server's
 * cursor, kept in the screen's state as its view and filters are. The cursor belongs to the path it was given for:
 * another view, filter or tab is its first page without each control saying so. A page read from a cursor that comes
 * back empty — its offers were decided or its deals moved on meanwhile and a live refresh read it again — has no
 * pager to go on or back with, so the list goes back to its first page.
 */
export function useCursorList<T>(path: string): { list: Loaded<KeysetPage<T>>; reload: () => void; toPage: (cursor: string | null) => void } {
  const [at, setAt] = useState<{ path: string; cursor: string | null }>({ path, cursor: null })
  const cursor = at.path === path ? at.cursor : null
  const [list, reload] = useResource<KeysetPage<T>>(cursor === null ? path : `${path}&cursor=${encodeURIComponent(cursor)}`)
  const stranded = cursor !== null && list.status === 'loaded' && list.data.items.length === 0
  useEffect(() => {
    if (stranded) setAt({ path, cursor: null })
  }, [stranded, path])
  return { list, reload, toPage: next => setAt({ path, cursor: next }) }
}

/** Money and dates as the screens show them, in the user's language. */
export function useInvestFormat() {
  const locale = useUnit($locale)
  return useMemo(() => {
    const tag = locale === 'ru' ? 'ru-RU' : 'en-GB'
    const day = new Intl.DateTimeFormat(tag, { day: '2-digit', month: '2-digit', year: 'numeric', timeZone: 'UTC' })
    return {
      money: (value: string | null, currency?: Currency | null) => (value === null ? '—' : formatMoney(value, locale, currency ?? undefined)),
      percent: (value: string | null) => (value === null ? '—' : locale === 'ru' ? value.replace('.', ',') : value),
      date: (iso: string | null) => (iso ? day.format(new Date(iso.length === 10 ? `${iso}T00:00:00Z` : iso)) : '—'),
    }
  }, [locale])
}
export type InvestFormat = ReturnType<typeof useInvestFormat>

const OFFER_TONE: Record<number, BadgeTone> = { [OFFER_STATUS.draft]: 'neutral', [OFFER_STATUS.review]: 'info', [OFFER_STATUS.failed]: 'error', [OFFER_STATUS.passed]: 'success' }
const DEAL_TONE: Record<number, BadgeTone> = {
  [DEAL_STATUS.negotiation]: 'info',
  [DEAL_STATUS.awaitingPayment]: 'warning',
  [DEAL_STATUS.active]: 'primary',
  [DEAL_STATUS.declined]: 'error',
  [DEAL_STATUS.completed]: 'success',
}

export function OfferStatusBadge({ status }: { status: number }) {
  const t = useT()
  const name = offerWorkflow.statusName(status)
  return <Badge tone={OFFER_TONE[status] ?? 'neutral'}>{name ? t(statusLabelKey(offerWorkflow, name)) : String(status)}</Badge>
}

export function DealStatusBadge({ status }: { status: number }) {
  const t = useT()
  const name = dealWorkflow.statusName(status)
  return <Badge tone={DEAL_TONE[status] ?? 'neutral'}>{name ? t(statusLabelKey(dealWorkflow, name)) : String(status)}</Badge>
}

/** An offer's image through the API (the session's header): an object URL while shown. */
export function OfferImage({ offerId, fileId, alt, preview = true, className }: { offerId: number; fileId: number; alt: string; preview?: boolean; className?: string }) {
  const { api } = useRuntime()
  const [url, setUrl] = useState<string | null>(null)
  useEffect(() => {
    let gone = false
    let made: string | null = null
    api
      .download(INVEST_API.image(offerId, fileId, preview), { quiet: true })
      .then(d => {
        if (gone) return
        made = URL.createObjectURL(d.blob)
        setUrl(made)
      })
      .catch(() => {})
    return () => {
      gone = true
      if (made) URL.revokeObjectURL(made)
    }
  }, [api, offerId, fileId, preview])
  return url ? <img src={url} alt={alt} className={className} /> : <ImagePlaceholder className={className} role="img" aria-label={alt} />
}

const ImagePlaceholder = styled.div`
  background: ${({ theme }) => theme.color.surfaceMuted};
`


export const Center = styled.div`
  display: flex;
  justify-content: center;
  padding: ${({ theme }) => theme.space.xxl};
`

export const Muted = styled.p`
  margin: 0;
  color: ${({ theme }) => theme.color.textMuted};
`

export const Text = styled.p`
  margin: 0;
  white-space: pre-wrap;
  overflow-wrap: anywhere;
`

/** A wide table that scrolls inside its box on a phone instead of widening the page. */
export const Scroll = styled.div`
  overflow-x: auto;
  max-width: 100%;
  table {
    border-collapse: collapse;
    width: 100%;
    min-width: 28rem;
  }
  th,
  td {
    text-align: start;
    padding: ${({ theme }) => theme.space.xs} ${({ theme }) => theme.space.sm};
    border-bottom: 1px solid ${({ theme }) => theme.color.divider};
    white-space: nowrap;
  }
  td.num,
  th.num {
    text-align: end;
    font-variant-numeric: tabular-nums;
  }
  tfoot td {
    font-weight: 600;
  }
`

/** The route's numeric id, or 0 for anything else (the page then says "not found"). */
export const routeId = (raw: string | undefined): number => (/^\d{1,9}$/.test(raw ?? '') ? Number(raw) : 0)
