import * as v from 'valibot'
import { asFailure } from '../../core/api/client'
import type { CommandHandlers } from '../../core/bus/commands'
import { NOTIFICATIONS_API, notificationListSchema, type NotificationItem } from './contract'
import { notificationsPage, type PageQuery } from './model'

declare module '../../core/bus/commands' {
  interface CommandMap {
    'notifications/load': Record<string, never>
    /** One page of /notifications into `notificationsPage` (a newer query aborts the older one). */
    'notifications/loadPage': PageQuery
    'notifications/markRead': { ids: number[] }
    'notifications/archive': { id: number }
    'notifications/openBell': { ids: number[] }
    'notifications/closeBell': Record<string, never>
    'notifications/viewPage': { ids: number[] }
    'notifications/leavePage': Record<string, never>
  }
}

/** Parse at the boundary: an answer that is not a notification list is a failure, not a crash later. */
const list = (data: unknown): NotificationItem[] => v.parse(notificationListSchema, data)

export const notificationCommands: CommandHandlers = {
  'notifications/load': async (_, ctx) => {
    try {
      ctx.bus.emit('notifications/latestLoaded', { items: list(await ctx.api.get(NOTIFICATIONS_API.list, { quiet: true })) }, 'api')
    } catch (error) {
      ctx.bus.emit('notifications/latestFailed', { failure: asFailure(error) }, 'api')
    }
  },

  'notifications/loadPage': notificationsPage.load,

  'notifications/markRead': async ({ ids }, ctx) => {
    if (ids.length === 0) return
    const items = list(await ctx.api.post(NOTIFICATIONS_API.read, { ids }))
    ctx.bus.emit('notifications/markedRead', { ids }, 'api')
    ctx.bus.emit('notifications/latestLoaded', { items }, 'api')
  },

  'notifications/archive': async ({ id }, ctx) => {
    await ctx.api.get(NOTIFICATIONS_API.archive(id))
    ctx.bus.emit('notifications/archived', { id }, 'api')
  },

  'notifications/openBell': ({ ids }, ctx) => void ctx.bus.emit('notifications/bellOpened', { ids }, ctx.source),
  'notifications/closeBell': (_, ctx) => void ctx.bus.emit('notifications/bellClosed', {}, ctx.source),
  'notifications/viewPage': ({ ids }, ctx) => void ctx.bus.emit('notifications/pageViewed', { ids }, ctx.source),
  'notifications/leavePage': (_, ctx) => void ctx.bus.emit('notifications/pageLeft', {}, ctx.source),
}
