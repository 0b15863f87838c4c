import type { StoreWritable } from 'effector'
import { onBus } from '../../core/events/effector'
import { remote, type Remote, type RemoteState } from '../../core/data/remote'
import type {
  BankAccount,
  Company,
  CompanyDocument,
  DirectoryBank,
  FinancialPeriod,
  Individual,
  Licence,
  Owner,
  CompanyPage,
  IndividualPage,
  PublicDocumentsView,
  PublicFinancialsView,
  PublicLink,
  ResponsiblePerson,
} from './contract'
import { clientsApi } from './paths'

/**
 * What the clients screens show from the server, one `remote()` store each (core/data/remote.ts): requested →
 * loaded / failed, the old data kept on screen while a reload runs or after it fails, a newer request of the same
 * store aborting the older. Their `load` handlers are the module's load commands (./commands.ts).
 */

/** `cursor`: the keyset cursor of a page reached with "previous" / "next" (server/search/keyset.ts); `page` is for old links. */
export interface CompanyListQuery {
  page: number
  limit: number
  q: string
  kind?: 'legal' | 'sole'
  cursor?: string
}
export interface IndividualListQuery {
  page: number
  limit: number
  q: string
  cursor?: string
}

const quiet = true

const listParams = (query: { page: number; limit: number; q: string; kind?: string; cursor?: string }) => {
  const searchParams: Record<string, string | number> = { page: query.page, limit: query.limit }
  if (query.q) searchParams.q = query.q
  if (query.kind) searchParams.kind = query.kind
  if (query.cursor) searchParams.cursor = query.cursor
  return searchParams
}

/** "My companies", legal entities tab. */
export const companiesList = remote('clients/companies', {
  load: (query: CompanyListQuery, { api, signal }) => api.get<CompanyPage>(clientsApi.companies, { quiet, signal, searchParams: listParams(query) }),
})

/** The bank directory's answer for a BIK on the bank-details form (null: not in the directory). */
export const bankByBik = remote('clients/bankByBik', {
  load: ({ bik }: { bik: string }, { api, signal }) => api.get<DirectoryBank | null>(clientsApi.bank(bik), { quiet, signal }),
})

/** Individuals (/physics and the individuals tab). */
export const individualsList = remote('clients/individuals', {
  load: (query: IndividualListQuery, { api, signal }) =>
    api.get<IndividualPage>(clientsApi.individuals, { quiet, signal, searchParams: listParams(query) }),
})

// ─── The company card ────────────────────────────────────────────────────────────────────────────────────────

/** The sections of a company card, each loaded (and failing, and retried) on its own (SPEC §8 loading errors). */
export interface SectionData {
  company: Company
  persons: ResponsiblePerson[]
  owners: Owner[]
  bankAccounts: BankAccount[]
  financials: FinancialPeriod[]
  documents: CompanyDocument[]
  licences: Licence[]
  publicLinks: PublicLink[]
}
export type SectionKey = keyof SectionData
export type ListSectionKey = Exclude<SectionKey, 'company'>
export interface SectionQuery {
  companyId: number
}

const sectionPath: { [K in SectionKey]: (companyId: number) => string } = {
  company: clientsApi.company,
  persons: clientsApi.persons,
  owners: clientsApi.owners,
  bankAccounts: clientsApi.bankAccounts,
  financials: clientsApi.financials,
  documents: clientsApi.documents,
  licences: clientsApi.licences,
  publicLinks: clientsApi.publicLinks,
}

/** One store per section; another company's data never stays under this one's title while it loads. */
function section<K extends SectionKey>(key: K): Remote<SectionQuery, SectionData[K]> {
  return remote(`clients/section/${key}`, {
    load: ({ companyId }: SectionQuery, { api, signal }) => api.get<SectionData[K]>(sectionPath[key](companyId), { quiet, signal }),
    keepData: (prev, next) => prev.companyId === next.companyId,
  })
}

export const sections: { [K in SectionKey]: Remote<SectionQuery, SectionData[K]> } = {
  company: section('company'),
  persons: section('persons'),
  owners: section('owners'),
  bankAccounts: section('bankAccounts'),
  financials: section('financials'),
  documents: section('documents'),
  licences: section('licences'),
  publicLinks: section('publicLinks'),
}
export const SECTION_KEYS = Object.keys(sections) as SectionKey[]

// A deleted record leaves its list at once (the sections that change others reload as well: ./commands.ts).
for (const key of SECTION_KEYS) {
  if (key === 'company') continue
  // remote() makes a writable store; only this module's own removals write to it besides the kit.
  const store = sections[key].$state as StoreWritable<RemoteState<SectionQuery, { id: number }[]>>
  store.on(onBus('clients/recordRemoved').filter({ fn: p => p.section === key }), (s, { companyId, id }) =>
    s.status !== 'idle' && s.data && s.query.companyId === companyId ? ({ ...s, data: s.data.filter(r => r.id !== id) } as typeof s) : s,
  )
}

// ─── Individuals and the public pages ────────────────────────────────────────────────────────────────────────

export const individual = remote('clients/individual', {
  load: ({ id }: { id: number }, { api, signal }) => api.get<Individual>(clientsApi.individual(id), { quiet, signal }),
  keepData: (prev, next) => prev.id === next.id,
})

export type PublicKind = 'documents' | 'financials'
export interface PublicQuery {
  kind: PublicKind
  hash: string
}
/** The read-only pages behind a signed link: no session, and a 6969 must not send the visitor to /login. */
export const publicView = remote('clients/public', {
  load: ({ kind, hash }: PublicQuery, { api, signal }) =>
    api.get<PublicDocumentsView | PublicFinancialsView>(kind === 'documents' ? clientsApi.publicDocuments(hash) : clientsApi.publicFinancials(hash), {
      quiet,
      signal,
      sessionRedirect: false,
    }),
  keepData: (prev, next) => prev.kind === next.kind && prev.hash === next.hash,
})
