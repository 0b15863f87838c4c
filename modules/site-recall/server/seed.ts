import type { Db } from '../../../server/db/client'
import type { DemoSeed } from '../../../server/module'
import { SITE_RECALL_STATUS } from '../contract'
import { siteRecalls } from '../tables'

const MINUTE = 60_000

/** A few requests from the site for the demo: new ones, one in work by the verifier (no task), processed ones. */
export async function seedSiteRecalls(db: Db, demo: DemoSeed): Promise<void> {
  const now = demo.clock.now()
  const verifier = demo.userId('0170')
  const admin = demo.userId('0100')
  const at = (minutesAgo: number) => new Date(now - minutesAgo * MINUTE)
  const base = { ip: '203.0.113.10' }
  await db.insert(siteRecalls).values([
    { ...base, name: 'Анна Смирнова', phone: '77015550101', comment: 'Нужна банковская гарантия на исполнение контракта', page: 'https://example.com/guarantees', created_at: at(12) },
    { ...base, name: 'Игорь', phone: '77015550102', comment: '', page: 'https://example.com/', created_at: at(47) },
    { ...base, name: 'ООО «Ромашка», Пётр', phone: '77015550103', comment: 'Перезвоните после 15:00', page: 'https://example.com/credit', created_at: at(180) },
    ...(verifier
      ? [{ ...base, name: 'Елена Викторовна', phone: '77015550104', comment: 'Лизинг спецтехники', page: 'https://example.com/leasing', status: SITE_RECALL_STATUS.work, taken_by: verifier, taken_at: at(30), created_at: at(300) }]
      : []),
    { ...base, name: 'Сергей', phone: '77015550105', comment: 'Уже не актуально', page: 'https://example.com/guarantees', status: SITE_RECALL_STATUS.done, done_by: admin, done_at: at(1440), created_at: at(1500) },
    { ...base, name: 'Марина Козлова', phone: '77015550106', comment: 'Тендерный займ', page: 'https://example.com/tender-loan', status: SITE_RECALL_STATUS.done, taken_by: verifier, taken_at: at(2800), done_by: verifier, done_at: at(2700), created_at: at(2900) },
  ])
}
