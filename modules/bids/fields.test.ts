import * as v from 'valibot'
import { describe, expect, it } from 'vitest'
import { bidAmount, createBidSchema, draftSchema, FIELD_SCHEMAS, submitSchema } from './fields'
import { BID_FIELDS, FIELDS_BY_SERVICE, SERVICE, SERVICE_CODES, WIZARD_STEPS, fieldsOfService } from './services'

const issues = (schema: v.GenericSchema, input: unknown): Record<string, string> => {
  const result = v.safeParse(schema, input)
  if (result.success) return {}
  return Object.fromEntries(result.issues.map(issue => [issue.path?.map(p => String(p.key)).join('.') ?? '_', issue.message]))
}

describe('FIELDS_BY_SERVICE', () => {
  it('uses only known fields, each once per service; required and amount fields are among them', () => {
    for (const service of SERVICE_CODES) {
      const used = fieldsOfService(service)
      expect(new Set(used).size, `service ${service}`).toBe(used.length)
      for (const field of used) expect(BID_FIELDS).toContain(field)
      for (const field of FIELDS_BY_SERVICE[service].required) expect(used, `service ${service} requires ${field}`).toContain(field)
      const amount = FIELDS_BY_SERVICE[service].amount
      if (amount) expect(used).toContain(amount)
      expect(Object.keys(FIELDS_BY_SERVICE[service].steps)).toEqual([...WIZARD_STEPS])
    }
  })
  it('covers every field by some service', () => {
    const all = new Set(SERVICE_CODES.flatMap(fieldsOfService))
    expect(BID_FIELDS.filter(f => !all.has(f))).toEqual([])
  })
})

describe('field schemas', () => {
  it('read sums as forms hold them and refuse what is no sum', () => {
    const sum = FIELD_SCHEMAS.contract_sum
    expect(v.parse(sum, '1 000 000,50')).toBe(1_000_000.5)
    expect(v.parse(sum, 250000)).toBe(250000)
    expect(v.parse(sum, '\u00a012\u00a0345.67')).toBe(12345.67)
    for (const bad of ['1,234', '1.234', 'abc', '-5', 0, -1, 1.005, 1e14, '', Number.NaN]) expect(v.safeParse(sum, bad).success, String(bad)).toBe(false)
    expect(issues(sum, 0)).toEqual({ _: 'bids:validation.positive' })
    expect(v.parse(FIELD_SCHEMAS.initial_fee, 0)).toBe(0)
  })
  it('take real calendar dates only', () => {
    expect(v.parse(FIELD_SCHEMAS.date_bg_start, '2026-02-28')).toBe('2026-02-28')
    for (const bad of ['2026-02-30', '28.02.2026', '2026-2-1', 20260228]) expect(v.safeParse(FIELD_SCHEMAS.date_bg_start, bad).success, String(bad)).toBe(false)
  })
  it('take codes of their catalogue only', () => {
    expect(v.parse(FIELD_SCHEMAS.type_bg, '2')).toBe(2)
    expect(v.safeParse(FIELD_SCHEMAS.type_bg, 5).success).toBe(false)
    expect(v.parse(FIELD_SCHEMAS.leasing_type, 0)).toBe(0)
    expect(v.safeParse(FIELD_SCHEMAS.leasing_type, 8).success).toBe(false)
    expect(v.parse(FIELD_SCHEMAS.federal_law, 223)).toBe(223)
    expect(v.safeParse(FIELD_SCHEMAS.federal_law, 45).success).toBe(false)
  })
  it('check the tax number, days, texts, lots and the special account', () => {
    expect(v.parse(FIELD_SCHEMAS.customer_inn, ' 7707083893 ')).toBe('7707083893')
    expect(issues(FIELD_SCHEMAS.customer_inn, '12345')).toEqual({ _: 'bids:validation.inn' })
    expect(v.parse(FIELD_SCHEMAS.days, '30')).toBe(30)
    expect(v.safeParse(FIELD_SCHEMAS.days, 0).success).toBe(false)
    expect(v.safeParse(FIELD_SCHEMAS.days, 1.5).success).toBe(false)
    expect(v.safeParse(FIELD_SCHEMAS.customer_name, 'a\u0000b').success).toBe(false)
    expect(v.parse(FIELD_SCHEMAS.contract_subject, 'Поставка\nоборудования')).toBe('Поставка\nоборудования')
    expect(v.parse(FIELD_SCHEMAS.lots, [{ number: 1, subject: 'Лот', sum: '100' }])).toEqual([{ number: 1, subject: 'Лот', sum: 100 }])
    expect(v.safeParse(FIELD_SCHEMAS.lots, Array.from({ length: 101 }, (_, i) => ({ number: i + 1 }))).success).toBe(false)
    expect(issues(FIELD_SCHEMAS.special_account, { account: '123' })).toEqual({ account: 'bids:validation.account' })
  })
})

describe('draftSchema', () => {
  it('keeps only the fields sent: absent stays absent, null and blank clear', () => {
    expect(v.parse(draftSchema, { customer_name: ' ООО Ромашка ', contract_sum: '', days: null, unknown: 1 })).toEqual({
      customer_name: 'ООО Ромашка',
      contract_sum: null,
      days: null,
    })
    expect(v.parse(draftSchema, {})).toEqual({})
  })
  it('validates each field present', () => {
    expect(issues(draftSchema, { contract_sum: 'много', date_bg_end: '2026-13-01', type_bg: 9 })).toEqual({
      contract_sum: 'bids:validation.money',
      date_bg_end: 'bids:validation.date',
      type_bg: 'validation:invalid',
    })
    expect(v.safeParse(draftSchema, 'text').success).toBe(false)
  })
})

describe('submitSchema', () => {
  const guarantee = {
    federal_law: 44 as const,
    contract_subject: 'Поставка',
    contract_sum: 2_000_000,
    customer_name: 'ГБУ',
    customer_inn: '7707083893',
    customer_address: 'Москва',
    type_bg: 1 as const,
    security_sum: 100_000,
    date_bg_start: '2026-12-01',
    date_bg_end: '2027-06-01',
  }
  it('accepts a complete guarantee and names each missing required field', () => {
    expect(v.safeParse(submitSchema(SERVICE.bankGuarantee), guarantee).success).toBe(true)
    expect(issues(submitSchema(SERVICE.bankGuarantee), { ...guarantee, security_sum: null, customer_inn: '' })).toEqual({
      security_sum: 'validation:required',
      customer_inn: 'validation:required',
    })
  })
  it('checks the fields against each other', () => {
    const schema = submitSchema(SERVICE.bankGuarantee)
    expect(issues(schema, { ...guarantee, date_bg_end: '2026-11-30' })).toEqual({ date_bg_end: 'bids:validation.endBeforeStart' })
    expect(issues(schema, { ...guarantee, security_sum: 3_000_000 })).toEqual({ security_sum: 'bids:validation.securityAboveContract' })
    expect(issues(schema, { ...guarantee, contract_start: '2027-01-01', contract_end: '2026-01-01' })).toEqual({ contract_end: 'bids:validation.endBeforeStart' })
    expect(issues(schema, { ...guarantee, initial_max_price: 100, actual_contract_sum: 200, contract_sum: 1_000_000 })).toMatchObject({
      actual_contract_sum: 'bids:validation.actualAboveMax',
    })
    expect(issues(submitSchema(SERVICE.leasing), { leasing_type: 1, contract_sum: 100, initial_fee: 100, days: 30 })).toEqual({ initial_fee: 'bids:validation.feeAboveSum' })
  })
  it('asks each service for its own fields only', () => {
    expect(v.safeParse(submitSchema(SERVICE.settlementAccount), {}).success).toBe(true)
    expect(issues(submitSchema(SERVICE.loan), {})).toEqual({ credit_sum: 'validation:required', days: 'validation:required' })
    expect(v.safeParse(submitSchema(SERVICE.loan), { credit_sum: 5, days: 10 }).success).toBe(true)
  })
  it('gives the amount the lists use per service', () => {
    expect(bidAmount(SERVICE.bankGuarantee, guarantee)).toBe(100_000)
    expect(bidAmount(SERVICE.credit, { credit_sum: 7 })).toBe(7)
    expect(bidAmount(SERVICE.leasing, { contract_sum: 9 })).toBe(9)
    expect(bidAmount(SERVICE.specialAccount, { contract_sum: 9 })).toBeNull()
  })
})

describe('createBidSchema', () => {
  it('takes a service and a company', () => {
    expect(v.parse(createBidSchema, { service_type: 1, company_id: 5 })).toEqual({ service_type: 1, company_id: 5 })
    expect(v.safeParse(createBidSchema, { service_type: 9, company_id: 5 }).success).toBe(false)
    expect(v.safeParse(createBidSchema, { service_type: 1, company_id: 0 }).success).toBe(false)
    expect(v.safeParse(createBidSchema, { service_type: '1', company_id: 5 }).success).toBe(false)
  })
})
