import * as v from 'valibot'
import { defineSocketAction } from '../../core/socket/actions'

declare module '../../core/socket/actions' {
  interface SocketActionMap {
    /**
     * An offer or a deal changed (server/push.ts): saved, sent, passed or failed, a file added or removed, a deal
     * opened or moved. The open lists read their page again; an offer's page when `offer_id` is its own, a deal's
     * page when `deal_id` is its own. Sent to the offer's owner, the investors of its deals, the administrators, the
     * verifiers once the offer was sent, and every client when it has just passed (the market grew).
     */
    updateInvest: { offer_id?: number; deal_id?: number }
  }
}

export const UPDATE_INVEST = defineSocketAction('updateInvest', v.object({ offer_id: v.optional(v.number()), deal_id: v.optional(v.number()) }))
