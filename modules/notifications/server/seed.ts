import type { Db } from '../../../server/db/client'
import type { DemoSeed } from '../../../server/module'
import type { NotificationParams } from '../../../server/notify'
import { notifications } from '../tables'

interface DemoNotification {
  to: string
  /** SPEC §2's type numbers: 1, 2 tenders; 3 bids; 5 tasks; 7 invest. */
  type: 1 | 2 | 3 | 5 | 7
  /** The type's params (`id` the linked record, `context` the variant of its texts). */
  params: NotificationParams & { id: number }
  /** How long ago, in minutes. */
  ago: number
  read?: boolean
}

const HOUR = 60
const DAY = 24 * HOUR

/**
 * A few realistic notifications of the linked types for several demo users (by phone suffix). Stored as keys and
 * params, like every notification: each user reads them in their own language. Names of companies, tasks and what a
 * person wrote are data and stay as written.
 */
const DEMO: readonly DemoNotification[] = [
  { to: '0010', type: 3, params: { id: 1, context: 'approved', amount: 2_450_000 }, ago: 25 },
  { to: '0010', type: 3, params: { id: 1, context: 'message', from: 'Верификатор', message: 'Приложите, пожалуйста, бухгалтерский баланс за последний квартал.' }, ago: 3 * HOUR, read: true },
  { to: '0010', type: 5, params: { id: 2, context: 'assigned', name: 'Загрузить скан паспорта руководителя' }, ago: DAY },
  { to: '0030', type: 1, params: { id: 101, context: 'winner', winner: 'ООО «СтройМонтаж»', number: '0373200041524000123', amount: 18_700_000 }, ago: 10 },
  { to: '0030', type: 2, params: { id: 102, number: '0148300005424000067', time: '15:00' }, ago: 2 * HOUR },
  { to: '0030', type: 3, params: { id: 3, context: 'returned' }, ago: 6 * HOUR, read: true },
  { to: '0030', type: 5, params: { id: 4, context: 'assigned', name: 'Позвонить клиенту ООО «Ромашка» по продлению гарантии' }, ago: 2 * DAY, read: true },
  { to: '0035', type: 1, params: { id: 103, context: 'winner', winner: 'ИП Соколова Н. А.', number: '0351100001724000045', amount: 3_200_000 }, ago: 40 },
  { to: '0035', type: 5, params: { id: 5, context: 'done', by: 'Сидорова А. С.', name: 'Подготовить КП для АО «Вектор»' }, ago: 5 * HOUR },
  { to: '0100', type: 7, params: { id: 1, context: 'review', name: 'Заём под залог спецтехники' }, ago: 15 },
  { to: '0100', type: 7, params: { id: 2, context: 'paid', deal: 2, amount: '1500000.00', sign: '₽' }, ago: DAY, read: true },
  { to: '0100', type: 5, params: { id: 6, context: 'reminder', count: 30, name: 'Совещание по статистике колл-центра' }, ago: 3 * DAY },
  { to: '0150', type: 2, params: { id: 104, context: 'asked', number: '0320100010624000089', time: '14:00' }, ago: 50 },
  { to: '0150', type: 1, params: { id: 105, context: 'kpOpened', winner: 'ООО «Альфа-Логистик»', number: '0172200002524000031' }, ago: 4 * HOUR },
  { to: '0170', type: 3, params: { id: 7, context: 'review', amount: 5_000_000 }, ago: 20 },
  { to: '0170', type: 7, params: { id: 3, context: 'review', name: 'Доля в сети кофеен' }, ago: 7 * HOUR },
]

/**
 * The seed hook of the notifications module (ServerModule.seed). Types come from the installed modules' declarations
 * (a module left out leaves its demo notifications out); they are stored as delivered: a fresh demo database must not
 * push or e-mail its history.
 */
export async function seedNotifications(db: Db, demo: DemoSeed): Promise<void> {
  const now = demo.clock.now()
  const rows = DEMO.flatMap(n => {
    const user_id = demo.userId(n.to)
    const type = demo.notificationTypes.get(n.type)
    if (user_id === null || !type) return []
    const created_at = new Date(now - n.ago * 60_000)
    return [{ user_id, type: type.type, key: type.key, params: n.params, email_channel: type.channel, read: n.read ? 1 : 0, created_at, delivered_at: created_at }]
  })
  if (rows.length > 0) await db.insert(notifications).values(rows)
}
