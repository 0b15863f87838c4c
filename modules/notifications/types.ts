import { defineNotificationType } from '../../core/notifications/types'

/**
 * A personal message without a record (a support message to the administrators, a reply); e-mailed as a message.
 * Params: `from_name`, `message`; `context: 'support'` for a support message.
 */
export const MESSAGE_NOTIFICATION = defineNotificationType({ type: 4, key: 'notifications:types.message', channel: 'messages' })

/** A system announcement; no link. Params: `message`, or `context: 'maintenance'` with `count` minutes. */
export const SYSTEM_NOTIFICATION = defineNotificationType({ type: 6, key: 'notifications:types.system', channel: 'events' })

/** The notification types that belong to no other module (their texts: server/i18n, only the server renders them). */
export const NOTIFICATIONS_OWN_TYPES = [MESSAGE_NOTIFICATION, SYSTEM_NOTIFICATION] as const
