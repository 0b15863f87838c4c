import { defineNotificationType } from '../../core/notifications/types'

/** The notification types that belong to no other module. */
export const NOTIFICATIONS_OWN_TYPES = [
  /** A personal message without a record (a support message to the administrators, a reply); e-mailed as a message. */
  defineNotificationType({ type: 4, key: 'notifications:types.message', channel: 'messages' }),
  /** A system announcement; no link. */
  defineNotificationType({ type: 6, key: 'notifications:types.system', channel: 'events' }),
] as const
