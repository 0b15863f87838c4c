import * as v from 'valibot'
import { describe, expect, it } from 'vitest'
import { issuesToValidationMap } from '../../../core/validation'
import {
  bankAccountForm,
  companyForm,
  companyFormFor,
  companyListQuery,
  documentForm,
  financialsForm,
  individualForm,
  licenceForm,
  ownerForm,
  personForm,
  publicLinkForm,
} from './forms'
import { cmsg } from './messages'

const errors = (schema: v.GenericSchema, input: unknown) => {
  const r = v.safeParse(schema, input)
  return r.success ? {} : issuesToValidationMap(r.issues)
}
const parse = <S extends v.GenericSchema>(schema: S, input: unknown) => v.parse(schema, input)

const legal = { kind: 'legal', inn: '7707083893', ogrn: '1027700132195', short_name: 'ПАО Сбербанк' }
const sole = { kind: 'sole', inn: '500100732259', ogrn: '304500116000157', short_name: 'ИП Иванов И. И.' }

describe('company form', () => {
  it('takes a legal entity with inn 10, ogrn 13, kpp 9 and fills the rest with nulls', () => {
    const out = parse(companyForm, { ...legal, kpp: '773601001', legal_address: { city: 'Москва', zipcode: '117312' } })
    expect(out).toMatchObject({ kind: 'legal', inn: '7707083893', kpp: '773601001', status: 'active', full_name: null, legal_form: null })
    expect(out.legal_address).toEqual({ city: 'Москва', zipcode: '117312', street: null, house: null, office: null })
    expect(out.postal_address).toEqual({ city: null, zipcode: null, street: null, house: null, office: null })
  })
  it('takes a sole proprietor with inn 12 and ogrnip 15, drops kpp and forces legal form 1', () => {
    const out = parse(companyForm, { ...sole, kpp: '773601001', legal_form: 3, okpo: '0157972160' })
    expect(out).toMatchObject({ kind: 'sole', kpp: null, legal_form: 1, okpo: '0157972160' })
  })
  it('applies the lengths of the kind', () => {
    expect(errors(companyForm, { ...legal, inn: '500100732259', ogrn: '304500116000157', okpo: '0157972160' })).toEqual({
      inn: cmsg.innLength10,
      ogrn: cmsg.ogrnLength,
      okpo: cmsg.okpoLength8,
    })
    expect(errors(companyForm, { ...sole, inn: '7707083893', ogrn: '1027700132195', okpo: '57972160' })).toEqual({
      inn: cmsg.innLength12,
      ogrn: cmsg.ogrnipLength,
      okpo: cmsg.okpoLength10,
    })
  })
  it('requires a kind, a short name, inn and ogrn', () => {
    expect(errors(companyForm, { kind: 'other' })).toEqual({ kind: cmsg.choice })
    expect(errors(companyForm, { kind: 'legal' })).toMatchObject({ inn: cmsg.required, ogrn: cmsg.required, short_name: cmsg.required })
  })
  it('checks every other field when given', () => {
    expect(
      errors(companyForm, {
        ...legal,
        kpp: '7736',
        okved: '62.01.11.11',
        tax_system: 3,
        organization_type: '9',
        legal_form: 1,
        legal_address: { zipcode: '1234' },
        postal_address: { zipcode: 'abcdef' },
        contact_person_phone: '123',
        site: 'not a site',
        bidder_email: 'nope',
        creation_date: '2999-01-01',
        status: 'bankrupt',
        purpose: 'x'.repeat(2001),
      }),
    ).toEqual({
      kpp: cmsg.kppLength,
      okved: cmsg.okvedLength,
      tax_system: cmsg.choice,
      organization_type: cmsg.choice,
      legal_form: cmsg.choice,
      'legal_address.zipcode': cmsg.zipcodeLength,
      'postal_address.zipcode': cmsg.zipcodeLength,
      contact_person_phone: cmsg.phone,
      site: cmsg.url,
      bidder_email: cmsg.email,
      creation_date: cmsg.date,
      status: cmsg.choice,
      purpose: cmsg.tooLong,
    })
  })
  it('stores masked values as digits', () => {
    const out = parse(companyForm, { ...legal, contact_person_phone: '+7 (700) 100-00-10', creation_date: '14.08.2002', status: 'liquidating' })
    expect(out).toMatchObject({ contact_person_phone: '77001000010', creation_date: '2002-08-14', status: 'liquidating' })
  })
  it('picks the rules by a fixed kind for updates', () => {
    expect(errors(companyFormFor('sole'), { ...legal, kind: 'sole' })).toMatchObject({ inn: cmsg.innLength12 })
    expect(errors(companyFormFor('legal'), legal)).toEqual({})
  })
})

const head = { type: 1, last_name: 'Иванов', first_name: 'Иван' }

describe('responsible person form', () => {
  it('takes a Russian passport in both readings and stores digits', () => {
    const out = parse(personForm, { ...head, document_type: '1', document_series: '45 12', document_number: '345 678', subdivision_code: '770-001', snils: '112-233-445 95' })
    expect(out).toMatchObject({ document_type: 1, document_series: '4512', document_number: '345678', subdivision_code: '770001', snils: '11223344595', citizenship: '643' })
    const bare = parse(personForm, { ...head, document_series: '4512', document_number: '345678', subdivision_code: '770001' })
    expect(bare).toMatchObject({ document_type: 1, document_series: '4512', document_number: '345678', subdivision_code: '770001' })
  })
  it('takes a foreign passport or ID with a 9-digit number and no subdivision code', () => {
    for (const type of [2, 3, '2', '3']) {
      const out = parse(personForm, { ...head, citizenship: '398', document_type: type, document_number: '012345678', document_series: 'N', subdivision_code: '770-001' })
      expect(out).toMatchObject({ document_type: Number(type), document_number: '012345678', subdivision_code: null, citizenship: '398' })
    }
    expect(errors(personForm, { ...head, document_type: 3, document_number: '345678' })).toEqual({ document_number: cmsg.foreignDocumentNumber })
    expect(errors(personForm, { ...head, document_type: 1, document_number: '012345678' })).toEqual({ document_number: cmsg.passportNumber })
    expect(errors(personForm, { ...head, document_type: 4 })).toEqual({ document_type: cmsg.choice })
  })
  it('checks type, names, dates, term and citizenship', () => {
    expect(errors(personForm, { type: 3, birthday: '2999-01-01', term_years: 4, citizenship: 'RU', assigned_at: '31.02.2020', inn: '7707083893' })).toEqual({
      type: cmsg.choice,
      last_name: cmsg.required,
      first_name: cmsg.required,
      birthday: cmsg.date,
      citizenship: cmsg.citizenship,
      inn: cmsg.innLength12,
      assigned_at: cmsg.date,
      term_years: cmsg.choice,
    })
    expect(parse(personForm, { ...head, type: '2', term_years: '5', assigned_at: '2021-06-01' })).toMatchObject({ type: 2, term_years: 5, assigned_at: '2021-06-01' })
  })
  it('needs a share above 25 from a founder and drops it otherwise', () => {
    expect(errors(personForm, { ...head, is_founder: true })).toEqual({ share: cmsg.required })
    expect(errors(personForm, { ...head, is_founder: true, share: 25 })).toEqual({ share: cmsg.shareMin })
    expect(errors(personForm, { ...head, is_founder: true, share: 101 })).toEqual({ share: cmsg.shareMax })
    // A founder's share error shows together with the other field errors.
    expect(errors(personForm, { type: 1, is_founder: true, share: 10 })).toEqual({ last_name: cmsg.required, first_name: cmsg.required, share: cmsg.shareMin })
    expect(parse(personForm, { ...head, is_founder: true, share: '60' }).share).toBe(60)
    expect(parse(personForm, { ...head, is_founder: false, share: 60 }).share).toBeNull()
  })
  it('refuses what is not an object', () => {
    expect(v.safeParse(personForm, 'x').success).toBe(false)
  })
})

describe('individual form', () => {
  it('uses the person rules plus phone and e-mail', () => {
    expect(parse(individualForm, { last_name: 'Петров', first_name: 'Пётр', phone: '(700) 100-00-11', email: 'p@example.com' })).toMatchObject({ phone: '77001000011', email: 'p@example.com', document_type: 1 })
    expect(errors(individualForm, { last_name: 'Петров', first_name: 'Пётр', phone: '123', email: 'x', snils: '123' })).toEqual({ phone: cmsg.phone, email: cmsg.email, snils: cmsg.snilsLength })
  })
})

describe('owner form', () => {
  it('takes a person (inn 12) or a legal entity (inn 10, ogrn 13) with a share', () => {
    expect(parse(ownerForm, { kind: 'individual', name: 'Иванов И. И.', inn: '500100732259', share: 60 })).toMatchObject({ kind: 'individual', share: 60, ogrn: null })
    expect(parse(ownerForm, { kind: 'legal', name: 'ООО «Холдинг»', inn: '7707083893', ogrn: '1027700132195', share: '40' })).toMatchObject({ kind: 'legal', share: 40 })
  })
  it('refuses a wrong kind, inn of the other kind and a share of 25 or less or above 100', () => {
    expect(errors(ownerForm, { kind: 'trust', name: 'x', share: 30 })).toEqual({ kind: cmsg.choice })
    expect(errors(ownerForm, { kind: 'individual', name: 'x', inn: '7707083893', share: 25 })).toEqual({ inn: cmsg.innLength12, share: cmsg.shareMin })
    expect(errors(ownerForm, { kind: 'legal', name: '', inn: '500100732259', share: 100.5 })).toEqual({ name: cmsg.required, inn: cmsg.innLength10, share: cmsg.shareMax })
    expect(errors(ownerForm, { kind: 'legal', name: 'x' })).toEqual({ share: cmsg.required })
  })
})

describe('bank account form', () => {
  it('takes bank, bik, accounts and the main flag', () => {
    expect(parse(bankAccountForm, { bank_name: 'ПАО Сбербанк', bik: '044525225', correspondent_account: '30101810400000000225', settlement_account: '40702810938000000001' })).toMatchObject({ is_main: false })
    expect(errors(bankAccountForm, { bik: '0445', correspondent_account: '301', settlement_account: '407', is_main: 'yes' })).toEqual({
      bank_name: cmsg.required,
      bik: cmsg.bikLength,
      correspondent_account: cmsg.correspondentAccountLength,
      settlement_account: cmsg.settlementAccountLength,
      is_main: expect.any(String),
    })
  })
})

describe('financials form', () => {
  it('takes a year, a quarter (0 = year) and amounts', () => {
    expect(parse(financialsForm, { year: '2024', revenue: '247 180', net_profit: -5 })).toMatchObject({ year: 2024, quarter: 0, revenue: 247180, net_profit: -5, equity: null })
    expect(errors(financialsForm, { year: 1989, quarter: 5, revenue: 'много' })).toEqual({ year: cmsg.year, quarter: cmsg.choice, revenue: cmsg.number })
    expect(errors(financialsForm, {})).toEqual({ year: cmsg.required })
  })
})

describe('documents and licences', () => {
  it('needs a kind and an uploaded file for a document', () => {
    expect(parse(documentForm, { kind: '3', file_id: 7 })).toEqual({ kind: 3, name: null, file_id: 7 })
    expect(errors(documentForm, { kind: 99 })).toEqual({ kind: cmsg.choice, file_id: cmsg.required })
  })
  it('needs kind, number, issuer, issue date; the end date cannot precede it', () => {
    const good = { kind: 'СРО', number: 'СРО-С-1', issuer: 'Ассоциация', issue_date: '15.02.2019', activities: ['Строительство'] }
    expect(parse(licenceForm, good)).toMatchObject({ issue_date: '2019-02-15', end_date: null, file_id: null, activities: ['Строительство'] })
    expect(errors(licenceForm, { ...good, end_date: '2019-01-01' })).toEqual({ end_date: cmsg.dateOrder })
    expect(errors(licenceForm, { activities: [''] })).toMatchObject({ kind: cmsg.required, number: cmsg.required, issuer: cmsg.required, issue_date: cmsg.required, 'activities.0': cmsg.required })
  })
})

describe('public link and list query', () => {
  it('takes a link kind and how many days it works (1, 7, 30 or 90; 30 by default)', () => {
    expect(parse(publicLinkForm, { kind: 'financials' })).toEqual({ kind: 'financials', days: 30 })
    expect(parse(publicLinkForm, { kind: 'documents', days: 7 })).toEqual({ kind: 'documents', days: 7 })
    expect(errors(publicLinkForm, { kind: 'all' })).toEqual({ kind: cmsg.choice })
    expect(errors(publicLinkForm, { kind: 'documents', days: 365 })).toEqual({ days: cmsg.choice })
    expect(errors(publicLinkForm, { kind: 'documents', days: '7' })).toEqual({ days: cmsg.choice })
  })
  it('reads query strings with defaults and limits', () => {
    expect(parse(companyListQuery, {})).toEqual({ page: 1, limit: 20, q: '' })
    expect(parse(companyListQuery, { page: '3', limit: '50', q: ' Ромашка ', kind: 'sole', status: 'active', agent_id: '5' })).toEqual({ page: 3, limit: 50, q: 'Ромашка', kind: 'sole', status: 'active', agent_id: 5 })
    expect(errors(companyListQuery, { page: '0', limit: '101', kind: 'x' })).toEqual({ page: cmsg.number, limit: cmsg.number, kind: cmsg.choice })
  })
})
