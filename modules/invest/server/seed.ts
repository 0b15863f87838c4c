import type { Db } from '../../../server/db/client'
import { companies, workflowHistory } from '../../../server/db/schema'
import type { DemoSeed } from '../../../server/module'
import { asc, eq } from 'drizzle-orm'
import { OFFER_TYPE, PLEDGE_TYPE, type OfferParam } from '../contract'
import { investDeals, investOffers } from '../tables'
import { DEAL_STATUS, dealWorkflow, OFFER_STATUS, offerWorkflow } from '../workflow'

const DAY = 86_400_000
const RUB = 100

interface DemoOffer {
  owner: string
  status: number
  name: string
  title: string
  type: number
  pledge_type?: number
  currency: 'rub' | 'usd'
  income_currency?: 'rub' | 'usd'
  /** Whole units (roubles or dollars). */
  price: [number, number]
  months: [number, number]
  /** Basis points. */
  percent: number
  description: string
  params?: OfferParam[]
  financials?: OfferParam[]
  fail_reason?: string
}

/**
 * Offers in every status from the demo clients (Иванов 0010, whose company is ООО «Ромашка», and Петров 0011) and
 * deals in every status between them. Offer 1 (Иванов's, passed) and deal 1 (Петров's in it, negotiation) are what
 * tests/authz-matrix.ts reads as `:id` 1.
 */
const OFFERS: readonly DemoOffer[] = [
  {
    owner: '0010',
    status: OFFER_STATUS.passed,
    name: 'Расширение производства упаковки',
    title: 'Заём на новую линию',
    type: OFFER_TYPE.loan,
    currency: 'rub',
    price: [500_000, 5_000_000],
    months: [6, 24],
    percent: 1800,
    description: 'ООО «Ромашка» закупает вторую линию по производству гофроупаковки. Заказы на год вперёд подтверждены договорами с тремя сетями.',
    params: [
      { name: 'Отрасль', value: 'Производство упаковки' },
      { name: 'Срок окупаемости', value: '18 месяцев' },
    ],
    financials: [
      { name: 'Выручка за 2025 год', value: '84 млн ₽' },
      { name: 'Чистая прибыль', value: '9,6 млн ₽' },
    ],
  },
  {
    owner: '0010',
    status: OFFER_STATUS.review,
    name: 'Доля в сети кофеен «Зерно»',
    title: 'Доля 10 % в бизнесе',
    type: OFFER_TYPE.share,
    currency: 'rub',
    price: [1_000_000, 3_000_000],
    months: [12, 36],
    percent: 2400,
    description: 'Пять кофеен в Москве, шестая открывается весной. Инвестор получает долю в прибыли пропорционально вложению.',
    params: [{ name: 'Точек', value: '5' }],
  },
  {
    owner: '0010',
    status: OFFER_STATUS.draft,
    name: 'Обновление автопарка',
    title: 'Заём под залог автомобилей',
    type: OFFER_TYPE.pledge,
    pledge_type: PLEDGE_TYPE.car,
    currency: 'rub',
    price: [300_000, 1_200_000],
    months: [6, 12],
    percent: 1500,
    description: 'Черновик: три грузовых автомобиля для доставки.',
  },
  {
    owner: '0010',
    status: OFFER_STATUS.failed,
    name: 'Выпуск облигаций ООО «Ромашка»',
    title: 'Облигации, купон 16 %',
    type: OFFER_TYPE.securities,
    currency: 'rub',
    price: [100_000, 2_000_000],
    months: [12, 24],
    percent: 1600,
    description: 'Биржевые облигации с ежемесячным купоном.',
    fail_reason: 'Нет проспекта эмиссии и бухгалтерской отчётности за последний год.',
  },
  {
    owner: '0011',
    status: OFFER_STATUS.passed,
    name: 'Пополнение оборотных средств склада',
    title: 'Заём под залог склада',
    type: OFFER_TYPE.pledge,
    pledge_type: PLEDGE_TYPE.realEstate,
    currency: 'rub',
    price: [1_000_000, 10_000_000],
    months: [12, 36],
    percent: 1500,
    description: 'Складской комплекс 2 400 м² в Подольске в залоге. Деньги на закупку товара к сезону.',
    params: [{ name: 'Залог', value: 'Складской комплекс, 2 400 м²' }],
    financials: [{ name: 'Оценка залога', value: '46 млн ₽' }],
  },
  {
    owner: '0011',
    status: OFFER_STATUS.passed,
    name: 'Экспортный контракт на станки',
    title: 'Заём в долларах под оборудование',
    type: OFFER_TYPE.pledge,
    pledge_type: PLEDGE_TYPE.production,
    currency: 'usd',
    income_currency: 'usd',
    price: [10_000, 200_000],
    months: [6, 18],
    percent: 900,
    description: 'Поставка станков с ЧПУ в Казахстан; станки в залоге до оплаты покупателем.',
  },
  {
    owner: '0011',
    status: OFFER_STATUS.review,
    name: 'Пекарня на Садовой',
    title: 'Заём на ремонт и печи',
    type: OFFER_TYPE.loan,
    currency: 'rub',
    price: [200_000, 800_000],
    months: [3, 12],
    percent: 2000,
    description: 'Ремонт помещения и две конвекционные печи.',
  },
]

interface DemoDeal {
  offer: number
  investor: string
  status: number
  amount: number
  months: number
  /** Days ago the deal opened. */
  age: number
}

const DEALS: readonly DemoDeal[] = [
  { offer: 0, investor: '0011', status: DEAL_STATUS.negotiation, amount: 1_000_000, months: 12, age: 1 },
  { offer: 0, investor: '0011', status: DEAL_STATUS.awaitingPayment, amount: 750_000, months: 6, age: 5 },
  { offer: 0, investor: '0011', status: DEAL_STATUS.active, amount: 2_000_000, months: 24, age: 40 },
  { offer: 0, investor: '0011', status: DEAL_STATUS.completed, amount: 500_000, months: 6, age: 220 },
  { offer: 0, investor: '0011', status: DEAL_STATUS.declined, amount: 600_000, months: 12, age: 12 },
  { offer: 4, investor: '0010', status: DEAL_STATUS.negotiation, amount: 2_500_000, months: 18, age: 2 },
  { offer: 4, investor: '0010', status: DEAL_STATUS.active, amount: 1_500_000, months: 12, age: 60 },
  { offer: 5, investor: '0010', status: DEAL_STATUS.awaitingPayment, amount: 25_000, months: 12, age: 3 },
]

/** The actions that lead a deal from negotiation to `status` (for its history). */
const DEAL_PATH: Record<number, string[]> = {
  [DEAL_STATUS.negotiation]: [],
  [DEAL_STATUS.awaitingPayment]: ['agreed'],
  [DEAL_STATUS.active]: ['agreed', 'paid'],
  [DEAL_STATUS.completed]: ['agreed', 'paid', 'complete'],
  [DEAL_STATUS.declined]: ['decline'],
}

export async function seedInvest(db: Db, demo: DemoSeed): Promise<void> {
  const now = demo.clock.now()
  const companyOf = async (user: number) => {
    const [row] = await db.select({ id: companies.id }).from(companies).where(eq(companies.owner_user_id, user)).orderBy(asc(companies.id)).limit(1)
    return row?.id ?? null
  }
  const verifier = demo.userId('0170')
  const offerIds: (number | null)[] = []
  const owners: (number | null)[] = []
  for (const [i, o] of OFFERS.entries()) {
    const owner = demo.userId(o.owner)
    owners.push(owner)
    if (owner === null) {
      offerIds.push(null)
      continue
    }
    const at = new Date(now - (90 - i * 7) * DAY)
    const [row] = await db
      .insert(investOffers)
      .values({
        owner_user_id: owner,
        company_id: await companyOf(owner),
        status: o.status,
        name: o.name,
        title: o.title,
        type: o.type,
        pledge_type: o.pledge_type ?? null,
        currency: o.currency,
        income_currency: o.income_currency ?? o.currency,
        price_min: o.price[0] * RUB,
        price_max: o.price[1] * RUB,
        months_min: o.months[0],
        months_max: o.months[1],
        percent_bp: o.percent,
        description: o.description,
        params: o.params ?? [],
        financials: o.financials ?? [],
        fail_reason: o.fail_reason ?? null,
        created_at: at,
        updated_at: at,
      })
      .returning({ id: investOffers.id })
    offerIds.push(row!.id)
    const steps: [string, number, number, number | null, Record<string, unknown> | null][] = []
    if (o.status !== OFFER_STATUS.draft) steps.push(['send', OFFER_STATUS.draft, OFFER_STATUS.review, owner, null])
    if (o.status === OFFER_STATUS.passed) steps.push(['pass', OFFER_STATUS.review, OFFER_STATUS.passed, verifier, null])
    if (o.status === OFFER_STATUS.failed) steps.push(['fail', OFFER_STATUS.review, OFFER_STATUS.failed, verifier, { reason: o.fail_reason ?? '' }])
    for (const [n, [action, from, to, user, input]] of steps.entries()) {
      await db.insert(workflowHistory).values({ workflow: offerWorkflow.id, record_id: row!.id, action, from_status: from, to_status: to, input, user_id: user, created_at: new Date(at.getTime() + (n + 1) * DAY) })
    }
  }

  for (const d of DEALS) {
    const offerId = offerIds[d.offer]
    const owner = owners[d.offer]
    const investor = demo.userId(d.investor)
    const offer = OFFERS[d.offer]!
    if (offerId == null || owner == null || investor === null) continue
    const at = new Date(now - d.age * DAY)
    const started = d.status === DEAL_STATUS.active || d.status === DEAL_STATUS.completed ? new Date(at.getTime() + 2 * DAY) : null
    const [row] = await db
      .insert(investDeals)
      .values({
        offer_id: offerId,
        investor_user_id: investor,
        status: d.status,
        amount: d.amount * RUB,
        months: d.months,
        percent_bp: offer.percent,
        currency: offer.currency,
        income_currency: offer.income_currency ?? offer.currency,
        started_at: started,
        created_at: at,
        updated_at: at,
      })
      .returning({ id: investDeals.id })
    let from: number = DEAL_STATUS.negotiation
    for (const [n, action] of (DEAL_PATH[d.status] ?? []).entries()) {
      const to = dealWorkflow.statuses[dealWorkflow.actions[action as keyof typeof dealWorkflow.actions].to]
      const user = action === 'paid' ? investor : owner
      await db.insert(workflowHistory).values({ workflow: dealWorkflow.id, record_id: row!.id, action, from_status: from, to_status: to, input: null, user_id: user, created_at: new Date(at.getTime() + (n + 1) * DAY) })
      from = to
    }
  }
}
