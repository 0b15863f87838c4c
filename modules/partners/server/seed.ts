import type { Db } from '../../../server/db/client'
import type { DemoSeed } from '../../../server/module'
import type { DocumentCode, PartnerKind, ServiceType } from '../contract'
import { partnerProducts, partners, partnerStaff } from '../tables'

interface SeedProduct {
  service: ServiceType
  rate: number
  minFee: number
  min: number | null
  max: number | null
  days: number | null
  docs: DocumentCode[]
  conditions: string
}

interface SeedPartner {
  name: string
  short_name: string
  kind: PartnerKind
  inn: string | null
  bik: string | null
  site: string | null
  /** Multiplies the base rates: each bank a little cheaper or dearer. */
  price: number
  services: readonly ServiceType[]
  /** The largest sum it takes, rubles. */
  ceiling: number
}

const BASIC: DocumentCode[] = ['passport', 'enterprise_card']
const FULL: DocumentCode[] = ['passport', 'enterprise_card', 'financial_statements', 'tax_returns']

/** The base product of each service; the banks' own are these scaled by their price and ceiling. */
const BASE: Record<ServiceType, Omit<SeedProduct, 'service'>> = {
  1: { rate: 3.2, minFee: 1500, min: 10_000, max: null, days: 1100, docs: [...FULL, 'contract_draft'], conditions: 'Гарантии по 44-ФЗ, 223-ФЗ и 185-ФЗ; до 1 млн ₽ — по паспорту и карточке предприятия, без залога.' },
  2: { rate: 2.4, minFee: 990, min: 5_000, max: null, days: 365, docs: BASIC, conditions: 'Обеспечение заявки на участие в закупке; решение в течение дня.' },
  3: { rate: 0, minFee: 0, min: null, max: null, days: null, docs: ['passport', 'enterprise_card', 'charter'], conditions: 'Открытие счёта бесплатно, обслуживание от 490 ₽ в месяц, интернет-банк и API.' },
  4: { rate: 0, minFee: 0, min: null, max: null, days: null, docs: ['passport', 'enterprise_card', 'charter'], conditions: 'Специальный счёт участника закупок (44-ФЗ), оператор электронной площадки — любой из федеральных.' },
  5: { rate: 16.5, minFee: 5000, min: 500_000, max: null, days: 1825, docs: [...FULL, 'bank_statements'], conditions: 'Оборотный кредит; залог или поручительство собственника; досрочное погашение без комиссии.' },
  6: { rate: 21, minFee: 3000, min: 100_000, max: 30_000_000, days: 180, docs: [...BASIC, 'bank_statements'], conditions: 'Кредит на исполнение контракта по 44-ФЗ и 223-ФЗ, погашение из выручки по контракту.' },
  7: { rate: 24, minFee: 2000, min: 50_000, max: 5_000_000, days: 365, docs: [...BASIC, 'bank_statements'], conditions: 'Заём без залога; решение за 1 день; выдача на расчётный счёт.' },
  8: { rate: 12.9, minFee: 10_000, min: 300_000, max: null, days: 1825, docs: FULL, conditions: 'Лизинг транспорта и оборудования; аванс от 10 %; страхование предмета лизинга — за лизингополучателем.' },
}

const ALL: ServiceType[] = [1, 2, 3, 4, 5, 6, 7, 8]

/** Bank #1 is the demo bank users' (0040, 0045, 0041). */
const PARTNERS: readonly SeedPartner[] = [
  { name: 'Публичное акционерное общество «Сбербанк России»', short_name: 'ПАО Сбербанк', kind: 'bank', inn: '7707083893', bik: '044525225', site: 'https://www.sberbank.ru', price: 1, services: ALL, ceiling: 500_000_000 },
  { name: 'Банк ВТБ (публичное акционерное общество)', short_name: 'Банк ВТБ (ПАО)', kind: 'bank', inn: '7702070139', bik: '044525187', site: 'https://www.vtb.ru', price: 1.05, services: [1, 2, 3, 4, 5, 6, 8], ceiling: 500_000_000 },
  { name: 'Акционерное общество «Альфа-Банк»', short_name: 'АО «Альфа-Банк»', kind: 'bank', inn: '7728168971', bik: '044525593', site: 'https://alfabank.ru', price: 0.95, services: [1, 2, 3, 4, 5, 6], ceiling: 300_000_000 },
  { name: 'Публичное акционерное общество «Промсвязьбанк»', short_name: 'ПАО «Промсвязьбанк»', kind: 'bank', inn: '7744000912', bik: '044525555', site: 'https://www.psbank.ru', price: 0.9, services: [1, 2, 4, 5, 6], ceiling: 1_000_000_000 },
  { name: 'Публичное акционерное общество «Совкомбанк»', short_name: 'ПАО «Совкомбанк»', kind: 'bank', inn: '4401116480', bik: '043469743', site: 'https://sovcombank.ru', price: 1.1, services: [1, 2, 3, 4, 5, 8], ceiling: 200_000_000 },
  { name: 'Акционерное общество «Российский Сельскохозяйственный банк»', short_name: 'АО «Россельхозбанк»', kind: 'bank', inn: '7725114488', bik: '044525111', site: 'https://www.rshb.ru', price: 1.15, services: [1, 3, 5, 8], ceiling: 150_000_000 },
  { name: 'Общество с ограниченной ответственностью микрофинансовая компания «Бизнес-Займ»', short_name: 'МФК «Бизнес-Займ»', kind: 'mfo', inn: null, bik: null, site: null, price: 1.4, services: [6, 7], ceiling: 5_000_000 },
  { name: 'Общество с ограниченной ответственностью микрокредитная компания «Тендерный заём»', short_name: 'МКК «Тендерный заём»', kind: 'mfo', inn: null, bik: null, site: null, price: 1.6, services: [2, 6, 7], ceiling: 3_000_000 },
]

const round = (x: number, step: number) => Math.round(x / step) * step

/** The demo partners and their products; the demo bank users belong to bank #1. */
export async function seedPartners(db: Db, demo: DemoSeed): Promise<void> {
  const created_at = new Date(demo.clock.now())
  const rows = await db
    .insert(partners)
    .values(PARTNERS.map(({ price: _p, services: _s, ceiling: _c, ...p }) => ({ ...p, created_at })))
    .returning({ id: partners.id })
  await db.insert(partnerProducts).values(
    PARTNERS.flatMap((p, i) =>
      p.services.map(service => {
        const base = BASE[service]
        const max = base.max === null ? p.ceiling : Math.min(base.max, p.ceiling)
        return {
          partner_id: rows[i]!.id,
          service_type: service,
          rate_percent: Math.round(base.rate * p.price * 100) / 100,
          min_fee: round(base.minFee * p.price, 10),
          min_amount: base.min,
          max_amount: service === 3 || service === 4 ? null : max,
          max_term_days: base.days,
          required_documents: base.docs,
          conditions: base.conditions,
          created_at,
        }
      }),
    ),
  )
  const first = rows[0]!.id
  const staff = ['0040', '0045', '0041'].map(s => demo.userId(s)).filter((id): id is number => id !== null)
  if (staff.length > 0) await db.insert(partnerStaff).values(staff.map(user_id => ({ user_id, partner_id: first, created_at })))
}
