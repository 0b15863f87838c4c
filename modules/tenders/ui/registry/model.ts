import { createStore } from 'effector'
import { remote, type LoadContext } from '../../../../core/data/remote'
import { onBus } from '../../../../core/events/effector'
import { TENDERS_API, type TenderListItem, type TenderListPage, type TenderTaker } from '../../contract'
import type { TenderFilter } from '../../registry'
import type { TenderListRequest } from './loads'

declare module '../../../../core/bus/commands' {
  interface CommandMap {
    /** GET v1/tenders: the first page of /tenders into `registryList` (a newer query aborts the older one). */
    'tenders/loadRegistry': TenderListRequest
    /** GET v1/tenders with the last page's cursor: appended to what /tenders shows (`$more`). */
    'tenders/loadMore': TenderListRequest & { cursor: string }
    /** POST v1/tenders/{id}/favourite, with the favourite on / off toasts and the favourite error toast (SPEC §8). */
    'tenders/toggleFavourite': { id: number }
    /** POST v1/tenders/{id}/take (history 2). */
    'tenders/take': { id: number }
    /** POST v1/tenders/filter: the registry's filter as the user left it. */
    'tenders/saveFilter': TenderFilter
    /** GET v1/tenders/filter and open /tenders with it (the registry opened without a query). */
    'tenders/restoreFilter': Record<string, never>
  }
}
declare module '../../../../core/events/map' {
  interface EventMap {
    'tenders/favouriteChanged': { id: number; favourite: boolean }
    'tenders/taken': { id: number; taken_by: TenderTaker }
    /** Taking failed (most often someone else has it): the list is stale. */
    'tenders/takeRefused': { id: number }
  }
}

const get = (query: TenderListRequest, { api, signal }: LoadContext) =>
  api.get<TenderListPage>(TENDERS_API.list, { quiet: true, searchParams: query as Record<string, string>, signal })

export const registryList = remote('tenders/registry', { load: get })
export const registryMore = remote('tenders/registryMore', { load: get })

/**
 * The pages after the first ("show more"): the rows and the cursor of the next. A new first page starts over; a
 * page answers only if it was asked with the cursor expected now (an answer to an older query is dropped).
 */
export const $more = createStore<{ items: TenderListItem[]; next: string | null }>({ items: [], next: null })
  .on(onBus('remote/loaded'), (state, { key, query, data }) => {
    const page = data as TenderListPage
    if (key === registryList.key) return { items: [], next: page.next_cursor }
    if (key !== registryMore.key || (query as { cursor?: string }).cursor !== state.next) return state
    return { items: [...state.items, ...page.items], next: page.next_cursor }
  })
  .reset(onBus('auth/loggedOut'))

/** What changed in rows since they were read: a favourite toggled, a tender taken. */
export const $rowChanges = createStore<Record<number, Partial<TenderListItem>>>({})
  .on(onBus('tenders/favouriteChanged'), (changes, { id, favourite }) => ({ ...changes, [id]: { ...changes[id], favourite } }))
  .on(onBus('tenders/taken'), (changes, { id, taken_by }) => ({ ...changes, [id]: { ...changes[id], taken_by } }))
  .reset(onBus('auth/loggedOut'))

/** Counts refused takes: the page reads its list again on each, to show who has the tender. */
export const $takesRefused = createStore(0)
  .on(onBus('tenders/takeRefused'), n => n + 1)
  .reset(onBus('auth/loggedOut'))
