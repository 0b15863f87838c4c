import type { Db } from '../../../server/db/client'
import type { DemoSeed } from '../../../server/module'
import { NOTIFICATION_TYPE, type NotificationData, type NotificationType } from '../contract'
import { notifications } from '../tables'

interface DemoNotification {
  to: string
  type: NotificationType
  id: number
  title: string
  text: string
  /** How long ago, in minutes. */
  ago: number
  read?: boolean
}

const HOUR = 60
const DAY = 24 * HOUR

/** A few realistic notifications of the linked types (1, 2, 3, 5, 7) for several demo users (by phone suffix). */
const DEMO: readonly DemoNotification[] = [
  { to: '0010', type: NOTIFICATION_TYPE.bid, id: 1, title: 'Заявка № 1 одобрена банком', text: 'Банк одобрил банковскую гарантию на 2 450 000 ₽. Подпишите документы.', ago: 25 },
  { to: '0010', type: NOTIFICATION_TYPE.bid, id: 1, title: 'Новое сообщение по заявке № 1', text: 'Верификатор: приложите, пожалуйста, бухгалтерский баланс за последний квартал.', ago: 3 * HOUR, read: true },
  { to: '0010', type: NOTIFICATION_TYPE.task, id: 2, title: 'Новая задача', text: 'Загрузить скан паспорта руководителя до пятницы.', ago: DAY },
  { to: '0030', type: NOTIFICATION_TYPE.tender, id: 101, title: 'Новый победитель тендера', text: 'ООО «СтройМонтаж» выиграло закупку № 0373200041524000123 на 18 700 000 ₽.', ago: 10 },
  { to: '0030', type: NOTIFICATION_TYPE.tenderCallback, id: 102, title: 'Перезвонить по тендеру', text: 'Напоминание: перезвонить контакту по закупке № 0148300005424000067 в 15:00.', ago: 2 * HOUR },
  { to: '0030', type: NOTIFICATION_TYPE.bid, id: 3, title: 'Заявка № 3 возвращена на доработку', text: 'Клиенту нужно уточнить сведения о бенефициарах.', ago: 6 * HOUR, read: true },
  { to: '0030', type: NOTIFICATION_TYPE.task, id: 4, title: 'Задача назначена вам', text: 'Позвонить клиенту ООО «Ромашка» по продлению гарантии.', ago: 2 * DAY, read: true },
  { to: '0035', type: NOTIFICATION_TYPE.tender, id: 103, title: 'Новый победитель тендера', text: 'ИП Соколова Н. А. выиграла закупку № 0351100001724000045 на 3 200 000 ₽.', ago: 40 },
  { to: '0035', type: NOTIFICATION_TYPE.task, id: 5, title: 'Задача выполнена', text: 'Сидорова А. С. завершила задачу «Подготовить КП для АО „Вектор“».', ago: 5 * HOUR },
  { to: '0100', type: NOTIFICATION_TYPE.invest, id: 1, title: 'Новое инвестиционное предложение', text: 'Предложение «Заём под залог спецтехники» отправлено на проверку.', ago: 15 },
  { to: '0100', type: NOTIFICATION_TYPE.invest, id: 2, title: 'Сделка оплачена', text: 'Инвестор подтвердил оплату по сделке № 2 на 1 500 000 ₽.', ago: DAY, read: true },
  { to: '0100', type: NOTIFICATION_TYPE.task, id: 6, title: 'Напоминание о задаче', text: 'Через 30 минут: совещание по статистике колл-центра.', ago: 3 * DAY },
  { to: '0150', type: NOTIFICATION_TYPE.tenderCallback, id: 104, title: 'Перезвонить по тендеру', text: 'Клиент просил перезвонить после обеда по закупке № 0320100010624000089.', ago: 50 },
  { to: '0150', type: NOTIFICATION_TYPE.tender, id: 105, title: 'Клиент открыл КП', text: 'ООО «Альфа-Логистик» открыло коммерческое предложение по закупке № 0172200002524000031.', ago: 4 * HOUR },
  { to: '0170', type: NOTIFICATION_TYPE.bid, id: 7, title: 'Новая заявка на проверку', text: 'Заявка № 7 на кредит 5 000 000 ₽ ждёт проверки.', ago: 20 },
  { to: '0170', type: NOTIFICATION_TYPE.invest, id: 3, title: 'Предложение ждёт проверки', text: 'Инвестиционное предложение «Доля в сети кофеен» отправлено на проверку.', ago: 7 * HOUR },
]

/** The seed hook of the notifications module (ServerModule.seed). */
export async function seedNotifications(db: Db, demo: DemoSeed): Promise<void> {
  const now = demo.clock.now()
  const rows = DEMO.flatMap(n => {
    const user_id = demo.userId(n.to)
    if (user_id === null) return []
    const data: NotificationData = { id: n.id, title: n.title, text: n.text }
    return [{ user_id, type: n.type, params: { id: n.id }, data, read: n.read ? 1 : 0, created_at: new Date(now - n.ago * 60_000) }]
  })
  if (rows.length > 0) await db.insert(notifications).values(rows)
}
