import { and, asc, desc, eq, inArray, type SQL } from 'drizzle-orm'
import type { Db } from '../../../server/db/client'
import { users } from '../../../server/db/schema'
import { heldIn, numberField, searchOf, textField } from '../../../server/search/search'
import { BANK_ROLES } from '../access'
import type { BankUser, DocumentCode, Partner, PartnerProduct, PartnerStaff, ServiceType } from '../contract'
import { partnerProducts, partners, partnerStaff } from '../tables'

/**
 * What other modules read of partners (the bids module: which bank a bank user belongs to, the banks a bid is sent
 * to, whom to notify or assign). Plain functions of a database handle or a transaction.
 */

type PartnerRow = typeof partners.$inferSelect
type ProductRow = typeof partnerProducts.$inferSelect

export const toProduct = (row: ProductRow): PartnerProduct => ({
  id: row.id,
  partner_id: row.partner_id,
  service_type: row.service_type as ServiceType,
  rate_percent: row.rate_percent,
  min_fee: row.min_fee,
  min_amount: row.min_amount,
  max_amount: row.max_amount,
  max_term_days: row.max_term_days,
  required_documents: row.required_documents as DocumentCode[],
  conditions: row.conditions,
})

const toPartner = (row: PartnerRow, products: PartnerProduct[]): Partner => ({
  id: row.id,
  name: row.name,
  short_name: row.short_name,
  kind: row.kind,
  inn: row.inn,
  bik: row.bik,
  site: row.site,
  active: row.active,
  created_at: row.created_at.toISOString(),
  products,
})

/** Partners with their products (by service), in the order of the rows given. */
async function withProducts(db: Db, rows: PartnerRow[]): Promise<Partner[]> {
  if (rows.length === 0) return []
  const products = await db
    .select()
    .from(partnerProducts)
    .where(inArray(partnerProducts.partner_id, rows.map(r => r.id)))
    .orderBy(asc(partnerProducts.service_type), asc(partnerProducts.id))
  return rows.map(r => toPartner(r, products.filter(p => p.partner_id === r.id).map(toProduct)))
}

export interface PartnerFilter {
  service?: number | undefined
  kind?: 'bank' | 'mfo' | undefined
  q?: string
  /** Deactivated partners too (administrators' list). */
  inactive?: boolean
}

/** A partner is found by either name (typos too), or by the beginning of its inn or bik. */
const PARTNER_SEARCH = searchOf({
  name: textField(partners.search_name),
  short: textField(partners.search_short_name),
  inn: numberField(partners.inn),
  bik: numberField(partners.bik),
})

/**
 * The list (a few hundred rows, read whole): banks first, then microfinance organisations, by short name — under a
 * search the best match first (`similar`: the rows are names similar to a search none holds as typed); `service`
 * keeps partners offering it.
 */
export async function listPartners(db: Db, filter: PartnerFilter = {}): Promise<{ items: Partner[]; similar: boolean }> {
  const where: SQL[] = []
  if (!filter.inactive) where.push(eq(partners.active, true))
  if (filter.kind) where.push(eq(partners.kind, filter.kind))
  if (filter.service) {
    const offering = db.select({ id: partnerProducts.partner_id }).from(partnerProducts).where(eq(partnerProducts.service_type, filter.service))
    where.push(inArray(partners.id, offering))
  }
  const { match, similar } = await PARTNER_SEARCH.resolve(db, filter.q ?? '', heldIn(db, partners, and(...where)))
  const rows = await db
    .select()
    .from(partners)
    .where(and(...where, match?.where))
    .orderBy(...(match ? [desc(match.rank)] : []), asc(partners.kind), asc(partners.short_name), asc(partners.id))
  return { items: await withProducts(db, rows), similar }
}

/** A partner by id with its products, or null. */
export async function partnerById(db: Db, id: number): Promise<Partner | null> {
  const rows = await db.select().from(partners).where(eq(partners.id, id))
  const [partner] = await withProducts(db, rows)
  return partner ?? null
}

/** Partners by ids (with products), in id order; unknown ids are left out. For the bids module's requests. */
export async function partnersByIds(db: Db, ids: readonly number[]): Promise<Partner[]> {
  const unique = [...new Set(ids)].filter(id => Number.isInteger(id) && id > 0 && id <= 2_147_483_647)
  if (unique.length === 0) return []
  const rows = await db.select().from(partners).where(inArray(partners.id, unique)).orderBy(asc(partners.id))
  return withProducts(db, rows)
}

/** The bank (partner id) a bank user belongs to, or null (no membership, or not a bank user). */
export async function bankOfUser(db: Db, userId: number): Promise<number | null> {
  const [row] = await db.select({ partner_id: partnerStaff.partner_id }).from(partnerStaff).where(eq(partnerStaff.user_id, userId))
  return row?.partner_id ?? null
}

/** The users of a bank (roles 40 and 45), managers first: for assignment lists and notifications. */
export async function staffOfPartner(db: Db, partnerId: number): Promise<PartnerStaff[]> {
  const rows = await db
    .select({ user_id: users.id, partner_id: partnerStaff.partner_id, full_name: users.full_name, phone: users.phone, role: users.role })
    .from(partnerStaff)
    .innerJoin(users, eq(users.id, partnerStaff.user_id))
    .where(eq(partnerStaff.partner_id, partnerId))
    .orderBy(desc(users.role), asc(users.full_name), asc(users.id))
  return rows
}

/** Every bank user (roles 40, 45) with the bank each belongs to: the administrators' staff picker. */
export async function bankUsers(db: Db): Promise<BankUser[]> {
  return db
    .select({ user_id: users.id, full_name: users.full_name, phone: users.phone, role: users.role, partner_id: partnerStaff.partner_id })
    .from(users)
    .leftJoin(partnerStaff, eq(partnerStaff.user_id, users.id))
    .where(inArray(users.role, [...BANK_ROLES]))
    .orderBy(asc(users.full_name), asc(users.id))
}
