import { createStore } from 'effector'
import type { Failure, SearchedPage } from '../../../core/api/envelope'
import { remote } from '../../../core/data/remote'
import { onBus } from '../../../core/events/effector'
import { CALLCENTER_API } from '../contract/api'
import type { CallStatistics, Caller, Office, SipAccount } from '../contract/responses'

/** The administration screens' data (SPEC §2, §3: /callers, /sips, /statistics), each a `remote()` store of its own. */

export interface ListQuery {
  page: number
  limit: number
  search: string
  /** The server's keyset cursor of the page (server/search/keyset.ts); absent: `page` from the top. */
  cursor?: string
}

export interface StatisticsRange {
  from: string
  to: string
  min_seconds: number
}

type Nothing = Record<string, never>

const listParams = ({ page, limit, search, cursor }: ListQuery) => ({ page, limit, ...(search ? { search } : {}), ...(cursor ? { cursor } : {}) })

export const callersList = remote('callcenter/callers', {
  load: (query: ListQuery, { api, signal }) => api.get<SearchedPage<Caller>>(CALLCENTER_API.callers, { quiet: true, signal, searchParams: listParams(query) }),
})

export const callerRecord = remote('callcenter/caller', {
  load: ({ id }: { id: number }, { api, signal }) => api.get<Caller>(CALLCENTER_API.caller(id), { quiet: true, signal }),
  // Another employee's data must never fill this one's form.
  keepData: (prev, next) => prev.id === next.id,
})

export const sipsList = remote('callcenter/sips', {
  load: (query: ListQuery, { api, signal }) => api.get<SearchedPage<SipAccount>>(CALLCENTER_API.sips, { quiet: true, signal, searchParams: listParams(query) }),
})

/** SIP accounts nobody uses yet, that the actor may give an employee. */
export const freeSipsList = remote('callcenter/freeSips', {
  load: (_: Nothing, { api, signal }) => api.get<SipAccount[]>(CALLCENTER_API.freeSips, { quiet: true, signal }),
})

export const officesList = remote('callcenter/offices', {
  load: (_: Nothing, { api, signal }) => api.get<Office[]>(CALLCENTER_API.offices, { quiet: true, signal }),
})

export const callStatistics = remote('callcenter/statistics', {
  load: (range: StatisticsRange, { api, signal }) => api.get<CallStatistics>(CALLCENTER_API.statistics, { quiet: true, signal, searchParams: { ...range } }),
})

declare module '../../../core/events/map' {
  interface EventMap {
    'callcenter/callerSaving': { id: number | null }
    'callcenter/callerSaved': { caller: Caller; created: boolean }
    'callcenter/callerSaveFailed': { id: number | null; failure: Failure }
    'callcenter/sipSaving': Record<string, never>
    'callcenter/sipSaved': { sip: SipAccount }
    'callcenter/sipSaveFailed': { failure: Failure }
  }
}

export type SaveState = { status: 'idle' } | { status: 'saving' } | { status: 'failed'; failure: Failure } | { status: 'saved' }

/** Both forms load the offices when they open: a form opened anew does not show the last save's outcome. */
const formOpened = onBus('remote/requested').filter({ fn: p => p.key === officesList.key })

export const $callerSave = createStore<SaveState>({ status: 'idle' })
  .on(onBus('callcenter/callerSaving'), () => ({ status: 'saving' }))
  .on(onBus('callcenter/callerSaved'), () => ({ status: 'saved' }))
  .on(onBus('callcenter/callerSaveFailed'), (_, { failure }) => ({ status: 'failed', failure }))
  .reset(onBus('auth/loggedOut'), formOpened)

export const $sipSave = createStore<SaveState>({ status: 'idle' })
  .on(onBus('callcenter/sipSaving'), () => ({ status: 'saving' }))
  .on(onBus('callcenter/sipSaved'), () => ({ status: 'saved' }))
  .on(onBus('callcenter/sipSaveFailed'), (_, { failure }) => ({ status: 'failed', failure }))
  .reset(onBus('auth/loggedOut'), formOpened)
