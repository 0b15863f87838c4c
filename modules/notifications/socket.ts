import * as v from 'valibot'
import { defineSocketAction } from '../../core/socket/actions'

declare module '../../core/socket/actions' {
  interface SocketActionMap {
    /** SPEC §4: the user's notifications changed — reload the list. */
    updateTopNotifications: Record<string, never>
  }
}

export const UPDATE_TOP_NOTIFICATIONS = defineSocketAction('updateTopNotifications', v.strictObject({}))
