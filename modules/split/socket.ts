import * as v from 'valibot'
import { defineSocketAction } from '../../core/socket/actions'

declare module '../../core/socket/actions' {
  interface SocketActionMap {
    /**
     * A split bid was created or changed status (server/push.ts): the open lists (bids, clients) read their page again,
     * the bid's page when `id` is its own. Sent to whoever sees the bid (access.ts splitScope): its author (150), the
     * verifiers (170) and the administrators (100).
     */
    updateSplitBids: { id?: number }
  }
}

export const UPDATE_SPLIT_BIDS = defineSocketAction('updateSplitBids', v.object({ id: v.optional(v.number()) }))
