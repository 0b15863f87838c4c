import { useUnit } from 'effector-react'
import { useEffect, useMemo, useState } from 'react'
import styled from 'styled-components'
import { asFailure } from '../../../../core/api/client'
import { useT } from '../../../../core/i18n/useT'
import { useRuntime } from '../../../../core/react/runtime'
import { showToast, TOAST_PRESET } from '../../../../core/toast'
import { Button } from '../../../../core/ui/Button'
import { DataTable, type DataColumn } from '../../../../core/ui/list/DataTable'
import { ListPage } from '../../../../core/ui/list/ListPage'
import { ListState } from '../../../../core/ui/list/ListState'
import { CursorPager } from '../../../../core/ui/list/Pager'
import { useListLoad } from '../../../../core/ui/list/useListLoad'
import { KP_API, KP_STATES, type KpItem, type KpPage as KpPageData } from '../../kp/contract'
import { tenderPath } from '../../notifications'
import { KpFilters } from './KpFilters'
import { KpTracking } from './KpTracking'
import { useTenderFormats } from '../format'
import { isFiltered, kpLoad } from './loads'
import { kpList } from './model'

const Two = styled.span`
  display: flex;
  flex-direction: column;
  gap: 2px;
  min-width: 0;
  overflow-wrap: anywhere;
  & > small {
    color: ${({ theme }) => theme.color.textMuted};
    font-size: ${({ theme }) => theme.font.size.sm};
  }
`

function useColumns(now: number): DataColumn<KpItem>[] {
  const t = useT('tenders')
  const f = useTenderFormats()
  return useMemo<DataColumn<KpItem>[]>(
    () => [
      {
        id: 'tender',
        header: t('kp.list.tender'),
        isRowHeader: true,
        minWidth: 180,
        cell: kp => (
          <Two>
            <span>№ {kp.tender.notification_number}</span>
            <small>{kp.tender.name}</small>
          </Two>
        ),
      },
      {
        id: 'winner',
        header: t('kp.list.winner'),
        minWidth: 160,
        cell: kp => (
          <Two>
            <span>{kp.tender.winner_name}</span>
            <small>{kp.email}</small>
          </Two>
        ),
      },
      { id: 'sender', header: t('kp.list.sender'), cell: kp => kp.sender?.name ?? '—', minWidth: 120 },
      {
        id: 'sent_at',
        header: t('kp.list.sentAt'),
        cell: kp => (
          <Two>
            <span>{f.instant(kp.sent_at)}</span>
            <small>{t(`kp.kinds.${kp.kind}`)}</small>
          </Two>
        ),
        minWidth: 110,
      },
      { id: 'tracking', header: t('kp.list.tracking'), cell: kp => <KpTracking kp={kp} now={now} />, minWidth: 180 },
    ],
    [t, f, now],
  )
}

/**
 * /tenders-kp: the KPs the user sent (the office's for managers, all for the administrator) with where each got
 * to — sent, opened, link followed, signed in, with times — by state, sending date and tender number or winner;
 * keyset pages; "send again" mails the same offer with a new link. Rows are cards on a phone.
 */
export default function KpPage() {
  const t = useT('tenders')
  const runtime = useRuntime()
  const [query, setQuery, reload] = useListLoad(kpLoad)
  const state = useUnit(kpList.$state)
  const now = runtime.bus.clock.now()
  const columns = useColumns(now)
  const [resending, setResending] = useState<number | null>(null)
  // The cursors of the pages before this one: keyset paging only knows the way forward.
  const [trail, setTrail] = useState<string[]>([])
  useEffect(() => {
    if (query.cursor === null) setTrail([])
  }, [query.cursor])

  const resend = async (kp: KpItem) => {
    setResending(kp.id)
    try {
      await runtime.api.post(KP_API.resend(kp.id), {}, { quiet: true })
      showToast(runtime.bus, { ...TOAST_PRESET.bidUpdated, text: t('kp.list.resent', { email: kp.email }) }, 'ui')
      reload()
    } catch (error) {
      showToast(runtime.bus, { ...TOAST_PRESET.apiError, text: asFailure(error).message ?? t('kp.send.failed') }, 'ui')
    } finally {
      setResending(null)
    }
  }

  return (
    <ListPage
      title={t('kp.list.title')}
      tabs={{
        label: t('kp.list.state'),
        selected: query.state,
        onChange: value => setQuery({ state: value }),
        items: (['all', ...KP_STATES] as const).map(id => ({ id, label: t(`kp.states.${id}`), 'data-testid': `kp-tab-${id}` })),
      }}
      search={{ label: t('kp.list.search'), placeholder: t('kp.list.search'), value: query.q, onSearch: q => setQuery({ q }, { replace: true }), 'data-testid': 'kp-search' }}
      filters={<KpFilters value={query} onChange={patch => setQuery(patch)} />}
      data-testid="kp-page"
    >
      <ListState<KpPageData>
        state={state}
        isEmpty={page => page.items.length === 0}
        isFiltered={isFiltered(query)}
        empty={isFiltered(query) ? { title: t('kp.list.emptyFiltered') } : { title: t('kp.list.empty') }}
        onRetry={reload}
        data-testid="kp-list"
      >
        {page => (
          <>
            <DataTable<KpItem>
              aria-label={t('kp.list.title')}
              columns={columns}
              rows={page.items}
              rowHref={kp => tenderPath(kp.tender.id)}
              rowActions={kp => (
                <Button size="sm" isPending={resending === kp.id} onPress={() => void resend(kp)} data-testid={`kp-resend-${kp.id}`}>
                  {t('kp.list.resend')}
                </Button>
              )}
              narrow="cards"
              data-testid="kp-table"
            />
            <CursorPager
              prev={query.cursor === null ? null : (trail.at(-1) ?? '')}
              next={page.next_cursor}
              onPage={cursor => {
                const back = trail.length > 0 && cursor === trail.at(-1)
                setTrail(back ? trail.slice(0, -1) : query.cursor === null ? trail : [...trail, query.cursor])
                setQuery({ cursor: cursor || null })
              }}
            />
          </>
        )}
      </ListState>
    </ListPage>
  )
}
