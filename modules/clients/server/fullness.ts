import { eq } from 'drizzle-orm'
import type { Db } from '../../../server/db/client'
import type { FullnessContributor } from '../../../server/extensions'
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

export function companyPercent(c: Company): number {
  const common = [
    c.short_name,
    c.full_name,
    c.inn,
    c.ogrn,
    c.okpo,
    c.okved,
    c.tax_system,
    c.contact_person_name,
    c.contact_person_phone,
    c.bidder_email,
    c.creation_date,
    c.registering_body,
    c.registration_place,
  ].map(filled)
  const legalOnly = c.kind === 'legal' ? [c.kpp, c.legal_form, c.organization_type].map(filled) : []
  return percent([...common, ...legalOnly, addressFilled(c.legal_address), addressFilled(c.postal_address)])
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

export function officialsPercent(persons: ResponsiblePerson[], kind: CompanyKind): number {
  const head = persons.find(p => p.type === PERSON_TYPE.head)
  if (kind === 'sole') return personPercent(head, kind)
  const accountant = persons.find(p => p.type === PERSON_TYPE.chiefAccountant)
  return Math.round((personPercent(head, kind) + personPercent(accountant, kind)) / 2)
}

/** The percents of one company, computed from its rows. */
export async function companyFullness(db: Db, companyId: number): Promise<Partial<Record<FullnessKey, number>>> {
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
  return {
    clientCompany: companyPercent(company),
    officials: officialsPercent(people, company.kind),
    founders: company.kind === 'sole' || ownerRows.length > 0 || people.some(p => p.is_founder) ? 100 : 0,
    bankAccounts: main ? (filled(main.corr) ? 100 : 50) : 0,
    financials: periods.some(p => p.revenue !== null) ? 100 : periods.length > 0 ? 50 : 0,
    documents: percent(required.map(k => kinds.has(k))),
  }
}

/** The contributor for GET v1/statistics/client-fullness: the client's own company, or nothing. */
export function fullnessContributor(): FullnessContributor {
  return async ({ db, company }) => (company ? companyFullness(db, company.id) : {})
}
