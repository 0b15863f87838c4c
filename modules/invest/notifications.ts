import { defineNotificationType, linkedId } from '../../core/notifications/types'

/** SPEC §2: type 7 opens the investment offer or deal. */
export const INVEST_NOTIFICATION = defineNotificationType({
  type: 7,
  key: 'invest:notifications.invest',
  channel: 'events',
  link: n => {
    const id = linkedId(n)
    return id === null ? null : `/invest/${id}`
  },
})
