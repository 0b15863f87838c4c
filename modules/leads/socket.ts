import * as v from 'valibot'
import { defineSocketAction } from '../../core/socket/actions'

declare module '../../core/socket/actions' {
  interface SocketActionMap {
    /** A lead came from the chat bot or changed (server/index.ts): open /leads-users pages read again. */
    updateLeads: { chat_id?: number }
  }
}

export const UPDATE_LEADS = defineSocketAction('updateLeads', v.object({ chat_id: v.optional(v.number()) }))
