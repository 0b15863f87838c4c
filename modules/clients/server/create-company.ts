import type { Db } from '../../../server/db/client'
import { companies } from '../../../server/db/schema'
import { companyDetails } from '../tables'

/** A company other modules start from what they know (a chat-bot lead): a name, maybe an inn, a contact. */
export interface NewCompany {
  short_name: string
  /** Checked by the caller (a valid inn or none). */
  inn: string | null
  contact_person_name: string | null
  /** 11 digits, or null. */
  contact_person_phone: string | null
  /** The agent who keeps it (role 30/35), or none. */
  agent_user_id: number | null
  at: Date
}

/**
 * Creates a company with its details row in the caller's transaction, as POST v1/companies would for a keeper; its
 * kind follows the inn (12 digits: a sole proprietor). Returns its id (/clients/{id}).
 */
export async function createCompany(tx: Db, company: NewCompany): Promise<number> {
  const [row] = await tx
    .insert(companies)
    .values({ short_name: company.short_name, full_name: company.short_name, inn: company.inn, agent_user_id: company.agent_user_id, created_at: company.at })
    .returning({ id: companies.id })
  const phone = company.contact_person_phone && /^\d{11}$/.test(company.contact_person_phone) ? company.contact_person_phone : null
  await tx.insert(companyDetails).values({
    company_id: row!.id,
    kind: company.inn?.length === 12 ? 'sole' : 'legal',
    contact_person_name: company.contact_person_name,
    contact_person_phone: phone,
    updated_at: company.at,
  })
  return row!.id
}
