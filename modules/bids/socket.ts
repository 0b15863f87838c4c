import * as v from 'valibot'
import { defineSocketAction } from '../../core/socket/actions'

declare module '../../core/socket/actions' {
  interface SocketActionMap {
    /**
     * A bid changed (status, fields, requests): the open bids lists and that bid's screen read again. `id` is the
     * bid (optional in the type only so the map stays comparable with the data-less actions of other modules).
     */
    updateBids: { id?: number }
  }
}

export const UPDATE_BIDS = defineSocketAction('updateBids', v.object({ id: v.optional(v.number()) }))
