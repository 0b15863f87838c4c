import { asc, eq } from 'drizzle-orm'
import type { Db } from '../../../server/db/client'
import { companies } from '../../../server/db/schema'
import type { Address } from '../rules/forms'
import { bankAccounts, companyDetails, owners, responsiblePersons } from '../tables'

/**
 * A company's particulars as other modules' documents print them (the bids module's application and questionnaire
 * PDFs): names, codes, addresses as one line, the head, the contact person, the bank accounts and the owners.
 * Exported through ./index.ts, so a module reads a company without reaching into this module's tables.
 */
export interface CompanyProfile {
  id: number
  short_name: string | null
  full_name: string | null
  inn: string | null
  kpp: string | null
  ogrn: string | null
  okpo: string | null
  okved: string | null
  legal_address: string | null
  postal_address: string | null
  director: { name: string; position: string | null } | null
  contact: { name: string | null; phone: string | null; email: string | null } | null
  accounts: { bank: string; account: string; bik: string; correspondent_account: string | null }[]
  owners: { name: string; inn: string | null; share: number }[]
}

/** "123456, Москва, ул. Тверская, д. 1, оф. 5" from the address's parts; null when all are empty. */
export function addressLine(address: Address | null | undefined): string | null {
  if (!address) return null
  const parts = [address.zipcode, address.city, address.street, address.house, address.office].map(p => p?.trim()).filter(Boolean)
  return parts.length > 0 ? parts.join(', ') : null
}

const HEAD = 1

export async function readCompanyProfile(db: Db, companyId: number): Promise<CompanyProfile | null> {
  const [company] = await db.select().from(companies).where(eq(companies.id, companyId))
  if (!company) return null
  const [details] = await db.select().from(companyDetails).where(eq(companyDetails.company_id, companyId))
  const people = await db.select().from(responsiblePersons).where(eq(responsiblePersons.company_id, companyId)).orderBy(asc(responsiblePersons.id))
  const head = people.find(p => p.type === HEAD)
  const accounts = await db.select().from(bankAccounts).where(eq(bankAccounts.company_id, companyId)).orderBy(asc(bankAccounts.id))
  const ownerRows = await db.select().from(owners).where(eq(owners.company_id, companyId)).orderBy(asc(owners.id))
  return {
    id: company.id,
    short_name: company.short_name,
    full_name: company.full_name,
    inn: company.inn,
    kpp: company.kpp,
    ogrn: company.ogrn,
    okpo: details?.okpo ?? null,
    okved: details?.okved ?? null,
    legal_address: addressLine(details?.legal_address),
    postal_address: addressLine(details?.postal_address),
    director: head ? { name: [head.last_name, head.first_name, head.middle_name].filter(Boolean).join(' '), position: head.position } : null,
    contact: details ? { name: details.contact_person_name, phone: details.contact_person_phone, email: details.bidder_email } : null,
    accounts: accounts.map(a => ({ bank: a.bank_name, account: a.settlement_account, bik: a.bik, correspondent_account: a.correspondent_account })),
    owners: ownerRows.map(o => ({ name: o.name, inn: o.inn, share: o.share })),
  }
}
