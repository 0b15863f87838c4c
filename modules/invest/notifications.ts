import { defineNotificationType, toRecord } from '../../core/notifications/types'

/** SPEC §2: type 7 opens the investment offer or deal. */
export const INVEST_NOTIFICATION = defineNotificationType({
  type: 7,
  key: 'invest:notifications.invest',
  channel: 'events',
  link: toRecord(id => `/invest/${id}`),
})
