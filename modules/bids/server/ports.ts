import type { Db } from '../../../server/db/client'

/**
 * What the bids server needs from the partners module (banks and their staff), as a port: the partners module's
 * server entry offers these (`bankOfUser`, `partnersByIds`, `staffOfPartner`); app composition passes them in
 * (`createBidsServer({ partners })`). Without it no user belongs to a bank (bank staff see no bid), partners have
 * no names, and any partner id is accepted.
 */
export interface PartnersPort {
  /** The bank (partner id) a bank user (40, 45) belongs to, or null. */
  bankOfUser(db: Db, userId: number): Promise<number | null>
  /** The partners among `ids` that exist, with their names. */
  partners(db: Db, ids: readonly number[]): Promise<Map<number, { name: string | null }>>
  /** The users of these banks (for notifications and live updates). */
  staffOf(db: Db, partnerIds: readonly number[]): Promise<number[]>
}

export const NO_PARTNERS: PartnersPort = {
  bankOfUser: async () => null,
  partners: async (_db, ids) => new Map(ids.map(id => [id, { name: null }])),
  staffOf: async () => [],
}
