import { describe, expect, it } from 'vitest'
import { pdfPages, pdfText } from '../../../../tests/support/pdf-text'
import { formatDate, formatSum } from './format'
import { renderApplication, renderQuestionnaire } from './render'
import type { ApplicationInput } from './types'

const input: ApplicationInput = {
  bid: {
    number: 1042,
    service_type: 1,
    created_at: '2026-11-20T09:00:00Z',
    submitted_at: '2026-11-21T21:30:00Z',
    federal_law: '44',
    customer_name: 'ГБУ «Дороги Подмосковья»',
    customer_inn: '5024123456',
    customer_address: 'Московская обл., г. Красногорск, ул. Жуковского, д. 9',
    contract_subject: 'Ремонт дорожного покрытия',
    contract_sum: '12345678.9',
    initial_max_price: 13000000,
    security_sum: 617283.95,
    date_bg_start: '2026-12-01',
    date_bg_end: '2027-06-30',
    days: 211,
    type_bg: 1,
    by_customer_form: true,
    direct_debiting: false,
    lots: [{ number: 1, name: 'Участок Щёлково', sum: '1000000' }],
  },
  company: {
    full_name: 'Общество с ограниченной ответственностью «Ромашка»',
    short_name: 'ООО «Ромашка»',
    inn: '7701234567',
    kpp: '770101001',
    ogrn: '1027700000000',
    legal_address: 'г. Москва, ул. Тверская, д. 1',
    postal_address: 'г. Москва, а/я 15',
    director: { name: 'Иванов Иван Иванович', position: 'Генеральный директор' },
    contact: { name: 'Петрова Анна Сергеевна', phone: '+7 (700) 100-00-10', email: 'anna@romashka.ru' },
    accounts: [{ bank: 'ПАО «Сбербанк»', account: '40702810900000000001', bik: '044525225' }],
    owners: [{ name: 'Иванов Иван Иванович', inn: '770100000001', share: '50.5' }],
  },
  banks: [{ name: 'Банк «Восток»' }, { name: 'МФО «Быстрые деньги»', channel: 'mfo' }],
  generated_at: '2026-11-24T08:00:00Z',
}

/** pdftotext breaks lines where the layout does: compare with whitespace collapsed. */
const flat = (text: string) => text.replace(/\s+/g, ' ')

describe('formatting', () => {
  it('writes sums the Russian way and dates as dd.mm.yyyy', () => {
    expect(formatSum('12345678.9')).toBe('12\u00a0345\u00a0678,90')
    expect(formatSum(-5)).toBe('-5,00')
    expect(formatSum('abc')).toBeNull()
    expect(formatSum(null)).toBeNull()
    expect(formatSum(1234.5, 'en')).toBe('1,234.50')
    expect(formatDate('2027-06-30')).toBe('30.06.2027')
    // A timestamp late on the 21st UTC is the 22nd in Moscow.
    expect(formatDate('2026-11-21T21:30:00Z')).toBe('22.11.2026')
    expect(formatDate('nonsense')).toBeNull()
  })
})

describe('the application PDF', () => {
  it('is a PDF whose text reads back in Cyrillic with the bid, the company and the banks', async () => {
    const pdf = await renderApplication(input)
    expect(pdf.subarray(0, 5).toString('latin1')).toBe('%PDF-')
    const text = flat(pdfText(pdf))
    for (const expected of [
      'Заявка № 1042',
      'Банковская гарантия',
      'Общество с ограниченной ответственностью «Ромашка»',
      'ИНН 7701234567',
      'ГБУ «Дороги Подмосковья»',
      '44-ФЗ',
      'Ремонт дорожного покрытия',
      '12 345 678,90 руб.',
      '617 283,95 руб.',
      '13 000 000,00 руб.',
      '01.12.2026',
      '30.06.2027',
      '211 дней',
      'Исполнение контракта',
      'По форме заказчика да',
      'Бесспорное списание нет',
      'Участок Щёлково — 1 000 000,00 руб.',
      'Банк «Восток»',
      'МФО «Быстрые деньги»',
      'Дата подачи 22.11.2026',
      'страница 1 из 2',
    ])
      expect(text).toContain(expected)
    // Fields the bid does not have are left out, not printed empty.
    expect(text).not.toContain('Сумма кредита')
  })

  it('wraps a long value, breaks pages and numbers every page', async () => {
    const long = Array.from({ length: 600 }, (_, i) => `пункт ${i + 1} технического задания;`).join(' ')
    const pdf = await renderApplication({ ...input, bid: { ...input.bid, contract_subject: long } })
    const pages = pdfPages(pdf)
    expect(pages).toBeGreaterThan(2)
    const raw = pdfText(pdf)
    const perPage = raw.split('\f').filter(p => p.trim())
    expect(perPage).toHaveLength(pages)
    perPage.forEach((page, i) => expect(flat(page)).toContain(`страница ${i + 1} из ${pages}`))
    const text = flat(raw)
    expect(text).toContain('пункт 1 технического задания;')
    expect(text).toContain('пункт 600 технического задания;')
    // The lines of the wrapped value stay inside the page: no line is as long as the whole value.
    expect(Math.max(...raw.split('\n').map(l => l.length))).toBeLessThan(200)
  })

  it('gives the same bytes for the same input (the hash a signer signs is stable)', async () => {
    const [a, b] = await Promise.all([renderApplication(input), renderApplication(input)])
    expect(a.equals(b)).toBe(true)
  })

  it('renders in English on request', async () => {
    const text = flat(pdfText(await renderApplication({ ...input, lang: 'en' })))
    expect(text).toContain('Application No. 1042')
    expect(text).toContain('12,345,678.90 RUB')
    expect(text).toContain('Банк «Восток»')
  })
})

describe('the questionnaire PDF', () => {
  it('reads back with the company particulars, director, contact, accounts and owners', async () => {
    const text = flat(pdfText(await renderQuestionnaire(input)))
    for (const expected of [
      'Анкета клиента',
      'к заявке № 1042 от 22.11.2026',
      'КПП 770101001',
      'ОГРН 1027700000000',
      'Почтовый адрес г. Москва, а/я 15',
      'Иванов Иван Иванович',
      'Генеральный директор',
      'Петрова Анна Сергеевна',
      'anna@romashka.ru',
      '40702810900000000001',
      'ПАО «Сбербанк»',
      'Доля 50,5 %',
    ])
      expect(text).toContain(expected)
  })
})
