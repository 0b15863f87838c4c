import { completeInn, completeOgrn, completeSettlementAccount, completeSnils } from '../rules/checksums'
import type { CompanyStatus } from '../rules/catalogues'
import type { Address } from '../rules/forms'

/**
 * Deterministic, realistic demo data: organisations with check-digit-valid INN/OGRN/KPP, Russian names and
 * addresses, banks with matching BIK and accounts. A seeded PRNG keeps every run (and every test) the same.
 */

export type Rand = () => number

/** mulberry32: small, fast, good enough for demo data. */
export function prng(seed: number): Rand {
  let a = seed >>> 0
  return () => {
    a = (a + 0x6d2b79f5) >>> 0
    let t = a
    t = Math.imul(t ^ (t >>> 15), t | 1)
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61)
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296
  }
}

export const pick = <T>(rand: Rand, list: readonly T[]): T => list[Math.floor(rand() * list.length)]!
const digits = (rand: Rand, n: number) => Array.from({ length: n }, () => Math.floor(rand() * 10)).join('')
const between = (rand: Rand, min: number, max: number) => min + Math.floor(rand() * (max - min + 1))

/** Regions: the tax office prefix of the INN, the OGRN region code, a city with its streets and postcodes. */
const REGIONS = [
  { tax: ['7701', '7704', '7707', '7710', '7713', '7717', '7721', '7725', '7728', '7731', '7736', '7743'], code: '77', city: 'Москва', zip: '1', streets: ['ул. Тверская', 'Ленинский пр-т', 'ул. Новый Арбат', 'Кутузовский пр-т', 'ул. Большая Ордынка', 'ул. Профсоюзная', 'Варшавское ш.', 'ул. Летниковская', 'Научный проезд', 'ул. Верейская'] },
  { tax: ['7801', '7802', '7805', '7810', '7813', '7816', '7825', '7838', '7842'], code: '78', city: 'Санкт-Петербург', zip: '19', streets: ['Невский пр-т', 'Московский пр-т', 'ул. Садовая', 'Лиговский пр-т', 'ул. Марата', 'наб. Обводного канала'] },
  { tax: ['5003', '5018', '5024', '5029', '5032', '5047'], code: '50', city: 'Химки', zip: '141', streets: ['Ленинградское ш.', 'ул. Московская', 'ул. Заводская'] },
  { tax: ['6658', '6671', '6679', '6685'], code: '66', city: 'Екатеринбург', zip: '620', streets: ['ул. Малышева', 'пр-т Ленина', 'ул. Радищева', 'ул. Белинского'] },
  { tax: ['1655', '1657', '1659', '1660'], code: '16', city: 'Казань', zip: '420', streets: ['ул. Баумана', 'ул. Пушкина', 'пр-т Победы', 'ул. Декабристов'] },
  { tax: ['5402', '5405', '5406', '5410'], code: '54', city: 'Новосибирск', zip: '630', streets: ['Красный пр-т', 'ул. Кирова', 'ул. Фрунзе'] },
  { tax: ['6161', '6163', '6164', '6165'], code: '61', city: 'Ростов-на-Дону', zip: '344', streets: ['ул. Большая Садовая', 'пр-т Будённовский', 'ул. Красноармейская'] },
  { tax: ['2308', '2309', '2310', '2311'], code: '23', city: 'Краснодар', zip: '350', streets: ['ул. Красная', 'ул. Северная', 'ул. Уральская'] },
  { tax: ['5260', '5262', '5263'], code: '52', city: 'Нижний Новгород', zip: '603', streets: ['ул. Большая Покровская', 'ул. Варварская', 'Московское ш.'] },
  { tax: ['6315', '6316', '6317'], code: '63', city: 'Самара', zip: '443', streets: ['ул. Куйбышева', 'Московское ш.', 'ул. Ново-Садовая'] },
] as const

const ROOTS = ['Строй', 'Техно', 'Агро', 'Инвест', 'Снаб', 'Торг', 'Пром', 'Транс', 'Энерго', 'Мед', 'Логистик', 'Сервис', 'Монтаж', 'Проект', 'Софт', 'Дор', 'Газ', 'Нефте', 'Лес', 'Металл', 'Хим', 'Электро', 'Тепло', 'Вод', 'Инжиниринг', 'Телеком']
const TAILS = ['Групп', 'Альянс', 'Ресурс', 'Комплекс', 'Систем', 'Маркет', 'Холдинг', 'Партнёр', 'Лайн', 'Эксперт', 'Центр', 'Плюс', 'Индустрия', 'Снаб', 'Стандарт']
const WORDS = ['Северный', 'Восточный', 'Уральский', 'Волжский', 'Сибирский', 'Балтийский', 'Столичный', 'Первый', 'Региональный', 'Объединённый']
const NOUNS = ['Завод', 'Комбинат', 'Терминал', 'Дом', 'Склад', 'Двор', 'Парк', 'Альянс']
const NAMED = ['Вектор', 'Гранит', 'Меридиан', 'Альфа', 'Орион', 'Сириус', 'Атлант', 'Феникс', 'Горизонт', 'Континент', 'Магистраль', 'Прогресс', 'Импульс', 'Кристалл', 'Пульсар', 'Аврора']

const MALE = ['Александр', 'Дмитрий', 'Максим', 'Сергей', 'Андрей', 'Алексей', 'Артём', 'Илья', 'Кирилл', 'Михаил', 'Николай', 'Павел', 'Роман', 'Владимир', 'Игорь']
const FEMALE = ['Анна', 'Мария', 'Елена', 'Ольга', 'Наталья', 'Татьяна', 'Ирина', 'Светлана', 'Юлия', 'Екатерина', 'Дарья', 'Ксения']
const SURNAMES = ['Иванов', 'Смирнов', 'Кузнецов', 'Попов', 'Васильев', 'Петров', 'Соколов', 'Михайлов', 'Новиков', 'Фёдоров', 'Морозов', 'Волков', 'Алексеев', 'Лебедев', 'Семёнов', 'Егоров', 'Павлов', 'Козлов', 'Степанов', 'Николаев', 'Орлов', 'Андреев', 'Макаров', 'Никитин', 'Захаров', 'Зайцев', 'Соловьёв', 'Борисов', 'Яковлев', 'Григорьев']
const PATRONYMICS = ['Александро', 'Дмитрие', 'Сергее', 'Андрее', 'Алексее', 'Михайло', 'Николае', 'Владимиро', 'Игоре', 'Викторо', 'Петро', 'Юрье'] // + вич / вна

/** OKVED codes typical for the customers of guarantees and loans (construction, supply, IT, transport, …). */
const OKVED = ['41.20', '42.11', '43.21', '43.99', '46.90', '46.73', '47.19', '49.41', '52.10', '62.01', '62.02', '71.12', '68.20', '33.12', '35.11', '10.89', '25.11', '81.10', '86.10', '85.41']

export interface Person {
  last_name: string
  first_name: string
  middle_name: string
  female: boolean
}

export function person(rand: Rand): Person {
  const female = rand() < 0.4
  const surname = pick(rand, SURNAMES)
  const father = pick(rand, PATRONYMICS)
  return {
    female,
    last_name: female ? `${surname}а` : surname,
    first_name: pick(rand, female ? FEMALE : MALE),
    middle_name: `${father}${female ? 'вна' : 'вич'}`,
  }
}
export const fullName = (p: Person) => `${p.last_name} ${p.first_name} ${p.middle_name}`
const initials = (p: Person) => `${p.last_name} ${p.first_name[0]}. ${p.middle_name[0]}.`

export interface RegistryOrg {
  inn: string
  ogrn: string
  kpp: string | null
  okpo: string
  okved: string
  short_name: string
  full_name: string
  legal_address: Address
  head_name: string
  head_position: string
  registration_date: string
  status: CompanyStatus
}

function address(rand: Rand, region: (typeof REGIONS)[number]): Address {
  const zip = (region.zip + digits(rand, 6)).slice(0, 6)
  return { city: region.city, zipcode: zip, street: pick(rand, region.streets), house: `${between(rand, 1, 120)}${rand() < 0.2 ? `, стр. ${between(rand, 1, 9)}` : ''}`, office: rand() < 0.7 ? `оф. ${between(rand, 1, 650)}` : null }
}

function companyName(rand: Rand): string {
  const r = rand()
  if (r < 0.45) return `${pick(rand, ROOTS)}${pick(rand, TAILS)}`
  if (r < 0.75) return pick(rand, NAMED) + (rand() < 0.5 ? `-${pick(rand, ROOTS)}` : '')
  return `${pick(rand, WORDS)} ${pick(rand, NOUNS).toLowerCase()}`.replace(/^./, c => c.toUpperCase())
}

const FORMS = [
  { short: 'ООО', full: 'Общество с ограниченной ответственностью', weight: 0.7, legalForm: 3 },
  { short: 'АО', full: 'Акционерное общество', weight: 0.12, legalForm: 2 },
  { short: 'ПАО', full: 'Публичное акционерное общество', weight: 0.03, legalForm: 2 },
] as const

/** One organisation of the registry; ~15 % are sole proprietors (inn 12, ogrnip 15, no kpp). */
export function organization(rand: Rand): RegistryOrg & { legal_form: number } {
  const region = pick(rand, REGIONS)
  const tax = pick(rand, region.tax)
  const year = between(rand, 2002, 2023)
  const yy = String(year % 100).padStart(2, '0')
  const head = person(rand)
  const date = `${year}-${String(between(rand, 1, 12)).padStart(2, '0')}-${String(between(rand, 1, 28)).padStart(2, '0')}`
  const status: CompanyStatus = rand() < 0.92 ? 'active' : pick(rand, ['reorganizing', 'liquidating', 'liquidated'] as const)
  if (rand() < 0.15) {
    const inn = completeInn(tax + digits(rand, 6))
    return {
      inn,
      ogrn: completeOgrn(`3${yy}${region.code}${digits(rand, 9)}`),
      kpp: null,
      okpo: digits(rand, 10),
      okved: pick(rand, OKVED),
      short_name: `ИП ${initials(head)}`,
      full_name: `Индивидуальный предприниматель ${fullName(head)}`,
      legal_address: address(rand, region),
      head_name: fullName(head),
      head_position: 'Индивидуальный предприниматель',
      registration_date: date,
      status,
      legal_form: 1,
    }
  }
  const roll = rand()
  const form = roll < 0.82 ? FORMS[0] : roll < 0.97 ? FORMS[1] : FORMS[2]
  const name = companyName(rand)
  return {
    inn: completeInn(tax + digits(rand, 5)),
    ogrn: completeOgrn(`1${yy}${region.code}${digits(rand, 2)}${digits(rand, 5)}`),
    kpp: `${tax}01001`,
    okpo: digits(rand, 8),
    okved: pick(rand, OKVED),
    short_name: `${form.short} «${name}»`,
    full_name: `${form.full} «${name}»`,
    legal_address: address(rand, region),
    head_name: fullName(head),
    head_position: 'Генеральный директор',
    registration_date: date,
    status,
    legal_form: form.legalForm,
  }
}

/** `count` organisations with distinct INNs. */
export function organizations(seed: number, count: number): (RegistryOrg & { legal_form: number })[] {
  const rand = prng(seed)
  const seen = new Set<string>()
  const out: (RegistryOrg & { legal_form: number })[] = []
  while (out.length < count) {
    const org = organization(rand)
    if (seen.has(org.inn)) continue
    seen.add(org.inn)
    out.push(org)
  }
  return out
}

/** Real Russian banks' BIK and correspondent accounts (public requisites). */
export const BANKS = [
  { name: 'ПАО Сбербанк', bik: '044525225', corr: '30101810400000000225' },
  { name: 'Банк ВТБ (ПАО)', bik: '044525187', corr: '30101810700000000187' },
  { name: 'АО «Альфа-Банк»', bik: '044525593', corr: '30101810200000000593' },
  { name: 'АО «ТБанк»', bik: '044525974', corr: '30101810145250000974' },
  { name: 'ПАО «Промсвязьбанк»', bik: '044525555', corr: '30101810400000000555' },
] as const

/** A settlement account of a company at this bank (ruble account of a legal entity, 40702…, or of a sole proprietor, 40802…). */
export function settlementAccount(rand: Rand, bik: string, sole = false): string {
  return completeSettlementAccount(`${sole ? '40802' : '40702'}810${digits(rand, 12)}`, bik)
}

export const snils = (rand: Rand) => completeSnils(String(between(rand, 2, 199)).padStart(3, '0') + digits(rand, 6))
export const personInn = (rand: Rand) => completeInn(`77${digits(rand, 8)}`)
export const passport = (rand: Rand) => ({ series: `45${String(between(rand, 0, 24)).padStart(2, '0')}`, number: digits(rand, 6), subdivision: `770-${digits(rand, 3)}` })
export const phone11 = (rand: Rand) => `79${digits(rand, 9)}`
export { between, digits }
