import { and, desc, eq, or } from 'drizzle-orm'
import { alias } from 'drizzle-orm/pg-core'
import { actorOfUser } from '../../../server/access/actor'
import { scopeWhere } from '../../../server/access/scope'
import type { Db } from '../../../server/db/client'
import { companies, users } from '../../../server/db/schema'
import type { ClientsByPhone } from '../../../server/extensions'
import { companyRowsByPhone } from '../access'
import { companyDetails } from '../tables'
import { companyColumns } from './company-store'

/**
 * The call center's number search asks every module that keeps clients (server/extensions.ts). Here: companies
 * whose contact person or whose owner (the client user) has the number, in `companyRowsByPhone` (../access.ts:
 * the company scope, and every match for the call-center roles).
 */
export function clientsByPhone(db: Db): ClientsByPhone {
  return async (user, phone, limit) => {
    const owner = alias(users, 'owner')
    const visible = scopeWhere(db, actorOfUser(user), companyRowsByPhone, companyColumns)
    const rows = await db
      .select({
        id: companies.id,
        short_name: companies.short_name,
        full_name: companies.full_name,
        inn: companies.inn,
        contact_name: companyDetails.contact_person_name,
        contact_phone: companyDetails.contact_person_phone,
        owner_name: owner.full_name,
        agent_user_id: companies.agent_user_id,
      })
      .from(companies)
      .leftJoin(owner, eq(owner.id, companies.owner_user_id))
      .leftJoin(companyDetails, eq(companyDetails.company_id, companies.id))
      .where(and(or(eq(owner.phone, phone), eq(companyDetails.contact_person_phone, phone)), visible))
      .orderBy(desc(companies.id))
      .limit(limit)
    return rows.map(r => ({
      id: r.id,
      organization_short_name: r.short_name ?? r.full_name,
      contact_person_full_name: r.contact_phone === phone && r.contact_name ? r.contact_name : (r.owner_name ?? r.contact_name),
      inn: r.inn,
      // The agent's link to the client: the company itself (there is no separate agent-client record).
      agentClient: r.agent_user_id ? { id: r.id } : null,
    }))
  }
}
