import { createStore } from 'effector'
import type { Failure } from '../../../core/api/envelope'
import { remote } from '../../../core/data/remote'
import { onBus } from '../../../core/events/effector'
import { callListApi, type CallListPage } from './contract'

/** The page's query as the URL holds it ('' / 'all': no filter). */
export interface CallListRequest {
  /** The search: a number or an employee's name. */
  q: string
  outcome: string
  employee: string
  date_from: string
  date_to: string
  cursor: string | null
}

/** The request's filters as the API's query string (no cursor: the export's). */
export function filterParams(q: Omit<CallListRequest, 'cursor'>): Record<string, string> {
  const params: Record<string, string> = {}
  if (q.q) params.q = q.q
  if (q.outcome !== 'all') params.outcome = q.outcome
  if (q.employee) params.employee = q.employee
  if (q.date_from) params.date_from = q.date_from
  if (q.date_to) params.date_to = q.date_to
  return params
}

export const callList = remote('tenders/callList', {
  load: (q: CallListRequest, { api, signal }) =>
    api.get<CallListPage>(callListApi.list, { quiet: true, signal, searchParams: { ...filterParams(q), ...(q.cursor && { cursor: q.cursor }) } }),
})

declare module '../../../core/events/map' {
  interface EventMap {
    'tenders/callExportStarted': Record<string, never>
    'tenders/callExportFinished': { name: string; size: number }
    'tenders/callExportFailed': { failure: Failure }
  }
}

/** The XLSX export: the button is disabled while it runs, a failure is said next to it. */
export const $callExport = createStore<{ status: 'idle' | 'running' | 'failed' }>({ status: 'idle' })
  .on(onBus('tenders/callExportStarted'), () => ({ status: 'running' }))
  .on(onBus('tenders/callExportFinished'), () => ({ status: 'idle' }))
  .on(onBus('tenders/callExportFailed'), () => ({ status: 'failed' }))
  .reset(onBus('auth/loggedOut'))
