import { asc, desc } from 'drizzle-orm'
import type { Db } from '../../../server/db/client'
import { numberField, searchOf, textField } from '../../../server/search/search'
import type { CompanySearchData, CompanySearchItem } from '../contract'
import type { CompanyStatus } from '../rules/catalogues'
import { emptyAddress, type Address } from '../rules/forms'
import { registryOrganizations } from '../tables'

/**
 * The organisations registry behind the company search (SPEC §7 `autocomplete/organization-search-kz`).
 * The default answers from the local `registry_organizations` table (seeded); a real registry plugs in by
 * configuration (ORG_REGISTRY=dadata with ORG_REGISTRY_TOKEN, see createClientsServer) or by passing any
 * implementation of this interface.
 */
export interface OrganizationRegistry {
  search(query: string, limit: number, signal?: AbortSignal): Promise<CompanySearchItem[]>
}

/** Queries shorter than this return nothing: two letters already match thousands of names. */
export const SEARCH_MIN_LENGTH = 2
export const SEARCH_LIMIT = 10

const joinAddress = (a: Address) => [a.zipcode, a.city, a.street, a.house, a.office].filter(Boolean).join(', ')

/** The item a search result becomes: title = short name, value = full name · address (the browser cuts it at 60). */
export function toSearchItem(data: CompanySearchData): CompanySearchItem {
  const address = joinAddress(data.legal_address)
  return { title: data.short_name, value: address ? `${data.full_name}, ${address}` : data.full_name, inn: data.inn, oked: data.okved, data }
}

/**
 * Either name (typos too), or the beginning of the inn or ogrn from SEARCH_MIN_LENGTH digits: the company form's
 * suggestions, best match first.
 */
const REGISTRY_SEARCH = searchOf({
  short: textField(registryOrganizations.search_short_name),
  full: textField(registryOrganizations.search_full_name),
  inn: numberField(registryOrganizations.inn, SEARCH_MIN_LENGTH),
  ogrn: numberField(registryOrganizations.ogrn, SEARCH_MIN_LENGTH),
})

export function createLocalRegistry(db: Db): OrganizationRegistry {
  return {
    async search(query, limit) {
      if (query.trim().length < SEARCH_MIN_LENGTH) return []
      const match = REGISTRY_SEARCH.match(query)
      if (!match) return []
      const rows = await db
        .select()
        .from(registryOrganizations)
        .where(match.where)
        .orderBy(desc(match.rank), asc(registryOrganizations.short_name), asc(registryOrganizations.id))
        .limit(limit)
      return rows.map(r =>
        toSearchItem({
          kind: r.inn.length === 12 ? 'sole' : 'legal',
          inn: r.inn,
          ogrn: r.ogrn,
          kpp: r.kpp,
          okpo: r.okpo,
          okved: r.okved,
          short_name: r.short_name,
          full_name: r.full_name,
          legal_address: r.legal_address ?? emptyAddress(),
          creation_date: r.registration_date,
          status: r.status as CompanyStatus,
          head_name: r.head_name,
          head_position: r.head_position,
        }),
      )
    },
  }
}

/** The parts of a DaData "suggest party" answer we read. */
interface DadataParty {
  value: string
  data: {
    inn: string
    kpp?: string | null
    ogrn?: string | null
    okpo?: string | null
    okved?: string | null
    type?: 'LEGAL' | 'INDIVIDUAL'
    name?: { full_with_opf?: string | null; short_with_opf?: string | null }
    management?: { name?: string | null; post?: string | null } | null
    state?: { status?: string | null; registration_date?: number | null } | null
    address?: { value?: string | null; data?: { postal_code?: string | null; city?: string | null; settlement?: string | null; street_with_type?: string | null; house?: string | null; flat?: string | null } | null } | null
  }
}

const DADATA_STATUS: Record<string, CompanyStatus> = { ACTIVE: 'active', REORGANIZING: 'reorganizing', LIQUIDATING: 'liquidating', LIQUIDATED: 'liquidated', BANKRUPT: 'liquidating' }

/**
 * DaData's "suggest party" API (the usual Russian registry; EGRUL/EGRIP data). `fetch` is injectable for tests;
 * a slow registry is cut off after `timeoutMs`.
 */
export function createDadataRegistry(options: { token: string; url?: string; fetch?: typeof globalThis.fetch; timeoutMs?: number }): OrganizationRegistry {
  const url = options.url ?? 'https://suggestions.dadata.ru/suggestions/api/4_1/rs/suggest/party'
  const doFetch = options.fetch ?? globalThis.fetch
  return {
    async search(query, limit, signal) {
      const q = query.trim()
      if (q.length < SEARCH_MIN_LENGTH) return []
      const timeout = AbortSignal.timeout(options.timeoutMs ?? 5000)
      const res = await doFetch(url, {
        method: 'POST',
        headers: { 'content-type': 'application/json', accept: 'application/json', authorization: `Token ${options.token}` },
        body: JSON.stringify({ query: q, count: limit }),
        signal: signal ? AbortSignal.any([signal, timeout]) : timeout,
      })
      if (!res.ok) throw new Error(`registry answered ${res.status}`)
      const body = (await res.json()) as { suggestions?: DadataParty[] }
      return (body.suggestions ?? []).slice(0, limit).map(({ value, data: d }) => {
        const a = d.address?.data
        const registered = d.state?.registration_date
        return toSearchItem({
          kind: d.type === 'INDIVIDUAL' || d.inn.length === 12 ? 'sole' : 'legal',
          inn: d.inn,
          ogrn: d.ogrn ?? null,
          kpp: d.kpp ?? null,
          okpo: d.okpo ?? null,
          okved: d.okved ?? null,
          short_name: d.name?.short_with_opf ?? value,
          full_name: d.name?.full_with_opf ?? value,
          legal_address: a
            ? { city: a.city ?? a.settlement ?? null, zipcode: a.postal_code ?? null, street: a.street_with_type ?? null, house: a.house ?? null, office: a.flat ?? null }
            : emptyAddress(),
          creation_date: typeof registered === 'number' ? new Date(registered).toISOString().slice(0, 10) : null,
          status: DADATA_STATUS[d.state?.status ?? 'ACTIVE'] ?? 'active',
          head_name: d.management?.name ?? null,
          head_position: d.management?.post ?? null,
        })
      })
    },
  }
}
