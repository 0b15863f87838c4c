import type { tenders } from '../tables'

/**
 * Deterministic tenders for the demo seed, the tests and the bench: row `i` is always the same tender (a small
 * seeded generator, no Math.random), so a test can name what it expects and the bench measures the same data every
 * run. Distributions follow the registry's real shape: most procurements under 44-FZ, prices log-spread from tens of
 * thousands to billions, a third without contract security, Moscow and a few large regions more often than others.
 */

export type TenderInsert = typeof tenders.$inferInsert

const DAY = 86_400_000

/** mulberry32: a tiny seeded PRNG, good enough for spreading test data. */
function random(seed: number): () => number {
  let a = seed >>> 0
  return () => {
    a = (a + 0x6d2b79f5) >>> 0
    let t = a
    t = Math.imul(t ^ (t >>> 15), t | 1)
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61)
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296
  }
}

const pick = <T>(r: () => number, items: readonly T[]): T => items[Math.floor(r() * items.length)]!

const SUBJECTS = [
  'Поставка медицинских изделий',
  'Выполнение работ по капитальному ремонту кровли',
  'Оказание услуг по уборке помещений',
  'Поставка компьютерной техники',
  'Строительство автомобильной дороги',
  'Поставка продуктов питания',
  'Техническое обслуживание лифтов',
  'Поставка лекарственных препаратов',
  'Ремонт системы отопления',
  'Оказание услуг охраны',
  'Поставка горюче-смазочных материалов',
  'Благоустройство общественной территории',
]
const OBJECTS = ['для нужд учреждения', 'в 2027 году', 'по адресу: ул. Ленина, д. 5', 'для школы № 12', 'для городской больницы', 'в рамках нацпроекта']
const CUSTOMERS = [
  'ГБУ «Мосгортранс»',
  'АО «Мосводоканал»',
  'ФГБУ «Росгидромет»',
  'МБОУ «Средняя школа № 3»',
  'ГБУЗ «Городская больница № 1»',
  'Администрация городского округа',
  'ФКУ «Упрдор Москва — Нижний Новгород»',
  'ГКУ «Дирекция заказчика ЖКХ»',
]
const WINNER_FORMS = ['ООО', 'АО', 'ИП', 'ООО', 'ООО']
const WINNER_NAMES = ['Стройресурс', 'МедТехника', 'Альфа-Сервис', 'Вектор', 'ТехноПоставка', 'Гарант', 'Северный путь', 'Юг-Строй', 'Прогресс', 'ИнфоСистемы', 'Ромашка', 'Дельта']
const STREETS = ['ул. Ленина', 'пр. Мира', 'ул. Гагарина', 'ул. Садовая', 'наб. Реки Фонтанки']
/** Region codes weighted towards the largest markets (77 Moscow, 50 Moscow region, 78 St Petersburg). */
const REGIONS = [77, 77, 77, 50, 50, 78, 78, 16, 23, 66, 54, 52, 61, 2, 24, 63, 74, 59, 36, 38]

/** A ten-digit company inn with a valid check digit (the project's inn rules check it). */
export function companyInn(seed: number): string {
  const digits = String(1_000_000_000 + ((seed * 7_919) % 8_999_999_999)).slice(1, 10).split('').map(Number)
  const weights = [2, 4, 10, 3, 5, 9, 4, 6, 8]
  const check = (digits.reduce((sum, d, i) => sum + d * weights[i]!, 0) % 11) % 10
  return digits.join('') + check
}

/** Row `i` (0-based) of the deterministic registry, its protocol date counted back from `now`. */
export function tenderRow(i: number, now: number): TenderInsert {
  const r = random(i + 1)
  const law = r() < 0.78 ? 44 : r() < 0.9 ? 223 : 615
  const initial = Math.round(10 ** (4.5 + r() * 5)) // 30 thousand … 3 billion
  const contract = Math.round(initial * (0.6 + r() * 0.4) * 100) / 100
  const guaranteed = r() >= 0.33
  const winnerSeed = Math.floor(r() * 20_000) // winners repeat: the participation card has something to show
  const winnerName = `${pick(r, WINNER_FORMS)} «${pick(r, WINNER_NAMES)}-${winnerSeed}»`
  const daysAgo = Math.floor(r() * 730)
  const at = new Date(now)
  const lotCount = r() < 0.85 ? 1 : 2 + Math.floor(r() * 3)
  const name = `${pick(r, SUBJECTS)} ${pick(r, OBJECTS)}`
  return {
    notification_number: String(3_000_000_000_000_000_000n + BigInt(i) * 7_919n).padStart(19, '0'),
    name,
    customer_name: pick(r, CUSTOMERS),
    customer_inn: companyInn(100_000 + (i % 5_000)),
    federal_law: law,
    region: pick(r, REGIONS),
    initial_price: initial,
    contract_price: contract,
    guarantee_amount: guaranteed ? Math.round(contract * (law === 44 ? 0.05 : 0.1) * 100) / 100 : null,
    protocol_date: new Date(now - daysAgo * DAY).toISOString().slice(0, 10),
    winner_name: winnerName,
    winner_inn: companyInn(winnerSeed),
    winner_kpp: winnerName.startsWith('ИП') ? null : `77${String(1000000 + winnerSeed).slice(1)}01`.slice(0, 9),
    winner_address: `г. Москва, ${pick(r, STREETS)}, д. ${1 + (winnerSeed % 120)}`,
    winner_email: `tender${winnerSeed}@example.com`,
    // The masked form the shared phone schemas check (core/validation).
    winner_phone: `(9${String(10 + (winnerSeed % 89))}) ${String(100 + (winnerSeed % 900))}-${String(10 + (winnerSeed % 90))}-${String(10 + ((winnerSeed * 7) % 90))}`,
    lots: Array.from({ length: lotCount }, (_, lot) => ({ name: `${name}, лот ${lot + 1}`, price: Math.round(initial / lotCount) })),
    source_url: `https://procurement.example/notice/${i}`,
    created_at: at,
    updated_at: at,
  }
}
