import * as v from 'valibot'
import { describe, expect, it } from 'vitest'
import {
  amount,
  bik,
  choice,
  citizenship,
  correspondentAccount,
  date,
  documentSeries,
  email,
  foreignDocumentNumber,
  formatPassportNumber,
  formatPassportSeries,
  formatSnils,
  formatSubdivisionCode,
  id,
  inn10,
  inn12,
  innAny,
  kpp,
  ogrn,
  ogrnip,
  okpo10,
  okpo8,
  okved,
  optionalChoice,
  parseDate,
  passportNumber,
  passportSeries,
  pastDate,
  phone,
  requiredText,
  settlementAccount,
  share,
  snils,
  subdivisionCode,
  text,
  url,
  zipcode,
  type FieldRule,
} from './fields'
import { cmsg } from './messages'

/** The first message for `input`, or the output when valid. */
function run(schema: v.GenericSchema, input: unknown): { ok: true; value: unknown } | { ok: false; message: string } {
  const r = v.safeParse(schema, input)
  return r.success ? { ok: true, value: r.output } : { ok: false, message: r.issues[0].message }
}

/** Every rule: good values (stored as `stored`), bad values (with its key), required/optional behaviour. */
function table(name: string, rule: FieldRule, key: string, good: [input: string, stored: string][], bad: string[]) {
  describe(name, () => {
    it.each(good)('accepts %j and stores %j', (input, stored) => {
      expect(run(rule.required, input)).toEqual({ ok: true, value: stored })
      expect(run(rule.optional, `  ${input} `)).toEqual({ ok: true, value: stored })
    })
    it.each(bad)('refuses %j', input => {
      expect(run(rule.required, input)).toEqual({ ok: false, message: key })
      expect(run(rule.optional, input)).toEqual({ ok: false, message: key })
    })
    it('is required, or optional with empty as null', () => {
      for (const empty of ['', '   ', null, undefined]) {
        expect(run(rule.required, empty)).toEqual({ ok: false, message: cmsg.required })
        expect(run(rule.optional, empty)).toEqual({ ok: true, value: null })
      }
      expect(run(rule.optional, 12)).toEqual({ ok: false, message: cmsg.required })
    })
  })
}

// SPEC §5: "Inn: 10 or 12 characters (10 for company, 12 for sole proprietor; context-dependent)".
table('inn of a company (10)', inn10, cmsg.innLength10, [['7707083893', '7707083893'], ['7707083894', '7707083894']], ['770708389', '500100732259', '77070838a3', '7707 083893'])
table('inn of a sole proprietor or person (12)', inn12, cmsg.innLength12, [['500100732259', '500100732259']], ['7707083893', '5001007322590', '50010073225x'])
table('inn either way', innAny, cmsg.innLength, [['7707083893', '7707083893'], ['500100732259', '500100732259']], ['77070838931', '1234'])
// Kpp 9: 4 digits, 2 digits or Latin capitals, 3 digits.
table('kpp (9)', kpp, cmsg.kppLength, [['773601001', '773601001'], ['7736AB001', '7736AB001'], ['7736ab001', '7736AB001']], ['77360100', '7736010011', '7736ЯЯ001', 'A73601001'])
table('ogrn (13)', ogrn, cmsg.ogrnLength, [['1027700132195', '1027700132195']], ['102770013219', '304500116000157', '10277001321x5'])
table('ogrnip (15)', ogrnip, cmsg.ogrnipLength, [['304500116000157', '304500116000157']], ['1027700132195', '3045001160001570'])
table('okpo of a company (8)', okpo8, cmsg.okpoLength8, [['57972160', '57972160']], ['5797216', '0057972160', '5797216a'])
table('okpo of a sole proprietor (10)', okpo10, cmsg.okpoLength10, [['0157972160', '0157972160']], ['57972160', '01579721601'])
// Okved at most 10 characters.
table('okved (≤ 10)', okved, cmsg.okvedLength, [['62.01', '62.01'], ['41.20', '41.20'], ['62.01.1', '62.01.1'], ['43.99.11', '43.99.11'], ['62011', '62011'], ['62', '62']], ['6', '62..01', '62.01.', 'ab.01', '62.01.11.11', '1234567890A'])
table('bik (9 digits)', bik, cmsg.bikLength, [['044525225', '044525225']], ['04452522', '0445252250', '04452522O'])
table('correspondent account (20)', correspondentAccount, cmsg.correspondentAccountLength, [['30101810400000000225', '30101810400000000225']], ['3010181040000000022', '301018104000000002250', '3010181040000000022x'])
table('settlement account (20 digits)', settlementAccount, cmsg.settlementAccountLength, [['40702810938000000001', '40702810938000000001']], ['4070281093800000000', '407028109380000000011', '40702810938000000 01'])
table('zipcode (6)', zipcode, cmsg.zipcodeLength, [['123112', '123112']], ['12311', '1231120', '12311a'])
// Snils: 14 characters masked, or 11 digits; stored as digits.
table('snils (###-###-### ## or 11 digits)', snils, cmsg.snilsLength, [['112-233-445 95', '11223344595'], ['11223344595', '11223344595']], ['112-233-445-95', '112 233 445 95', '1122334459', '112233445950', '112-233-44595'])
// Passport series: 5 masked ("## ##") or 4 digits.
table('passport series (## ## or 4 digits)', passportSeries, cmsg.passportSeries, [['45 12', '4512'], ['4512', '4512']], ['451', '45122', '4 512', '45-12', 'AB12'])
// Passport number: 6 digits, or 7 masked ("### ###").
table('passport number (6 digits or ### ###)', passportNumber, cmsg.passportNumber, [['345678', '345678'], ['345 678', '345678']], ['34567', '3456789', '34 5678', '№345678'])
// 9 for a foreign or Kazakh document.
table('foreign or Kazakh document number (9)', foreignDocumentNumber, cmsg.foreignDocumentNumber, [['751234567', '751234567'], ['012345678', '012345678']], ['75123456', '7512345678', '75 1234567'])
table('series of a foreign document', documentSeries, cmsg.documentSeries, [['75', '75'], ['AB 12', 'AB 12'], ['N', 'N']], ['12345678901', '12-34'])
// Subdivision code: 7 masked ("###-###") or 6 digits.
table('subdivision code (###-### or 6 digits)', subdivisionCode, cmsg.subdivisionCode, [['770-001', '770001'], ['770001', '770001']], ['770-01', '7700011', '770 001', '77-0001'])
table('citizenship (OKSM, 3 digits)', citizenship, cmsg.citizenship, [['643', '643'], ['398', '398']], ['64', 'RUS', '6430'])
table('e-mail', email, cmsg.email, [['tender@romashka.example', 'tender@romashka.example'], ['a.b+c@mail.ru', 'a.b+c@mail.ru']], ['tender@', 'tender.romashka.example', 'a b@mail.ru', 'a@b'])
// URL: optional, must look like a web address.
table('URL', url, cmsg.url, [['https://romashka.example', 'https://romashka.example'], ['romashka.ru', 'romashka.ru'], ['http://сайт.рф/о-нас?x=1', 'http://сайт.рф/о-нас?x=1'], ['www.example.com:8080/a', 'www.example.com:8080/a']], ['romashka', 'http://', 'ftp://example.com', 'exa mple.com', 'https://-bad.com'])
table('phone', phone, cmsg.phone, [['+7 (700) 100-00-10', '77001000010'], ['(700) 100-00-10', '77001000010'], ['77001000010', '77001000010']], ['+7 (700) 100-00-1', '8700100001', '+1 (700) 100-00-10'])
table('date (YYYY-MM-DD or DD.MM.YYYY)', date, cmsg.date, [['2024-02-29', '2024-02-29'], ['29.02.2024', '2024-02-29'], ['01.12.2030', '2030-12-01']], ['2023-02-29', '31.04.2024', '2024-13-01', '2024/01/01', '1899-12-31', '24-01-01'])

describe('a date in the past', () => {
  it('refuses a future date with its own message', () => {
    expect(run(pastDate.required, '2001-01-01')).toEqual({ ok: true, value: '2001-01-01' })
    expect(run(pastDate.required, '01.01.2099')).toEqual({ ok: false, message: cmsg.dateInFuture })
    expect(run(pastDate.optional, '2099-01-01')).toEqual({ ok: false, message: cmsg.dateInFuture })
    expect(run(pastDate.optional, '')).toEqual({ ok: true, value: null })
    expect(run(pastDate.required, 'вчера')).toEqual({ ok: false, message: cmsg.date })
    expect(pastDate.accepts('2001-01-01')).toBe(true)
    expect(parseDate('2001-1-1')).toBeNull()
  })
})

describe('share (required, more than 25, at most 100)', () => {
  it.each([
    [25.01, 25.01],
    [26, 26],
    ['30', 30],
    ['30,5', 30.5],
    [' 99.999 ', 100],
    [100, 100],
  ])('accepts %j as %j', (input, stored) => {
    expect(run(share, input)).toEqual({ ok: true, value: stored })
  })
  it('refuses 25 and below with "more than 25%", above 100 with "at most 100%"', () => {
    for (const low of [25, 24, 24.99, 0, -5, '25']) expect(run(share, low)).toEqual({ ok: false, message: cmsg.shareMin })
    for (const high of [100.01, 101, '150']) expect(run(share, high)).toEqual({ ok: false, message: cmsg.shareMax })
  })
  it('is required and numeric', () => {
    for (const empty of ['', null, undefined]) expect(run(share, empty)).toEqual({ ok: false, message: cmsg.required })
    for (const junk of ['abc', '30%', {}, Number.NaN]) expect(run(share, junk)).toEqual({ ok: false, message: cmsg.number })
  })
})

describe('text, choices, amounts and ids', () => {
  it('trims text, empty is null, long is refused', () => {
    expect(run(text(5), '  abc ')).toEqual({ ok: true, value: 'abc' })
    expect(run(text(5), ' ')).toEqual({ ok: true, value: null })
    expect(run(text(5), 'abcdef')).toEqual({ ok: false, message: cmsg.tooLong })
    expect(run(requiredText(5), ' ')).toEqual({ ok: false, message: cmsg.required })
    expect(run(requiredText(5), 'abcdef')).toEqual({ ok: false, message: cmsg.tooLong })
  })
  it('takes a choice as a number or its string', () => {
    expect(run(choice([1, 2] as const), '2')).toEqual({ ok: true, value: 2 })
    expect(run(choice([1, 2] as const), 3)).toEqual({ ok: false, message: cmsg.choice })
    expect(run(choice([1, 2] as const), undefined)).toEqual({ ok: false, message: cmsg.required })
    expect(run(optionalChoice([3, 5] as const), '')).toEqual({ ok: true, value: null })
    expect(run(optionalChoice([3, 5] as const), 4)).toEqual({ ok: false, message: cmsg.choice })
  })
  it('rounds amounts to kopecks and accepts spaces and commas', () => {
    expect(run(amount, '1 234,567')).toEqual({ ok: true, value: 1234.57 })
    expect(run(amount, -10)).toEqual({ ok: true, value: -10 })
    expect(run(amount, '')).toEqual({ ok: true, value: null })
    expect(run(amount, '12a')).toEqual({ ok: false, message: cmsg.number })
    expect(run(amount, 1e16)).toEqual({ ok: false, message: cmsg.number })
    // numeric(17, 2) holds less than 10^15: the limit itself and what rounds up to it are refused.
    expect(run(amount, 1e15)).toEqual({ ok: false, message: cmsg.number })
    expect(run(amount, 999_999_999_999_999.999)).toEqual({ ok: false, message: cmsg.number })
    expect(run(amount, 999_999_999_999.99)).toEqual({ ok: true, value: 999_999_999_999.99 })
  })
  it('takes ids as positive integers', () => {
    expect(run(id, '12')).toEqual({ ok: true, value: 12 })
    expect(run(id, 12)).toEqual({ ok: true, value: 12 })
    for (const bad of [0, -1, 1.5, 'x', null, undefined, 2 ** 31, 1e308]) expect(run(id, bad)).toEqual({ ok: false, message: cmsg.required })
    expect(run(id, 2 ** 31 - 1)).toEqual({ ok: true, value: 2 ** 31 - 1 })
  })
})

describe('display forms (the masked reading)', () => {
  it('formats stored digits for display', () => {
    expect(formatSnils('11223344595')).toBe('112-233-445 95')
    expect(formatPassportSeries('4512')).toBe('45 12')
    expect(formatPassportNumber('345678')).toBe('345678')
    expect(formatSubdivisionCode('770001')).toBe('770-001')
    expect(formatSnils('123')).toBe('123')
  })
})
