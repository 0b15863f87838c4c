import type { NotificationItem } from '../contract'
import type { notifications } from '../tables'

type Row = typeof notifications.$inferSelect

/** A row as the lists show it (SPEC §3 Notification). */
export function toItem(row: Row): NotificationItem {
  return {
    id: row.id,
    read: row.read === 0 ? 0 : 1,
    date_notification: row.created_at.toISOString(),
    data: row.data,
    notification: { type: row.type, params: row.params, data: row.data },
  }
}
