import * as v from 'valibot'
import { defineSocketAction } from '../../core/socket/actions'

declare module '../../core/socket/actions' {
  interface SocketActionMap {
    /** An employee was added or changed (server/push.ts): the open /callers and /sips lists read their page again. */
    updateCallers: Record<string, never>
  }
}

export const UPDATE_CALLERS = defineSocketAction('updateCallers', v.object({}))
