import * as v from 'valibot'
import { defineSocketAction } from '../../core/socket/actions'

declare module '../../core/socket/actions' {
  interface SocketActionMap {
    /** A callback request came from the site or changed (server/index.ts): an open /site-recall reads its page again. */
    updateSiteRecalls: Record<string, never>
  }
}

export const UPDATE_SITE_RECALLS = defineSocketAction('updateSiteRecalls', v.object({}))
