import { remote } from '../../../../core/data/remote'
import { KP_API, type KpPage } from '../../kp/contract'
import type { KpListRequest } from './loads'

declare module '../../../../core/bus/commands' {
  interface CommandMap {
    /** GET v1/tenders-kp into `kpList` (/tenders-kp; a newer query aborts the older one). */
    'tenders/loadKpList': KpListRequest
  }
}

/** One page of the KPs the user sees; the page shown stays while the next one loads. */
export const kpList = remote('tenders/kpList', {
  load: (query: KpListRequest, { api, signal }) =>
    api.get<KpPage>(KP_API.list, { quiet: true, searchParams: { ...query } as Record<string, string | number>, signal }),
})
