import * as v from 'valibot'
import { defineSocketAction } from '../../core/socket/actions'

declare module '../../core/socket/actions' {
  interface SocketActionMap {
    /** SPEC §4: the client's company data changed (the browser reloads its completeness itself after a save). */
    updateClientProgress: Record<string, never>
  }
}

export const UPDATE_CLIENT_PROGRESS = defineSocketAction('updateClientProgress', v.object({}))
