import { eq } from 'drizzle-orm'
import type { Db } from '../../../server/db/client'
import type { FullnessContributor, FullnessMissing, FullnessPart } from '../../../server/extensions'
import type { FullnessKey } from '../../../server/statistics/client-fullness'
import type { Company, ResponsiblePerson } from '../contract'
import { DOCUMENT_KINDS, PERSON_TYPE, REQUIRED_DOCUMENT_KINDS, type CompanyKind } from '../rules/catalogues'
import type { Address } from '../rules/forms'
import { bankAccounts, companyDocuments, financialPeriods, owners, responsiblePersons } from '../tables'
import { companyById } from './company-store'
import { toPerson } from './persons'

/**
 * Profile completeness from real data (SPEC §3: keys clientCompany, officials, founders, bankAccounts,
 * financials, documents; 100 = complete). What counts, per key:
 * - clientCompany: the share of the company fields below that are filled. Left out on purpose: the site,
 *   purpose and registration certificate (many companies have none), and the office in addresses.
 * - officials: the head (and for a legal entity the chief accountant, half each), each by the share of their
 *   identity, document and appointment fields filled. A sole proprietor is their own head; no accountant needed.
 * - founders: a legal entity with at least one owner or founder; a sole proprietor owns itself (100).
 * - bankAccounts: a main account with its correspondent account (50 without it, 0 with no account).
 * - financials: at least one period with revenue (50 when periods exist but revenue is empty).
 * - documents: the required kinds present (REQUIRED_DOCUMENT_KINDS).
 */

const filled = (value: unknown): boolean => {
  if (value === null || value === undefined) return false
  if (typeof value === 'string') return value.trim() !== ''
  return true
}
const addressFilled = (a: Address) => filled(a.city) && filled(a.zipcode) && filled(a.street) && filled(a.house)
const percent = (checks: boolean[]) => (checks.length === 0 ? 0 : Math.round((checks.filter(Boolean).length / checks.length) * 100))

/** One thing a percent counts: whether it is there, and what the missing list calls it and where it is filled in. */
interface Check {
  ok: boolean
  missing: FullnessMissing
}
const part = (checks: Check[]): FullnessPart => ({ percent: percent(checks.map(c => c.ok)), missing: checks.filter(c => !c.ok).map(c => c.missing) })

/** The client's cabinet pages (SPEC §2): /company, /faces and /banks are the company screen's tabs. */
const PAGE = { company: '/company', faces: '/faces', banks: '/banks', financials: '/financials', documents: '/documents' } as const

const companyField = (field: string, label: string, value: unknown): Check => ({ ok: filled(value), missing: { label: `clients:company.${label}`, to: PAGE.company, field } })
const addressField = (field: 'legal_address' | 'postal_address', label: string, a: Address): Check => ({
  ok: addressFilled(a),
  // The first empty part of the address is where the cursor goes.
  missing: { label: `clients:company.${label}`, to: PAGE.company, field: `${field}.${(['zipcode', 'city', 'street', 'house'] as const).find(k => !filled(a[k])) ?? 'city'}` },
})

function companyChecks(c: Company): Check[] {
  return [
    companyField('short_name', 'shortName', c.short_name),
    companyField('full_name', 'fullName', c.full_name),
    companyField('inn', 'inn', c.inn),
    companyField('ogrn', c.kind === 'sole' ? 'ogrnip' : 'ogrn', c.ogrn),
    ...(c.kind === 'legal' ? [companyField('kpp', 'kpp', c.kpp)] : []),
    companyField('okpo', 'okpo', c.okpo),
    companyField('okved', 'okved', c.okved),
    companyField('tax_system', 'taxSystem', c.tax_system),
    ...(c.kind === 'legal' ? [companyField('legal_form', 'legalForm', c.legal_form), companyField('organization_type', 'organizationType', c.organization_type)] : []),
    companyField('creation_date', 'creationDate', c.creation_date),
    companyField('registering_body', 'registeringBody', c.registering_body),
    companyField('registration_place', 'registrationPlace', c.registration_place),
    companyField('contact_person_name', 'contactName', c.contact_person_name),
    companyField('contact_person_phone', 'contactPhone', c.contact_person_phone),
    companyField('bidder_email', 'bidderEmail', c.bidder_email),
    addressField('legal_address', 'legalAddress', c.legal_address),
    addressField('postal_address', 'postalAddress', c.postal_address),
  ]
}

export function companyPercent(c: Company): number {
  return part(companyChecks(c)).percent
}

function personPercent(p: ResponsiblePerson | undefined, kind: CompanyKind): number {
  if (!p) return 0
  const russian = p.document_type === 1
  return percent([
    ...[p.last_name, p.first_name, p.birthday, p.birthplace, p.citizenship, p.inn, p.registration_address].map(filled),
    ...[p.document_number, p.document_issue_date, p.document_issuer].map(filled),
    ...(russian ? [p.document_series, p.subdivision_code].map(filled) : []),
    // A sole proprietor is not appointed.
    ...(kind === 'legal' ? [p.assigned_at, p.term_years].map(filled) : []),
  ])
}

/** The head (and for a legal entity the chief accountant), each with the share of their fields filled. */
function officials(persons: ResponsiblePerson[], kind: CompanyKind): FullnessPart {
  const people = [{ type: PERSON_TYPE.head, label: 'clients:person.head' }, ...(kind === 'legal' ? [{ type: PERSON_TYPE.chiefAccountant, label: 'clients:person.accountant' }] : [])]
  const percents = people.map(({ type }) => personPercent(persons.find(p => p.type === type), kind))
  return {
    percent: Math.round(percents.reduce((a, b) => a + b, 0) / people.length),
    missing: people.filter((_, i) => percents[i]! < 100).map(({ label }) => ({ label, to: PAGE.faces, field: null })),
  }
}

export function officialsPercent(persons: ResponsiblePerson[], kind: CompanyKind): number {
  return officials(persons, kind).percent
}

/** The parts of one company, computed from its rows: percents and what is missing where. */
export async function companyFullnessParts(db: Db, companyId: number): Promise<Partial<Record<FullnessKey, FullnessPart>>> {
  const company = await companyById(db, companyId)
  if (!company) return {}
  const [persons, ownerRows, accounts, periods, docs] = await Promise.all([
    db.select().from(responsiblePersons).where(eq(responsiblePersons.company_id, companyId)),
    db.select({ id: owners.id }).from(owners).where(eq(owners.company_id, companyId)).limit(1),
    db.select({ is_main: bankAccounts.is_main, corr: bankAccounts.correspondent_account }).from(bankAccounts).where(eq(bankAccounts.company_id, companyId)),
    db.select({ revenue: financialPeriods.revenue }).from(financialPeriods).where(eq(financialPeriods.company_id, companyId)),
    db.select({ kind: companyDocuments.kind }).from(companyDocuments).where(eq(companyDocuments.company_id, companyId)),
  ])
  const people = persons.map(toPerson)
  const main = accounts.find(a => a.is_main)
  const kinds = new Set(docs.map(d => d.kind))
  const required = REQUIRED_DOCUMENT_KINDS[company.kind].filter(k => (DOCUMENT_KINDS as readonly number[]).includes(k))
  const founders = company.kind === 'sole' || ownerRows.length > 0 || people.some(p => p.is_founder)
  const revenue = periods.some(p => p.revenue !== null)
  return {
    clientCompany: part(companyChecks(company)),
    officials: officials(people, company.kind),
    founders: { percent: founders ? 100 : 0, missing: founders ? [] : [{ label: 'clients:people.owners', to: PAGE.faces, field: null }] },
    bankAccounts: {
      percent: main ? (filled(main.corr) ? 100 : 50) : 0,
      missing: main && filled(main.corr) ? [] : [{ label: main ? 'clients:bank.correspondentAccount' : 'clients:bank.isMain', to: PAGE.banks, field: null }],
    },
    financials: { percent: revenue ? 100 : periods.length > 0 ? 50 : 0, missing: revenue ? [] : [{ label: 'clients:financials.indicators.revenue', to: PAGE.financials, field: null }] },
    documents: part(required.map(k => ({ ok: kinds.has(k), missing: { label: `clients:catalogue.documentKind.${k}`, to: PAGE.documents, field: null } }))),
  }
}

/** The contributor for GET v1/statistics/client-fullness: the client's own company, or nothing. */
export function fullnessContributor(): FullnessContributor {
  // No company yet: entering one is the first thing missing.
  return async ({ db, company }) =>
    company ? companyFullnessParts(db, company.id) : { clientCompany: { percent: 0, missing: [{ label: 'clients:tabs.company', to: PAGE.company, field: 'short_name' }] } }
}
