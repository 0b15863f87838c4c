import { isNotNull } from 'drizzle-orm'
import type { Db } from '../../../server/db/client'
import { users } from '../../../server/db/schema'
import type { DemoSeed } from '../../../server/module'
import { CALL_DIRECTION, CALL_STATUS, TASK_TYPE_CALL_BACK } from '../contract'
import { callBackTasks, callers, contacts, phoneCalls, sipAccounts } from '../tables'

/** Free demo SIP accounts (no employee yet), for /sips and the caller form; the test peer knows them too. */
export const DEMO_FREE_SIP_ACCOUNTS = [
  { code: '1151', name: 'Колл-центр, резерв 1', password: 'sip1151demo' },
  { code: '1152', name: 'Колл-центр, резерв 2', password: 'sip1152demo' },
] as const

const DAY = 86_400_000
/** Numbers the demo calls go to: the first demo client's own phone (search-links finds its company), and others. */
const DEMO_NUMBERS = ['77001000010', '77011234567', '77272500100', '77015556677', '77478889900', '77059990011']
const TIMES = [0, 5, 45, 120, 8, 300, 62, 0, 15, 600, 33, 11]
const OUTCOMES = [103, 104, 105, 1, 2, 101]
const RATINGS = [1, 2, 0, 3, 4]
const COMMENTS = ['Просили перезвонить позже', 'Интересуются банковской гарантией', 'Не целевой клиент', 'Отправили КП на почту', 'Отказ, работают с другим банком']

/**
 * Demo data of the call center (ServerModule.seed): SIP accounts for the demo users' codes (35, 150, 160) and
 * two free ones, employee records for 150 and 160, two weeks of calls for every SIP user, two contacts and a
 * call-back task.
 */
export async function seedCallCenter(db: Db, demo: DemoSeed): Promise<void> {
  const now = demo.clock.now()
  const created_at = new Date(now)
  const sipUsers = await db
    .select({ id: users.id, full_name: users.full_name, office_id: users.office_id, code: users.sip_code, password: users.sip_password })
    .from(users)
    .where(isNotNull(users.sip_code))
  if (!sipUsers.length) return
  const callCenterOffice = sipUsers.find(u => u.id === demo.userId('0150'))?.office_id ?? null

  await db.insert(sipAccounts).values([
    ...sipUsers.map(u => ({ name: u.full_name, code: u.code!, office_id: u.office_id, password: u.password ?? '', created_at })),
    ...DEMO_FREE_SIP_ACCOUNTS.map(a => ({ name: a.name, code: a.code, office_id: callCenterOffice, password: a.password, created_at })),
  ])

  const employees = [demo.userId('0150'), demo.userId('0160')].filter((id): id is number => id !== null)
  if (employees.length) {
    await db.insert(callers).values(employees.map((user_id, i) => ({ user_id, emails: [`callcenter${i + 1}@example.com`], created_at, updated_at: created_at })))
  }

  const calls: (typeof phoneCalls.$inferInsert)[] = []
  sipUsers.forEach((u, ui) => {
    for (let day = 13; day >= 0; day--) {
      const perDay = 2 + ((day * 7 + ui * 3) % 5)
      for (let k = 0; k < perDay; k++) {
        const n = day * 11 + ui * 5 + k
        const time = TIMES[n % TIMES.length]!
        const start = new Date(now - day * DAY - (9 - k) * 3_600_000 - ui * 600_000)
        const answered = time > 0
        calls.push({
          user_id: u.id,
          phone: DEMO_NUMBERS[n % DEMO_NUMBERS.length]!,
          direction: n % 4 === 3 ? CALL_DIRECTION.incoming : CALL_DIRECTION.outgoing,
          page: n % 3 === 0 ? 'tender' : null,
          page_id: n % 3 === 0 ? 1 + (n % 5) : null,
          status: answered ? CALL_STATUS.ended : CALL_STATUS.noAnswer,
          time,
          cause: answered ? null : 'No Answer',
          status_log: answered
            ? [
                { status: CALL_STATUS.accepted, time: 0, at: new Date(start.getTime() + 8_000).toISOString() },
                { status: CALL_STATUS.ended, time, at: new Date(start.getTime() + 8_000 + time * 1000).toISOString() },
              ]
            : [{ status: CALL_STATUS.noAnswer, time: 0, at: new Date(start.getTime() + 30_000).toISOString() }],
          outcome: answered ? OUTCOMES[n % OUTCOMES.length]! : CALL_STATUS.noAnswer,
          rating: answered ? RATINGS[n % RATINGS.length]! : null,
          comment: answered ? COMMENTS[n % COMMENTS.length]! : null,
          created_at: start,
          updated_at: start,
          finished_at: new Date(start.getTime() + 40_000 + time * 1000),
        })
      }
    }
  })
  const inserted = await db.insert(phoneCalls).values(calls).returning({ id: phoneCalls.id, user_id: phoneCalls.user_id, phone: phoneCalls.phone, outcome: phoneCalls.outcome })

  const operator = demo.userId('0150')
  if (operator !== null) {
    await db.insert(contacts).values([
      { phone: '77001000010', name: 'Иванов Иван Иванович', title: 'Генеральный директор', email: 'director@romashka.example', inn: '7700123459', comment: 'ООО «Ромашка», ЛПР', created_by: operator, created_at },
      { phone: '77011234567', name: 'Ахметова Динара', title: 'Бухгалтер', email: null, inn: null, comment: 'Просит писать на почту', created_by: operator, page: 'tender', page_id: 1, created_at },
    ])
    const callBack = inserted.find(c => c.user_id === operator && c.outcome === 104)
    if (callBack) {
      await db.insert(callBackTasks).values({
        type: TASK_TYPE_CALL_BACK,
        user_id: operator,
        author_id: operator,
        phone_call_id: callBack.id,
        phone: callBack.phone,
        name: callBack.phone,
        description: 'Перезвонить по банковской гарантии',
        due_at: new Date(now + DAY),
        created_at,
      })
    }
  }
}
