import { and, asc, desc, eq, gt, lt, sql, type SQL } from 'drizzle-orm'
import { alias, type PgSelect } from 'drizzle-orm/pg-core'
import type { Actor } from '../../../core/access'
import { scopeEstimable, scopeShape, scopeWhere, type ScopeColumns } from '../../../server/access/scope'
import type { Db } from '../../../server/db/client'
import { asPlaceholders, asValues, flatStatement, statementsByShape, type Bind, type FlatField } from '../../../server/db/statements'
import { companies, users } from '../../../server/db/schema'
import { notFound } from '../../../server/http/errors'
import { decodeCursor, encodeCursor, key, keysetPage, limitRows, orderBy, type Cursor, type OrderKey, type PagePosition } from '../../../server/search/keyset'
import { anyOf, numberField, rankedOrder, searchOf, textField, TIER_RANK, type SearchMatch } from '../../../server/search/search'
import { cheapTotal, EXACT_TOTAL_LIMIT, knownAbout, planRows, rememberAbout, TRUSTED_ESTIMATE_FACTOR, type Total } from '../../../server/search/total'
import type { Company, CompanyListItem, CompanyPage } from '../contract'
import type { CompanyKind, CompanyStatus, LegalForm, OrganizationType, TaxSystem } from '../rules/catalogues'
import { emptyAddress, type CompanyForm, type CompanyListQuery } from '../rules/forms'
import { companyWarnings } from '../rules/warnings'
import { companyRows } from '../access'
import { COMPANY_NAME_WORDS_SIMILAR, companyDetails } from '../tables'
import { iso } from './http'

/** The user references of `companyRows` (../access.ts) as columns; the agent's office is kept beside the agent. */
export const companyColumns: ScopeColumns<'owner' | 'agent'> = { owner: companies.owner_user_id, agent: { user: companies.agent_user_id, office: companies.agent_office_id } }

/** The companies `actor` may read and write. */
export const companyWhere = (db: Db, actor: Actor): SQL => scopeWhere(db, actor, companyRows, companyColumns)

const agents = alias(users, 'agent_user')
const owners = alias(users, 'owner_user')

/**
 * What a list item shows, flat (issue 16: building, sending and parsing the whole details row, addresses included,
 * was a good part of a list page's time; drizzle's mapping of nested objects a fifth of its allocations).
 */
const LISTED = {
  id: companies.id,
  short_name: companies.short_name,
  full_name: companies.full_name,
  inn: companies.inn,
  ogrn: companies.ogrn,
  kpp: companies.kpp,
  created_at: companies.created_at,
  kind: companyDetails.kind,
  status: companyDetails.status,
  contact_person_name: companyDetails.contact_person_name,
  contact_person_phone: companyDetails.contact_person_phone,
  agent_id: agents.id,
  agent_name: agents.full_name,
  owner_id: owners.id,
  owner_name: owners.full_name,
}

/** A list's fields: the listed ones and its own (a page's key columns, a rank). */
const listedFields = (extra: Record<string, SQL>): Record<string, FlatField> => ({ ...LISTED, ...extra })

/** One select for records: what a list shows and the whole details row. */
function selectCompanies(db: Db) {
  return db
    .select({ ...LISTED, details: companyDetails })
    .from(companies)
    .leftJoin(companyDetails, eq(companyDetails.company_id, companies.id))
    .leftJoin(agents, eq(agents.id, companies.agent_user_id))
    .leftJoin(owners, eq(owners.id, companies.owner_user_id))
}

/** The list's select, run by `flatStatement` with `listedFields(extra)`. */
function selectListed(db: Db, extra: Record<string, SQL> = {}) {
  return db
    .select({ ...LISTED, ...extra })
    .from(companies)
    .leftJoin(companyDetails, eq(companyDetails.company_id, companies.id))
    .leftJoin(agents, eq(agents.id, companies.agent_user_id))
    .leftJoin(owners, eq(owners.id, companies.owner_user_id))
}

type Row = Awaited<ReturnType<ReturnType<typeof selectCompanies>['execute']>>[number]
type ListedRow = Awaited<ReturnType<ReturnType<typeof selectListed>['execute']>>[number]

const ref = (id: number | null, name: string | null) => (id !== null ? { id, name: name ?? '' } : null)

export const kindOf = (row: { kind: string | null }): CompanyKind => (row.kind === 'sole' ? 'sole' : 'legal')

function toListItem(row: ListedRow): CompanyListItem {
  return {
    id: row.id,
    kind: kindOf(row),
    short_name: row.short_name,
    full_name: row.full_name,
    inn: row.inn,
    ogrn: row.ogrn,
    kpp: row.kpp,
    status: (row.status ?? 'active') as CompanyStatus,
    contact_person_name: row.contact_person_name,
    contact_person_phone: row.contact_person_phone,
    agent: ref(row.agent_id, row.agent_name),
    owner: ref(row.owner_id, row.owner_name),
    created_at: row.created_at.toISOString(),
  }
}

export function toCompany(row: Row): Company {
  const d = row.details
  return {
    ...toListItem(row),
    okpo: d?.okpo ?? null,
    okved: d?.okved ?? null,
    organization_type: (d?.organization_type ?? null) as OrganizationType | null,
    tax_system: (d?.tax_system ?? null) as TaxSystem | null,
    legal_form: (d?.legal_form ?? null) as LegalForm | null,
    legal_address: d?.legal_address ?? emptyAddress(),
    postal_address: d?.postal_address ?? emptyAddress(),
    site: d?.site ?? null,
    bidder_email: d?.bidder_email ?? null,
    creation_date: d?.creation_date ?? null,
    registration_certificate: d?.registration_certificate ?? null,
    purpose: d?.purpose ?? null,
    registering_body: d?.registering_body ?? null,
    registration_place: d?.registration_place ?? null,
    updated_at: iso(d?.updated_at),
    warnings: companyWarnings({ inn: row.inn, ogrn: row.ogrn }),
  }
}

/** The company if `actor` may see it; 404 otherwise (also for ids that do not exist). */
export async function loadCompany(db: Db, actor: Actor, id: number): Promise<Company> {
  const [row] = await selectCompanies(db).where(and(eq(companies.id, id), companyWhere(db, actor))).limit(1)
  if (!row) throw notFound()
  return toCompany(row)
}

/** A company regardless of who asks (server-side computations such as completeness). */
export async function companyById(db: Db, id: number): Promise<Company | null> {
  const [row] = await selectCompanies(db).where(eq(companies.id, id)).limit(1)
  return row ? toCompany(row) : null
}

/** The core row only, scoped: for the sections that need the id, kind and owner. */
export async function companyInScope(db: Db, actor: Actor, id: number): Promise<{ id: number; kind: CompanyKind; owner_user_id: number | null }> {
  const [row] = await db
    .select({ id: companies.id, owner_user_id: companies.owner_user_id, kind: companyDetails.kind })
    .from(companies)
    .leftJoin(companyDetails, eq(companyDetails.company_id, companies.id))
    .where(and(eq(companies.id, id), companyWhere(db, actor)))
    .limit(1)
  if (!row) throw notFound()
  return { id: row.id, owner_user_id: row.owner_user_id, kind: row.kind === 'sole' ? 'sole' : 'legal' }
}

/** What the company list searches: the short name (the full name repeats it after the legal form), inn, ogrn. */
export const COMPANY_SEARCH = searchOf({
  name: textField(companies.search_name, { dictionary: COMPANY_NAME_WORDS_SIMILAR }),
  inn: numberField(companies.inn),
  ogrn: numberField(companies.ogrn),
})

/** Newest first; the id is unique, so the order is stable for keyset paging. */
export const COMPANY_ORDER = [key(companies.id, 'int', true)]

/** The list's WHERE: the actor's scope, the search (see COMPANY_SEARCH) and the filters. */
export function listConditions(db: Db, actor: Actor, query: Omit<CompanyListQuery, 'page' | 'limit'>, match: SearchMatch | null, bind: Bind = asValues): SQL {
  const conditions: SQL[] = [scopeWhere(db, actor, companyRows, companyColumns, bind)]
  if (match) conditions.push(match.where)
  conditions.push(...detailsConditions(query))
  if (query.agent_id) conditions.push(eq(companies.agent_user_id, bind('agent_id', query.agent_id)))
  return and(...conditions) as SQL
}

/**
 * The kind and status filters. A company without a details row reads as a legal entity, active: a filter those
 * defaults pass (kind legal, status active) keeps such companies (coalesce, a left join); any other value (kind sole,
 * status past active) needs a details row, so every condition is then a plain equality the planner turns into an
 * inner join from the `(kind, status, company_id)` index (migration 0007) — newest first, counted on the index alone.
 */
function detailsConditions(query: Pick<CompanyListQuery, 'kind' | 'status'>): SQL[] {
  const needsRow = query.kind === 'sole' || (query.status !== undefined && query.status !== 'active')
  const conditions: SQL[] = []
  if (query.kind) conditions.push(needsRow ? eq(companyDetails.kind, query.kind) : sql`coalesce(${companyDetails.kind}, 'legal') = ${query.kind}`)
  if (query.status) conditions.push(needsRow ? eq(companyDetails.status, query.status) : sql`coalesce(${companyDetails.status}, 'active') = ${query.status}`)
  return conditions
}

/** Filters on details columns need the join; the others run on the companies table alone. */
const needsDetails = (query: Omit<CompanyListQuery, 'page' | 'limit'>) => Boolean(query.kind || query.status)

type Joined = <T extends PgSelect>(q: T) => T
/** A select of companies with the details joined when the filters need them (the selected fields stay the companies'). */
const joinedFor =
  (query: Omit<CompanyListQuery, 'page' | 'limit'>): Joined =>
  q =>
    needsDetails(query) ? (q.leftJoin(companyDetails, eq(companyDetails.company_id, companies.id)) as unknown as typeof q) : q

/**
 * The search of a query (server/search `resolve`): as typed, and its typos only where none of the actor's companies
 * (under the filters) holds it as typed.
 */
async function companySearch(db: Db, actor: Actor, query: Omit<CompanyListQuery, 'page' | 'limit'>, joined: Joined): Promise<{ match: SearchMatch | null; similar: boolean }> {
  return COMPANY_SEARCH.resolve(db, query.q, condition => joined(db.select({ id: companies.id }).from(companies).$dynamic()).where(and(listConditions(db, actor, query, null), condition)))
}

/**
 * A page of "My companies", best match first under a search, in one query: the page's ids in a subquery (narrow
 * rows, keyset or offset paging, so skipped rows are never joined), the full rows of those ids around it; the total
 * counts the same filter cheaply (server/search/total.ts), without counting when the planner says the list is long
 * and no text search makes its estimate a guess.
 */
export async function listCompanies(db: Db, actor: Actor, query: CompanyListQuery, tiering: Tiering = {}): Promise<CompanyPage> {
  const joined = joinedFor(query)
  const { match, similar } = await companySearch(db, actor, query, joined)
  const keys = rankedOrder(match, COMPANY_ORDER)
  const cursor = decodeCursor(query.cursor, keys)
  if (!match) return unsearchedPage(db, actor, query, cursor, joined)
  const where = listConditions(db, actor, query, match)
  const page =
    (await tieredPage(db, actor, query, keys, cursor, match, joined, { tieredFrom: TIERED_FROM, rankedUpTo: EXACT_TOTAL_LIMIT, ...tiering })) ??
    (await searchPage(db, match, keys, { cursor, offset: (query.page - 1) * query.limit }, query.limit, where, joined))
  return similar ? { ...page, similar } : page
}

/** The pages read from the top or at an offset without a search, built once per shape (server/db/statements.ts). */
const topPages = statementsByShape<Record<string, unknown>[]>()

/**
 * The list without a search, newest first. A page from the top or at an offset runs a statement built once per
 * shape — the scope's kind, the filters, the page's size, whether it is offset — with the actor, the office, the
 * agent and the offset as its values; the first page of a reader who sees every row has none, and its plan is kept
 * (limitRows). A cursor's page is built for its values. The total is the planner's estimate or a count of the same
 * rows, known by the shape and values without building its text.
 */
async function unsearchedPage(db: Db, actor: Actor, query: CompanyListQuery, cursor: Cursor | null, joined: Joined): Promise<CompanyPage> {
  const shape = JSON.stringify([scopeShape(companyRows, actor), query.kind ?? null, query.status ?? null, query.agent_id !== undefined])
  const values = { scope_actor: actor.id, scope_office: actor.office_id, agent_id: query.agent_id ?? null }
  const rows = (bind: Bind, after?: SQL) => joined(db.select({ id: companies.id }).from(companies).$dynamic()).where(and(listConditions(db, actor, query, null, bind), after))
  const page = await keysetPage<ListedRow>(COMPANY_ORDER, { cursor, offset: (query.page - 1) * query.limit }, query.limit, (columns, after, order, limit, offset) => {
    const select = (bind: Bind) => {
      const ids = limitRows(rows(bind, after).orderBy(...order), limit)
        // drizzle leaves out an offset of 0: the first page's text has no value for it.
        .offset(offset > 0 ? bind('offset', offset) : 0)
        .as('page')
      // The same order over the page's few rows (the keys end with the unique id, so it is the subquery's order).
      return flatStatement(db, selectListed(db, columns).innerJoin(ids, eq(ids.id, companies.id)).orderBy(...order), listedFields(columns))
    }
    if (after) return select(asValues).execute()
    return topPages(db, `${shape} ${limit} ${offset > 0}`, () => select(asPlaceholders)).execute({ ...values, offset })
  })
  // Filters are equalities; the planner's estimate is trusted (past 4 × the exact limit) where the scope's is good too.
  const total = await cheapTotal(db, rows(asValues), { planFirst: scopeEstimable(companyRows, actor, companyColumns), key: `companies ${shape} ${JSON.stringify(values)}` })
  return { ...page, items: page.items.map(toListItem), ...total }
}

/** A search's pages are taken tier by tier when the planner puts at least this many rows in its tiers. */
export const TIERED_FROM = 2_000

/** When a search's pages are read tier by tier (tests read every page both ways). */
export interface Tiering {
  /** The planner's estimate of the tiers' rows from which they are read tier by tier (TIERED_FROM). */
  tieredFrom?: number
  /**
   * In a scope the planner estimates, a search whose matches the list would count exactly anyway (its estimate
   * within TRUSTED_ESTIMATE_FACTOR × EXACT_TOTAL_LIMIT) reads at most this many + 1 of them ranked, once: all of
   * them are the page and its exact total in one read; one more, and the tiers are read with the total said as
   * "about" (EXACT_TOTAL_LIMIT; 0: never).
   */
  rankedUpTo?: number
}

/**
 * A page of a search for a common word or number (issue 16: at 1 000 000 companies "строй" matches 21 000 names and
 * an inn prefix 18 000 rows, and ranking them all took 150–440 ms a page): the rank's tiers one by one (server/search
 * `SearchTiers`), each newest first and cut at the page — a field equal to the input (rank 3000), a field starting
 * with it (2000), a name holding it (1000): index scans from the newest row that stop at the page's end, or the
 * indexes' few rows — then a tier for each rank of the words the dictionary gave a mistyped word (below 1000, a
 * word's rows read like a substring's) — and only if those do not fill the page, the typos no dictionary answered,
 * ranked by whole-name similarity (below 1000). The same rows, order and cursors as ranking every match (a tier's
 * rank is above every row of the next, one rank a tier): the first page starts at the top tier, a cursor (rank, id)
 * names its tier and the row the page goes on after or before. The total is the planner's estimate of the tiers
 * when that is past 4 × the exact limit or the tiers alone count past the limit, else every match counted exactly.
 * Null (rank every match) for a page reached by number, a cursor among whole-name typos, or an input the planner
 * thinks is rare.
 */
async function tieredPage(
  db: Db,
  actor: Actor,
  query: CompanyListQuery,
  keys: readonly OrderKey[],
  cursor: Cursor | null,
  match: SearchMatch,
  joined: Joined,
  { tieredFrom, rankedUpTo }: Required<Tiering>,
): Promise<CompanyPage | null> {
  const { tiers } = match
  // Typos by the dictionary and by whole names would interleave by rank: such a list ranks every match.
  if (!tiers || query.page !== 1 || (tiers.similar && tiers.typos.length > 0)) return null
  // Where the page starts: the top, or next to (rank, id) in a tier above the typos — after it, or before it.
  const forwards = cursor?.direction !== 'before'
  const [fromRank = Number.POSITIVE_INFINITY, fromId = 0] = (cursor?.values ?? []) as number[]
  const tierRanks: number[] = [...Object.values(TIER_RANK), ...tiers.typos.map(t => t.rank)]
  if (cursor && !tierRanks.includes(fromRank)) return null
  const rest = listConditions(db, actor, query, null)
  // A row meets a tier only if it meets none above it; a NULL field (no inn) meets no tier rather than hiding the row.
  const unmet = (...above: (SQL | null)[]) => {
    const met = anyOf(above)
    return met ? sql`not coalesce(${met}, false)` : undefined
  }
  // Every tier read newest first: the input's own, and the words the dictionary gave a typo.
  const reach = anyOf([tiers.exact, tiers.prefix, tiers.substring, ...tiers.typos.map(t => t.where)])!
  const ids = () => joined(db.select({ id: companies.id }).from(companies).$dynamic())
  const estimate = await planRows(db, ids().where(and(rest, reach)))
  if (estimate < tieredFrom) return null
  // A first page of few matches in a scope the planner estimates (an office's "строй": 1 000 of 100 000
  // companies): ranked and counted in one read (issue 16: the tiers' read and the count each took ~5 ms at
  // 1 000 000; this, 6). Not past a cursor: a page past it may be empty, and then no row says how many were read.
  const estimable = scopeEstimable(companyRows, actor, companyColumns)
  let many: Total | null = null
  if (!cursor && estimable && rankedUpTo > 0 && estimate <= TRUSTED_ESTIMATE_FACTOR * EXACT_TOTAL_LIMIT) {
    // A search found to have more within the last seconds is not read again (a common word: 5 001 rows a request).
    const matching = and(rest, match.where)!
    const matches = ids().where(matching)
    const known = knownAbout(db, matches, rankedUpTo)
    if (known === undefined) {
      const ranked = await searchPage(db, match, keys, { cursor: null, offset: 0 }, query.limit, matching, joined, rankedUpTo)
      if (ranked) return ranked
    }
    many = { total: Math.max(known ?? 0, estimate, rankedUpTo + 1), total_estimated: true }
    if (known === undefined) rememberAbout(db, matches, many.total, rankedUpTo)
  }
  const size = query.limit + 1
  // A tier's rows all have its rank (they meet none of the tiers above): said as the number, not the ranking's
  // expression (four copies of it were most of the query); the whole-name typos below keep theirs.
  const ranked = (rank: number | null) => joined(db.select({ id: companies.id, rank: (rank === null ? sql<number>`${match.rank}` : sql<number>`${rank}::int`).as('rank') }).from(companies).$dynamic())
  const newest = desc(companies.id)
  const read = async (tierRows: SQL) => {
    const extra = { rank: sql<number>`${sql.identifier('tiers')}.${sql.identifier('rank')}` }
    const select = selectListed(db, extra).innerJoin(sql`(${tierRows}) as ${sql.identifier('tiers')}`, sql`${sql.identifier('tiers')}.${sql.identifier('id')} = ${companies.id}`)
    const rows = await flatStatement(db, select, listedFields(extra)).execute()
    return rows.map(r => ({ ...r, rank: Number((r as typeof r & { rank: unknown }).rank) }))
  }
  const byRank = (a: { rank: number; id: number }, b: { rank: number; id: number }) => b.rank - a.rank || b.id - a.id
  const tier = (rank: number | null, condition: SQL | undefined, order: SQL[], limit: number) => sql`(${ranked(rank).where(and(rest, condition)).orderBy(...order).limit(limit)})`
  const tiersAbove: [number, SQL | undefined][] = [
    [TIER_RANK.exact, tiers.exact],
    [TIER_RANK.prefix, tiers.prefix ? and(tiers.prefix, unmet(tiers.exact)) : undefined],
    [TIER_RANK.substring, tiers.substring ? and(tiers.substring, unmet(tiers.exact, tiers.prefix)) : undefined],
    ...tiers.typos.map(({ rank, where }, i): [number, SQL | undefined] => [
      rank,
      and(where, unmet(tiers.exact, tiers.prefix, tiers.substring, ...tiers.typos.slice(0, i).map(t => t.where))),
    ]),
  ]
  // The cursor's own tier past its row, and the tiers beyond it whole, each read from its end nearest the cursor:
  // a next page reads the tiers below newest first, a previous page the tiers above oldest first.
  const past = forwards ? lt(companies.id, fromId) : gt(companies.id, fromId)
  const near = tiersAbove
    .filter(([rank, condition]) => condition && (forwards ? rank <= fromRank : rank >= fromRank))
    .map(([rank, condition]) => tier(rank, rank === fromRank ? and(condition, past) : condition, [forwards ? newest : asc(companies.id)], size))
  let rows = near.length > 0 ? await read(sql.join(near, sql` union all `)) : []
  rows.sort(byRank)
  // The typos come after every tier: only a next page reaches them.
  if (forwards && rows.length < size && tiers.similar) {
    const typos = await read(tier(null, and(tiers.similar, unmet(reach)), [sql`${match.rank} desc`, newest], size - rows.length))
    rows = [...rows, ...typos.sort(byRank)]
  }
  const more = rows.length > query.limit
  const page = forwards ? rows.slice(0, query.limit) : rows.slice(-query.limit)
  const first = page[0]
  const last = page.at(-1)
  // In a scope the planner estimates well, the tiers past the typos are counted first (index scans): past the
  // limit, so is every match. Else (or under the limit) every match, typos included, is counted: in an office's
  // scope at once, the planner's estimate of it being no sign of how many the office has.
  const reached =
    many ?? (estimable && estimate > TRUSTED_ESTIMATE_FACTOR * EXACT_TOTAL_LIMIT
      ? { total: estimate, total_estimated: true }
      : estimable
        ? await cheapTotal(db, ids().where(and(rest, reach)), { estimate })
        : null)
  // Without typos to add, what the tiers reached is every match.
  const total = reached && (reached.total_estimated || !tiers.similar) ? reached : await cheapTotal(db, ids().where(and(rest, match.where)))
  return {
    items: page.map(toListItem),
    next: last && (more || !forwards) ? encodeCursor({ direction: 'after', values: [last.rank, last.id] }, keys) : null,
    prev: first && (forwards ? cursor !== null : more) ? encodeCursor({ direction: 'before', values: [first.rank, first.id] }, keys) : null,
    ...total,
  }
}

/**
 * A page under a search, with its total, in one query: every match is read and ranked once (`m`, through the
 * trigram and prefix indexes), counted by a window over them, the page's rows past the cursor taken from them and
 * the full rows joined around those. A separate count would read and recheck every match a second time (the
 * trigram recheck, word_similarity per row, is most of a name search's time). The total is exact: the ranking
 * reads every match anyway.
 */
async function searchPage(db: Db, match: SearchMatch, keys: readonly OrderKey[], position: PagePosition, size: number, where: SQL, joined: Joined): Promise<CompanyPage>
/** With `bound`: at most bound + 1 matches read; null when there are more (the page would not be theirs). */
async function searchPage(db: Db, match: SearchMatch, keys: readonly OrderKey[], position: PagePosition, size: number, where: SQL, joined: Joined, bound: number): Promise<CompanyPage | null>
async function searchPage(db: Db, match: SearchMatch, keys: readonly OrderKey[], position: PagePosition, size: number, where: SQL, joined: Joined, bound?: number) {
  const rank = sql<number>`${match.rank}`.as('rank')
  const counted = sql<number>`count(*) over ()`.as('matches')
  const bounded = bound === undefined ? null : joined(db.select({ id: companies.id, rank }).from(companies).$dynamic()).where(where).limit(bound + 1).as('matched')
  const m = bounded
    ? db.select({ id: bounded.id, rank: bounded.rank, matches: counted }).from(bounded).as('m')
    : joined(db.select({ id: companies.id, rank, matches: counted }).from(companies).$dynamic())
        .where(where)
        .as('m')
  // The list's keys (rank, then id) over the ranked matches; a cursor of the list's keys is one of these.
  const ranked = [key(m.rank, 'int', true), key(m.id, 'int', true)]
  if (ranked.length !== keys.length) throw new Error('company search keys changed')
  const forwards = position.cursor?.direction !== 'before'
  const page = await keysetPage<ListedRow & { matches: number }>(ranked, position, size, (columns, after, order, limit, offset) => {
    const aliased = Object.fromEntries(Object.entries(columns).map(([name, column]) => [name, column.as(name)]))
    const ids = limitRows(db.select({ id: m.id, matches: m.matches, ...aliased }).from(m).where(after).orderBy(...order), limit).offset(offset).as('page')
    const outer = Object.fromEntries(Object.keys(columns).map(name => [name, sql`${sql.identifier('page')}.${sql.identifier(name)}`]))
    const outerOrder = orderBy(
      ranked.map((k, i) => ({ ...k, expr: outer[`k${i}`]! })),
      forwards,
    )
    const extra = { ...outer, matches: sql<number>`${ids.matches}` }
    return flatStatement(db, selectListed(db, extra).innerJoin(ids, eq(ids.id, companies.id)).orderBy(...outerOrder), listedFields(extra)).execute()
  })
  const first = page.items[0]
  if (bound !== undefined && first && Number(first.matches) > bound) return null
  // A page past the end has no row to carry the count: counted as without a search.
  const total = first
    ? { total: Number(first.matches), total_estimated: false }
    : await cheapTotal(db, joined(db.select({ id: companies.id }).from(companies).$dynamic()).where(where))
  return { ...page, items: page.items.map(toListItem), ...total }
}

/** Rows for the export: the same filters, no paging (capped). */
export async function exportCompanies(db: Db, actor: Actor, query: Omit<CompanyListQuery, 'page' | 'limit'>, cap: number): Promise<Company[]> {
  const { match } = await companySearch(db, actor, query, joinedFor(query))
  const rows = await selectCompanies(db).where(listConditions(db, actor, query, match)).orderBy(desc(companies.id)).limit(cap)
  return rows.map(toCompany)
}

/** The company form's values split over the core row and the details row. */
export function companyValues(form: CompanyForm, now: Date) {
  const core = { inn: form.inn, ogrn: form.ogrn, kpp: form.kpp, short_name: form.short_name, full_name: form.full_name }
  const details = {
    kind: form.kind,
    okpo: form.okpo,
    okved: form.okved,
    organization_type: form.organization_type,
    tax_system: form.tax_system,
    legal_form: form.legal_form,
    legal_address: form.legal_address,
    postal_address: form.postal_address,
    contact_person_name: form.contact_person_name,
    contact_person_phone: form.contact_person_phone,
    site: form.site,
    bidder_email: form.bidder_email,
    creation_date: form.creation_date,
    registration_certificate: form.registration_certificate,
    purpose: form.purpose,
    registering_body: form.registering_body,
    registration_place: form.registration_place,
    status: form.status,
    updated_at: now,
  }
  return { core, details }
}

/** Inserts or replaces a company's details row. */
export async function saveDetails(db: Db, companyId: number, details: ReturnType<typeof companyValues>['details']): Promise<void> {
  await db
    .insert(companyDetails)
    .values({ company_id: companyId, ...details })
    .onConflictDoUpdate({ target: companyDetails.company_id, set: details })
}
