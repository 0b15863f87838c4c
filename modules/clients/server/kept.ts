import { count, inArray } from 'drizzle-orm'
import type { Db } from '../../../server/db/client'
import { companies } from '../../../server/db/schema'
import { individuals } from '../tables'

/** What one user keeps of the client base. */
export interface KeptClients {
  companies: number
  individuals: number
}

/**
 * How many companies and individuals each of these users keeps (every id is in the answer, 0 when none). The
 * agents module's list and card show it; what "keeps" means (the `agent` reference of ../access.ts) is this
 * module's, so it answers rather than the agents module reading its tables.
 */
export type KeptClientCounts = (userIds: readonly number[]) => Promise<Map<number, KeptClients>>

declare module 'fastify' {
  interface FastifyInstance {
    /** The clients module's service (modules/clients/server/kept.ts), decorated on the root before modules register. */
    keptClientCounts: KeptClientCounts
  }
}

export function keptClientCounts(db: Db): KeptClientCounts {
  return async userIds => {
    const counts = new Map<number, KeptClients>(userIds.map(id => [id, { companies: 0, individuals: 0 }]))
    if (userIds.length === 0) return counts
    const ids = [...userIds]
    const [byCompany, byIndividual] = await Promise.all([
      db
        .select({ id: companies.agent_user_id, n: count() })
        .from(companies)
        .where(inArray(companies.agent_user_id, ids))
        .groupBy(companies.agent_user_id),
      db
        .select({ id: individuals.agent_user_id, n: count() })
        .from(individuals)
        .where(inArray(individuals.agent_user_id, ids))
        .groupBy(individuals.agent_user_id),
    ])
    for (const r of byCompany) if (r.id !== null) counts.get(r.id)!.companies = Number(r.n)
    for (const r of byIndividual) if (r.id !== null) counts.get(r.id)!.individuals = Number(r.n)
    return counts
  }
}
