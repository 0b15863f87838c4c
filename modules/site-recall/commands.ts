import type { CommandHandlers } from '../../core/bus/commands'
import { siteRecallApi, type SiteRecallItem } from './contract'
import type { SiteRecallListRequest } from './loads'
import { siteRecallList } from './model'

declare module '../../core/bus/commands' {
  interface CommandMap {
    /** GET site-recall into `siteRecallList` (a newer query aborts the older one). */
    'site-recall/loadList': SiteRecallListRequest
    /** POST site-recall/{id}/take: into work with a call-back task for me; a toast says so (a refusal is the API's toast). */
    'site-recall/take': { id: number }
    /** POST site-recall/{id}/done: processed; a toast says so. */
    'site-recall/done': { id: number }
  }
}

export const siteRecallCommands: CommandHandlers = {
  'site-recall/loadList': siteRecallList.load,
  'site-recall/take': async ({ id }, ctx) => {
    try {
      const item = await ctx.api.post<SiteRecallItem>(siteRecallApi.take(id), undefined)
      ctx.toast({ kind: 'success', text: item.task_id === null ? 'site-recall:takenNoTask' : 'site-recall:taken' })
    } catch {
      // Not quiet: the refusal (409: someone took it first) was the API's own error toast already.
    }
  },
  'site-recall/done': async ({ id }, ctx) => {
    try {
      await ctx.api.post<SiteRecallItem>(siteRecallApi.done(id), undefined)
      ctx.toast({ kind: 'success', text: 'site-recall:marked' })
    } catch {
      // As above.
    }
  },
}
