import * as v from 'valibot'
import { defineSocketAction } from '../../core/socket/actions'

declare module '../../core/socket/actions' {
  interface SocketActionMap {
    /**
     * A task was created, edited, changed status or got a comment (server/push.ts): the open lists, calendar and the
     * task's page read again. Sent to its author, its responsible, the managers of the responsible's office and the
     * administrators.
     */
    updateTasks: { id?: number }
  }
}

export const UPDATE_TASKS = defineSocketAction('updateTasks', v.object({ id: v.optional(v.number()) }))
