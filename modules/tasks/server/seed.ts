import type { Db } from '../../../server/db/client'
import type { DemoSeed } from '../../../server/module'
import { businessToday, TASK_TYPE, type ReminderMinutes } from '../contract'
import { taskComments, taskHistory, tasks } from '../tables'
import { TASK_STATUS } from '../workflow'

const DAY = 86_400_000

interface DemoTask {
  author: string
  responsible: string
  name: string
  description?: string
  /** Days from today (business clock) and the length in days. */
  day: number
  days?: number
  time: string
  status: number
  type?: number
  remind?: ReminderMinutes[]
  comment?: string
}

/**
 * A few tasks for the demo users (no reminder jobs: the demo's dates are relative to the seed's day). The first one
 * is Сидорова's (0030) own, which tests/authz-matrix.ts reads as task 1.
 */
const DEMO_TASKS: readonly DemoTask[] = [
  { author: '0030', responsible: '0030', name: 'Подготовить пакет документов для ООО «Ромашка»', description: 'Устав, бухгалтерская отчётность за последний год, карточка предприятия.', day: 1, time: '15:00', status: TASK_STATUS.new, remind: [30] },
  { author: '0035', responsible: '0030', name: 'Позвонить клиенту по заявке на гарантию', day: 0, time: '11:00', status: TASK_STATUS.work, comment: 'Клиент просил перезвонить после обеда.' },
  { author: '0030', responsible: '0030', name: 'Сверить реквизиты компании', day: -3, time: '10:00', status: TASK_STATUS.completed },
  { author: '0035', responsible: '0035', name: 'Провести планёрку отдела', day: 2, days: 1, time: '09:30', status: TASK_STATUS.new, remind: [10, 60] },
  { author: '0150', responsible: '0150', name: 'Перезвонить по тендеру', type: TASK_TYPE.callBack, day: 1, time: '12:00', status: TASK_STATUS.new },
  { author: '0160', responsible: '0150', name: 'Обзвонить новых клиентов из списка', day: 3, days: 4, time: '10:00', status: TASK_STATUS.work },
  { author: '0100', responsible: '0035', name: 'Отчёт по продажам за месяц', day: 7, time: '18:00', status: TASK_STATUS.new, remind: [120] },
  { author: '0100', responsible: '0100', name: 'Проверить настройки рассылок', day: -1, time: '16:00', status: TASK_STATUS.cancelled },
  { author: '0045', responsible: '0045', name: 'Ответить на запрос клиента', day: 0, time: '17:00', status: TASK_STATUS.new },
  { author: '0010', responsible: '0010', name: 'Загрузить документы компании', day: 1, time: '15:00', status: TASK_STATUS.new },
]

export async function seedTasks(db: Db, demo: DemoSeed): Promise<void> {
  const now = demo.clock.now()
  const at = new Date(now)
  const dayOf = (offset: number) => businessToday(now + offset * DAY)
  for (const t of DEMO_TASKS) {
    const author = demo.userId(t.author)
    const responsible = demo.userId(t.responsible)
    if (author === null || responsible === null) continue
    const [row] = await db
      .insert(tasks)
      .values({
        type: t.type ?? TASK_TYPE.general,
        name: t.name,
        description: t.description ?? '',
        responsible_id: responsible,
        author_id: author,
        date_from: dayOf(t.day),
        date_to: dayOf(t.day + (t.days ?? 0)),
        time: t.time,
        status: t.status,
        remind_executor: t.remind ?? [],
        created_at: at,
        updated_at: at,
      })
      .returning({ id: tasks.id })
    if (!row) continue
    await db.insert(taskHistory).values({ task_id: row.id, kind: 'created', details: {}, user_id: author, created_at: at })
    if (t.comment) await db.insert(taskComments).values({ task_id: row.id, user_id: responsible, text: t.comment, created_at: at })
  }
}
