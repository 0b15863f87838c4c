import * as v from 'valibot'
import { defineSocketAction } from '../../core/socket/actions'

declare module '../../core/socket/actions' {
  interface SocketActionMap {
    /**
     * A tender's history grew (taken, a call, an offer and its tracking…): an open ShowTender of that tender reads
     * its history again. `id` is the tender (optional in the type only so the map stays comparable with others).
     */
    updateTender: { id?: number }
  }
}

export const UPDATE_TENDER = defineSocketAction('updateTender', v.object({ id: v.optional(v.number()) }))
