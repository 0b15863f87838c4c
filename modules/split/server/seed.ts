import type { Db } from '../../../server/db/client'
import type { DemoSeed } from '../../../server/module'
import { workflowHistory } from '../../../server/db/schema'
import { TARIFF } from '../contract'
import { PAYOUT, addMonths } from '../schedule'
import { splitBids, splitClients, splitTransactions } from '../tables'
import { SPLIT_STATUS, splitWorkflow, TRANSACTION_STATUS, TRANSACTION_TYPE } from '../workflow'

const DAY = 86_400_000
const S = SPLIT_STATUS
const T = TRANSACTION_STATUS

interface DemoClient {
  phone: string
  name: string
  gender: 1 | 2
  address: string
}

const CLIENTS: readonly DemoClient[] = [
  { phone: '77015550101', name: 'Кузнецов Андрей Викторович', gender: 1, address: 'г. Москва, ул. Профсоюзная, д. 56, кв. 12' },
  { phone: '77015550102', name: 'Смирнова Ольга Николаевна', gender: 2, address: 'г. Санкт-Петербург, Невский пр., д. 102, кв. 7' },
  { phone: '77015550103', name: 'Васильев Игорь Петрович', gender: 1, address: 'г. Казань, ул. Баумана, д. 19, кв. 3' },
  { phone: '77015550104', name: 'Попова Екатерина Сергеевна', gender: 2, address: 'г. Екатеринбург, ул. Малышева, д. 44, кв. 81' },
  { phone: '77015550105', name: 'Морозов Дмитрий Алексеевич', gender: 1, address: 'г. Новосибирск, Красный пр., д. 28, кв. 15' },
  { phone: '77015550106', name: 'Волкова Наталья Игоревна', gender: 2, address: 'г. Нижний Новгород, ул. Большая Покровская, д. 7, кв. 2' },
]

interface DemoBid {
  client: number
  author: string
  tariff: 1 | 2
  term: number
  /** Kopecks. */
  amount: bigint
  /** Hundredths of a percent. */
  percent: number
  bonus: number
  payout: 1 | 2 | 4
  status: number
  /** Days before today it was created (and starts earning). */
  age: number
  /** Transactions: [type, status]. */
  tx?: [number, number][]
  reason?: string
  comment?: string
}

/**
 * Split bids in every status (bid 1 is the call-center employee's (0150) new one, which tests/authz-matrix.ts reads),
 * with transactions in every status, and their workflow history.
 */
const BIDS: readonly DemoBid[] = [
  { client: 0, author: '0150', tariff: TARIFF.fintech, term: 12, amount: 150_000_000n, percent: 1850, bonus: 150, payout: PAYOUT.monthly, status: S.notActivated, age: 0 },
  { client: 1, author: '0150', tariff: TARIFF.government, term: 6, amount: 50_000_000n, percent: 1600, bonus: 0, payout: PAYOUT.daily, status: S.awaitingSigning, age: 2 },
  { client: 2, author: '0150', tariff: TARIFF.fintech, term: 24, amount: 300_000_000n, percent: 2000, bonus: 200, payout: PAYOUT.monthly, status: S.awaitingPayment, age: 4, tx: [[TRANSACTION_TYPE.card, T.error], [TRANSACTION_TYPE.requisites, T.waiting]] },
  { client: 3, author: '0150', tariff: TARIFF.government, term: 36, amount: 1_000_000_000n, percent: 1750, bonus: 100, payout: PAYOUT.endOfTerm, status: S.paid, age: 10, tx: [[TRANSACTION_TYPE.requisites, T.completed]] },
  { client: 4, author: '0150', tariff: TARIFF.fintech, term: 3, amount: 20_000_000n, percent: 1500, bonus: 0, payout: PAYOUT.monthly, status: S.completed, age: 120, tx: [[TRANSACTION_TYPE.card, T.completed]] },
  { client: 5, author: '0150', tariff: TARIFF.fintech, term: 12, amount: 80_000_000n, percent: 1900, bonus: 0, payout: PAYOUT.monthly, status: S.rejected, age: 6, tx: [[TRANSACTION_TYPE.card, T.canceled]], reason: 'Паспорт недействителен' },
  { client: 0, author: '0100', tariff: TARIFF.government, term: 18, amount: 250_000_000n, percent: 1700, bonus: 50, payout: PAYOUT.monthly, status: S.notActivated, age: 1, comment: 'Уточните адрес регистрации' },
  { client: 1, author: '0100', tariff: TARIFF.fintech, term: 9, amount: 120_000_000n, percent: 1800, bonus: 100, payout: PAYOUT.daily, status: S.awaitingPayment, age: 3, tx: [[TRANSACTION_TYPE.card, T.waiting]] },
  { client: 2, author: '0100', tariff: TARIFF.government, term: 12, amount: 500_000_000n, percent: 1650, bonus: 0, payout: PAYOUT.endOfTerm, status: S.paid, age: 15, tx: [[TRANSACTION_TYPE.requisites, T.completed]] },
  { client: 3, author: '0100', tariff: TARIFF.fintech, term: 6, amount: 40_000_000n, percent: 1550, bonus: 0, payout: PAYOUT.monthly, status: S.completed, age: 200, tx: [[TRANSACTION_TYPE.requisites, T.completed]] },
  { client: 4, author: '0100', tariff: TARIFF.government, term: 24, amount: 70_000_000n, percent: 1700, bonus: 0, payout: PAYOUT.monthly, status: S.rejected, age: 20, reason: 'Клиент отказался' },
  { client: 5, author: '0150', tariff: TARIFF.fintech, term: 12, amount: 60_000_000n, percent: 1800, bonus: 100, payout: PAYOUT.monthly, status: S.awaitingSigning, age: 1 },
]

/** The actions that lead a bid from 10 to its seeded status (for the history). */
const PATH: Readonly<Record<number, readonly (keyof typeof splitWorkflow.actions)[]>> = {
  [S.notActivated]: [],
  [S.awaitingSigning]: ['verified'],
  [S.awaitingPayment]: ['verified', 'goToPayment'],
  [S.paid]: ['verified', 'goToPayment', 'clientPaid'],
  [S.completed]: ['verified', 'goToPayment', 'clientPaid', 'complete'],
  [S.rejected]: ['verified', 'goToPayment', 'decline'],
}

export async function seedSplit(db: Db, demo: DemoSeed): Promise<void> {
  const now = demo.clock.now()
  const at = new Date(now)
  const clientIds: number[] = []
  for (const c of CLIENTS) {
    const [row] = await db.insert(splitClients).values({ phone: c.phone, full_name: c.name, created_at: at, updated_at: at }).returning({ id: splitClients.id })
    clientIds.push(row!.id)
  }
  const verifier = demo.userId('0170')
  let n = 0
  for (const b of BIDS) {
    n++
    const author = demo.userId(b.author)
    const client = CLIENTS[b.client]!
    const created = new Date(now - b.age * DAY)
    const start = created.toISOString().slice(0, 10)
    const [row] = await db
      .insert(splitBids)
      .values({
        client_id: clientIds[b.client]!,
        author_id: author,
        phone: client.phone,
        full_name: client.name,
        tariff: b.tariff,
        term: b.term,
        amount: b.amount,
        percent: b.percent,
        bonus: b.bonus,
        payout: b.payout,
        gender: client.gender,
        passport_series: String(4500 + n * 7).slice(0, 4),
        passport_number: String(100000 + n * 12345).slice(0, 6),
        passport_issued: addMonths('2015-03-17', n * 5),
        passport_issuer: 'ГУ МВД России по г. Москве',
        address: client.address,
        start_date: start,
        status: b.status,
        decline_reason: b.reason ?? null,
        rework_comment: b.comment ?? null,
        created_at: created,
        updated_at: at,
      })
      .returning({ id: splitBids.id })
    const id = row!.id
    let from: number = S.notActivated
    let step = 0
    const path = b.comment ? (['verified', 'sendForRework'] as const) : b.status === S.rejected && !b.tx ? (['decline'] as const) : (PATH[b.status] ?? [])
    for (const action of path) {
      const to = splitWorkflow.statuses[splitWorkflow.actions[action].to]
      const input = action === 'decline' ? { reason: b.reason ?? '' } : action === 'sendForRework' ? { comment: b.comment ?? '' } : null
      step++
      await db.insert(workflowHistory).values({
        workflow: splitWorkflow.id,
        record_id: id,
        action,
        from_status: from,
        to_status: to,
        input,
        user_id: action === 'verified' || action === 'decline' || action === 'sendForRework' ? (verifier ?? author) : author,
        created_at: new Date(created.getTime() + step * 3_600_000),
      })
      from = to
    }
    for (const [type, status] of b.tx ?? []) {
      await db.insert(splitTransactions).values({ bid_id: id, type, amount: b.amount, status, created_at: created, updated_at: at })
    }
  }
}
