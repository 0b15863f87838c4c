import * as v from 'valibot'
import { listCursor } from '../../../core/validation/cursor'
import {
  COMPANY_STATUSES,
  DOCUMENT_KINDS,
  DOCUMENT_TYPE,
  FINANCIAL_YEAR_MAX,
  FINANCIAL_YEAR_MIN,
  LEGAL_FORM_SOLE,
  ORGANIZATION_TYPES,
  PERSON_TYPES,
  PUBLIC_LINK_DAYS,
  PUBLIC_LINK_DEFAULT_DAYS,
  PUBLIC_LINK_KINDS,
  QUARTERS,
  TAX_SYSTEMS,
  TERMS,
  type CompanyKind,
} from './catalogues'
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
  id,
  inn10,
  inn12,
  kpp,
  ogrn,
  ogrnip,
  okpo10,
  okpo8,
  okved,
  optionalChoice,
  optionalNumber,
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
} from './fields'
import { cmsg } from './messages'

/**
 * Request bodies of the clients API, shared by the forms and the server (DESIGN §5). Every form posts the
 * whole record: a key left out is stored empty. Errors block; check digits come back as warnings
 * (./warnings.ts) and never block.
 */

/** Always null: a field that does not apply to this variant (a sole proprietor's kpp, a foreign ID's subdivision code). */
const notApplicable = v.pipe(
  v.optional(v.unknown(), null),
  v.transform((): null => null),
)

const addressEntries = {
  city: text(200),
  zipcode: zipcode.optional,
  street: text(300),
  house: text(50),
  office: text(50),
}
export interface Address {
  city: string | null
  zipcode: string | null
  street: string | null
  house: string | null
  office: string | null
}
export const emptyAddress = (): Address => ({ city: null, zipcode: null, street: null, house: null, office: null })
/** SPEC §3 address: city, zipcode, street, house, office; a missing address is an empty one. */
export const address = v.pipe(
  v.optional(v.nullable(v.object(addressEntries)), null),
  v.transform((a): Address => a ?? emptyAddress()),
)

const companyEntries = {
  short_name: requiredText(300),
  full_name: text(1000),
  okved: okved.optional,
  organization_type: optionalChoice(ORGANIZATION_TYPES),
  tax_system: optionalChoice(TAX_SYSTEMS),
  legal_address: address,
  postal_address: address,
  contact_person_name: text(300),
  contact_person_phone: phone.optional,
  site: url.optional,
  bidder_email: email.optional,
  creation_date: pastDate.optional,
  registration_certificate: text(100),
  purpose: text(2000, { multiline: true }),
  registering_body: text(500),
  registration_place: text(500),
  status: v.optional(v.picklist(COMPANY_STATUSES, cmsg.choice), 'active'),
}

/** Legal entity: inn 10, ogrn 13, kpp 9, okpo 8; legal form 2 joint-stock, 3 LLC, 4 other. */
export const legalCompanyForm = v.object({
  kind: v.literal('legal', cmsg.choice),
  inn: inn10.required,
  ogrn: ogrn.required,
  kpp: kpp.optional,
  okpo: okpo8.optional,
  legal_form: optionalChoice([2, 3, 4] as const),
  ...companyEntries,
})

/** Sole proprietor: inn 12, ogrnip 15, okpo 10, no kpp; legal form is always 1. */
export const soleCompanyForm = v.object({
  kind: v.literal('sole', cmsg.choice),
  inn: inn12.required,
  ogrn: ogrnip.required,
  kpp: notApplicable,
  okpo: okpo10.optional,
  legal_form: v.pipe(
    v.optional(v.unknown(), null),
    v.transform(() => LEGAL_FORM_SOLE),
  ),
  ...companyEntries,
})

/** The company form of either kind (`kind` picks the rules). */
export const companyForm = v.variant('kind', [legalCompanyForm, soleCompanyForm], cmsg.choice)
export type CompanyFormInput = v.InferInput<typeof companyForm>
export type CompanyForm = v.InferOutput<typeof companyForm>

/** An update keeps the company's kind: the server forces it from the record before parsing. */
export const companyFormFor = (kind: CompanyKind) => (kind === 'legal' ? legalCompanyForm : soleCompanyForm)

/** Name, birth, citizenship and address: shared by responsible persons and individuals. */
const identityEntries = {
  last_name: requiredText(100),
  first_name: requiredText(100),
  middle_name: text(100),
  birthday: pastDate.optional,
  birthplace: text(300),
  citizenship: v.pipe(
    citizenship.optional,
    v.transform(c => c ?? '643'),
  ),
  inn: inn12.optional,
  snils: snils.optional,
  registration_address: text(500),
}

/** Russian passport: series 4 digits, number 6, subdivision code 6 (both readings each, see fields.ts). */
const russianDocumentEntries = {
  document_type: v.literal(DOCUMENT_TYPE.russianPassport),
  document_series: passportSeries.optional,
  document_number: passportNumber.optional,
  document_issue_date: pastDate.optional,
  document_issuer: text(500),
  subdivision_code: subdivisionCode.optional,
}

/** Foreign passport or ID card (2, 3): number 9 digits, an optional series, no subdivision code. */
const otherDocumentEntries = {
  document_type: v.picklist([DOCUMENT_TYPE.foreignPassport, DOCUMENT_TYPE.idCard]),
  document_series: documentSeries.optional,
  document_number: foreignDocumentNumber.optional,
  document_issue_date: pastDate.optional,
  document_issuer: text(500),
  subdivision_code: notApplicable,
}

type Issue = { message: string; path: v.IssuePathItem[] }

/**
 * Picks the document rules by `document_type` (1, 2, 3 or their strings; missing means 1) and runs them.
 * `check` looks at the raw input for rules across fields and reports on its own keys, also when other fields
 * fail (so a form sees every problem at once); `finish` shapes the valid output. A hand-made variant:
 * valibot's needs a literal discriminator, and its union would hide the field issues of the branch that applies.
 */
function withDocument<E extends v.ObjectEntries, R>(
  entries: E,
  finish: (
    value: v.InferOutput<v.ObjectSchema<E & typeof russianDocumentEntries, undefined>> | v.InferOutput<v.ObjectSchema<E & typeof otherDocumentEntries, undefined>>,
  ) => R,
  check: (input: Record<string, unknown>, issues: Issue[]) => void = () => {},
) {
  const russian = v.object({ ...entries, ...russianDocumentEntries })
  const other = v.object({ ...entries, ...otherDocumentEntries })
  return v.pipe(
    v.looseObject({}),
    v.rawTransform(({ dataset, addIssue, NEVER }) => {
      const input = dataset.value as Record<string, unknown>
      const raw = input.document_type
      const type = raw === undefined || raw === null || raw === '' ? 1 : Number(raw)
      const issues: Issue[] = []
      if (type !== 1 && type !== 2 && type !== 3) issues.push({ message: cmsg.choice, path: [pathItem(input, 'document_type')] })
      const parsed = v.safeParse(type === 2 || type === 3 ? other : russian, { ...input, document_type: type === 2 || type === 3 ? type : 1 })
      if (!parsed.success) issues.push(...parsed.issues.map(i => ({ message: i.message, path: [...(i.path ?? [])] })))
      check(input, issues)
      if (issues.length > 0 || !parsed.success) {
        for (const issue of issues) addIssue({ message: issue.message, path: issue.path as [v.IssuePathItem, ...v.IssuePathItem[]] })
        return NEVER
      }
      return finish(parsed.output as never)
    }),
  )
}

const personEntries = {
  type: choice(PERSON_TYPES),
  position: text(200),
  ...identityEntries,
  /** Appointment date; `assigned_to` (end of the term) is computed by the server from it and the term. */
  assigned_at: pastDate.optional,
  term_years: optionalChoice(TERMS),
  is_founder: v.optional(v.boolean(), false),
  share: v.optional(v.unknown()),
}

/**
 * SPEC §3 responsible person (1 head, 2 chief accountant). A founder must give a share (> 25, ≤ 100); a
 * non-founder's share is dropped.
 */
export const personForm = withDocument(
  personEntries,
  value => ({ ...value, share: value.is_founder ? (v.parse(share, value.share) as number | null) : null }),
  (input, issues) => {
    if (input.is_founder !== true) return
    const parsed = v.safeParse(share, input.share)
    if (!parsed.success) issues.push({ message: parsed.issues[0].message, path: [pathItem(input, 'share')] })
  },
)
export type PersonFormInput = v.InferInput<typeof personForm>
export type PersonForm = v.InferOutput<typeof personForm>

/** An individual client (SPEC /physics): identity, document and contacts. */
export const individualForm = withDocument(
  {
    ...identityEntries,
    phone: phone.optional,
    email: email.optional,
  },
  value => value,
)
export type IndividualFormInput = v.InferInput<typeof individualForm>
export type IndividualForm = v.InferOutput<typeof individualForm>

/** SPEC §3 owner (ultimate beneficiary): a person (inn 12) or a legal entity (inn 10, ogrn 13) with a share. */
export const ownerForm = v.variant(
  'kind',
  [
    v.object({ kind: v.literal('individual'), name: requiredText(300), inn: inn12.optional, ogrn: notApplicable, share }),
    v.object({ kind: v.literal('legal'), name: requiredText(300), inn: inn10.optional, ogrn: ogrn.optional, share }),
  ],
  cmsg.choice,
)
export type OwnerFormInput = v.InferInput<typeof ownerForm>
export type OwnerForm = v.InferOutput<typeof ownerForm>

/** SPEC §3 bank account. `is_main` makes it the company's one main account. */
export const bankAccountForm = v.object({
  bank_name: requiredText(300),
  bik: bik.required,
  correspondent_account: correspondentAccount.optional,
  settlement_account: settlementAccount.required,
  is_main: v.optional(v.boolean(), false),
})
export type BankAccountFormInput = v.InferInput<typeof bankAccountForm>
export type BankAccountForm = v.InferOutput<typeof bankAccountForm>

/** Financial indicators of one period (quarter 0 = the year), in thousands of rubles. Saving a period again replaces it. */
export const financialsForm = v.object({
  year: v.pipe(
    optionalNumber({ integer: true }),
    v.check(y => y !== null, cmsg.required),
    v.check(y => y === null || (y >= FINANCIAL_YEAR_MIN && y <= FINANCIAL_YEAR_MAX), cmsg.year),
    v.transform(y => y as number),
  ),
  quarter: v.pipe(
    optionalChoice(QUARTERS),
    v.transform(q => q ?? 0),
  ),
  revenue: amount,
  net_profit: amount,
  total_assets: amount,
  current_assets: amount,
  equity: amount,
  long_term_liabilities: amount,
  short_term_liabilities: amount,
  receivables: amount,
  payables: amount,
})
export type FinancialsFormInput = v.InferInput<typeof financialsForm>
export type FinancialsForm = v.InferOutput<typeof financialsForm>

/** A company document: an uploaded file (POST …/files first) of a kind; multi-page documents are one file (SPEC §5). */
export const documentForm = v.object({
  kind: choice(DOCUMENT_KINDS),
  name: text(300),
  file_id: id,
})
export type DocumentFormInput = v.InferInput<typeof documentForm>
export type DocumentForm = v.InferOutput<typeof documentForm>

/** SPEC §3 licence: kind, number, issuer, activities, issue and end dates, file. */
export const licenceForm = v.pipe(
  v.object({
    kind: requiredText(300),
    number: requiredText(100),
    issuer: requiredText(500),
    activities: v.pipe(
      v.optional(v.array(requiredText(1000)), []),
      v.maxLength(100, cmsg.tooLong),
    ),
    issue_date: pastDate.required,
    end_date: date.optional,
    file_id: v.optional(v.nullable(id), null),
  }),
  v.forward(
    v.partialCheck([['issue_date'], ['end_date']], l => l.end_date === null || l.end_date >= l.issue_date, cmsg.dateOrder),
    ['end_date'],
  ),
)
export type LicenceFormInput = v.InferInput<typeof licenceForm>
export type LicenceForm = v.InferOutput<typeof licenceForm>

export const publicLinkForm = v.object({
  kind: v.picklist(PUBLIC_LINK_KINDS, cmsg.choice),
  days: v.optional(v.picklist(PUBLIC_LINK_DAYS, cmsg.choice), PUBLIC_LINK_DEFAULT_DAYS),
})
export type PublicLinkForm = v.InferOutput<typeof publicLinkForm>

/** `page` from 1 or a keyset `cursor` (server/search/keyset.ts), `limit` 1..100 (default 20); query strings arrive as text. */
const pageEntries = {
  page: v.pipe(optionalNumber({ integer: true, min: 1, max: 1_000_000 }), v.transform(n => n ?? 1)),
  cursor: listCursor,
  limit: v.pipe(optionalNumber({ integer: true, min: 1, max: 100 }), v.transform(n => n ?? 20)),
  q: v.pipe(text(100), v.transform(s => s ?? '')),
}

/** GET companies: search by name or inn, kind, status, agent (administrators). */
export const companyListQuery = v.object({
  ...pageEntries,
  kind: v.optional(v.picklist(['legal', 'sole'] as const, cmsg.choice)),
  status: v.optional(v.picklist(COMPANY_STATUSES, cmsg.choice)),
  agent_id: v.optional(id),
})
export type CompanyListQuery = v.InferOutput<typeof companyListQuery>

export const individualListQuery = v.object(pageEntries)
export type IndividualListQuery = v.InferOutput<typeof individualListQuery>

/** A valibot path item for an issue raised on a key of an object (rawTransform/rawCheck). */
function pathItem(input: Record<string, unknown>, key: string): v.ObjectPathItem {
  return { type: 'object', origin: 'value', input, key, value: input[key] }
}
