/**
 * A notification type, declared once by the module that owns it (DESIGN §10) in a file both its plugin and its
 * server half import: the browser takes the link, the server the channel and the texts. The number is SPEC §3's
 * `type`; the registry and the server refuse two modules claiming one number.
 */
export type NotificationChannel = 'messages' | 'events'

/** A notification as far as a link needs it (SPEC §3 Notification). */
export interface NotificationRef {
  type: number
  data: Record<string, unknown>
  params?: Record<string, unknown>
}

export interface NotificationTypeDef {
  type: number
  /**
   * i18n key of the texts, `<namespace>:<path>`: `<path>.title` and `<path>.text` in the module's packs, rendered
   * with the notification's params in the recipient's language (users.language).
   */
  key: string
  /** Which profile switch lets it go by e-mail: `messages` (someone wrote to the user) or `events`. */
  channel: NotificationChannel
  /** The page it opens, or none (the bell then shows plain text). */
  link?: (notification: NotificationRef) => string | null
}

export function defineNotificationType<const D extends NotificationTypeDef>(def: D): D {
  return def
}

/** The linked record's id (`data.id`) as a path segment, or null. */
export function linkedId(notification: NotificationRef): string | null {
  const id = notification.data.id
  return typeof id === 'number' || (typeof id === 'string' && id !== '') ? String(id) : null
}

/** A type's link to its record through the owning module's path builder: `link: toRecord(id => `/bids/${id}`)`. */
export function toRecord(path: (id: string) => string): (notification: NotificationRef) => string | null {
  return notification => {
    const id = linkedId(notification)
    return id === null ? null : path(id)
  }
}
