import type { Locale } from '../../../core/events/map'
import type { NotificationData, NotificationItem } from '../contract'
import type { notifications } from '../tables'
import type { NotificationTexts } from './texts'

type Row = typeof notifications.$inferSelect

/** Renders rows for one reader: the texts in their language, at the moment they read them. */
export type Present = (row: Row) => NotificationItem

/** A row as the lists show it (SPEC §3 Notification); `data.id` is the linked record (`params.id`) the type's link opens. */
export function presenter(texts: NotificationTexts, lang: Locale): Present {
  return row => {
    const data = dataOf(row, texts, lang)
    return {
      id: row.id,
      read: row.read === 0 ? 0 : 1,
      date_notification: row.created_at.toISOString(),
      data,
      notification: { type: row.type, params: row.params, data },
    }
  }
}

function dataOf(row: Row, texts: NotificationTexts, lang: Locale): NotificationData {
  // Stored before texts were keys: the literal texts it was created with.
  if (!row.key) return row.data ?? { title: '', text: '' }
  const linked = row.params.id
  const id = typeof linked === 'number' || typeof linked === 'string' ? { id: linked } : {}
  return { ...id, ...texts.render(lang, row.key, row.params) }
}
