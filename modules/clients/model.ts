import { createStore } from 'effector'
import type { Failure } from '../../core/api/envelope'
import { onBus } from '../../core/events/effector'
import type {
  BankAccount,
  Company,
  CompanyDocument,
  CompanyListItem,
  CompanySearchItem,
  FileInfo,
  FinancialPeriod,
  Individual,
  IndividualListItem,
  Licence,
  Owner,
  Page,
  PublicDocumentsView,
  PublicFinancialsView,
  PublicLink,
  ResponsiblePerson,
} from './contract'

/**
 * The clients module's state: events (declared here by merging into the core's EventMap) folded into small
 * stores. Handlers (./commands.ts) emit the events; processes (./process.ts) derive the rest; screens read.
 */

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
export const SECTION_KEYS: readonly SectionKey[] = ['company', 'persons', 'owners', 'bankAccounts', 'financials', 'documents', 'licences', 'publicLinks']

/** Something loaded from the server: what was there stays on screen while a reload runs or after it fails. */
export type Loadable<T> =
  | { status: 'idle'; data: null }
  | { status: 'loading'; data: T | null }
  | { status: 'ready'; data: T }
  | { status: 'failed'; data: T | null; failure: Failure }

const idle = { status: 'idle', data: null } as const
const loading = <T>(state: Loadable<T>): Loadable<T> => ({ status: 'loading', data: state.data })
const failed = <T>(state: Loadable<T>, failure: Failure): Loadable<T> => ({ status: 'failed', data: state.data, failure })

export interface CompanyListQuery {
  page: number
  limit: number
  q: string
  kind?: 'legal' | 'sole'
}
export interface IndividualListQuery {
  page: number
  limit: number
  q: string
}

/** A form's save: `seq` grows with every success so a screen can tell a new one from the last. */
export interface FormState {
  status: 'idle' | 'saving' | 'saved' | 'failed'
  failure: Failure | null
  seq: number
  /** The id of what the last successful save wrote. */
  id: number | null
}
export const IDLE_FORM: FormState = { status: 'idle', failure: null, seq: 0, id: null }

export interface UploadState {
  status: 'uploading' | 'done' | 'failed'
  name: string
  loaded: number
  total: number
  file: FileInfo | null
  failure: Failure | null
}

export interface SearchState {
  /** What the user typed last (trimmed). */
  query: string
  status: 'idle' | 'waiting' | 'loading' | 'ready' | 'failed'
  items: CompanySearchItem[]
}

export type PublicKind = 'documents' | 'financials'
export interface PublicViews {
  documents: PublicDocumentsView
  financials: PublicFinancialsView
}

declare module '../../core/events/map' {
  interface EventMap {
    'clients/companiesRequested': { query: CompanyListQuery }
    'clients/companiesLoaded': { query: CompanyListQuery; page: Page<CompanyListItem> }
    'clients/companiesFailed': { query: CompanyListQuery; failure: Failure }
    'clients/individualsRequested': { query: IndividualListQuery }
    'clients/individualsLoaded': { query: IndividualListQuery; page: Page<IndividualListItem> }
    'clients/individualsFailed': { query: IndividualListQuery; failure: Failure }
    'clients/exportStarted': Record<string, never>
    'clients/exportFinished': { name: string; size: number }
    'clients/exportFailed': { failure: Failure }

    /** A company card opened (or moved to another company): sections of another company are dropped. */
    'clients/companyOpened': { companyId: number }
    'clients/sectionRequested': { companyId: number; section: SectionKey }
    'clients/sectionLoaded': { [K in SectionKey]: { companyId: number; section: K; data: SectionData[K] } }[SectionKey]
    'clients/sectionFailed': { companyId: number; section: SectionKey; failure: Failure }

    /** A form (`company`, `person:new`, `owner:12`, …) is being saved; its input stays on screen whatever happens. */
    'clients/formSaving': { form: string }
    /** Saved: `section` of `companyId` changed (null for an individual), `id` is the record written. */
    'clients/formSaved': { form: string; companyId: number | null; section: SectionKey | 'individual'; id: number }
    'clients/formFailed': { form: string; failure: Failure }
    /** A record of a section went away (delete, revoke). */
    'clients/recordRemoved': { companyId: number; section: SectionKey; id: number }
    'clients/removeFailed': { companyId: number; section: SectionKey; id: number; failure: Failure }

    /** The company search box: typed text; the search process waits, then asks (a newer input cancels it). */
    'clients/searchTyped': { query: string }
    'clients/searchStarted': { query: string }
    'clients/searchLoaded': { query: string; items: CompanySearchItem[] }
    'clients/searchFailed': { query: string; failure: Failure }
    'clients/searchCleared': Record<string, never>

    'clients/uploadStarted': { uploadId: string; companyId: number; name: string; size: number }
    'clients/uploadProgressed': { uploadId: string; loaded: number; total: number }
    'clients/uploadFinished': { uploadId: string; file: FileInfo }
    'clients/uploadFailed': { uploadId: string; failure: Failure }
    'clients/uploadDiscarded': { uploadId: string }

    'clients/downloadFailed': { failure: Failure }

    'clients/individualRequested': { id: number }
    'clients/individualLoaded': { individual: Individual }
    'clients/individualFailed': { id: number; failure: Failure }

    'clients/publicRequested': { kind: PublicKind; hash: string }
    'clients/publicLoaded': { [K in PublicKind]: { kind: K; hash: string; view: PublicViews[K] } }[PublicKind]
    'clients/publicFailed': { kind: PublicKind; hash: string; failure: Failure }
  }
}

const loggedOut = onBus('auth/loggedOut')

// ─── Lists ───────────────────────────────────────────────────────────────────────────────────────────────────

export interface ListState<Q, T> {
  query: Q | null
  page: Loadable<Page<T>>
}

export const $companies = createStore<ListState<CompanyListQuery, CompanyListItem>>({ query: null, page: idle })
  .on(onBus('clients/companiesRequested'), (s, { query }) => ({ query, page: loading(s.page) }))
  .on(onBus('clients/companiesLoaded'), (s, { query, page }) => (same(s.query, query) ? { query, page: { status: 'ready', data: page } } : s))
  .on(onBus('clients/companiesFailed'), (s, { query, failure }) => (same(s.query, query) ? { query, page: failed(s.page, failure) } : s))
  .reset(loggedOut)

export const $individuals = createStore<ListState<IndividualListQuery, IndividualListItem>>({ query: null, page: idle })
  .on(onBus('clients/individualsRequested'), (s, { query }) => ({ query, page: loading(s.page) }))
  .on(onBus('clients/individualsLoaded'), (s, { query, page }) => (same(s.query, query) ? { query, page: { status: 'ready', data: page } } : s))
  .on(onBus('clients/individualsFailed'), (s, { query, failure }) => (same(s.query, query) ? { query, page: failed(s.page, failure) } : s))
  .reset(loggedOut)

/** An answer to an older query (the user typed on) does not overwrite the newer one's. */
function same(a: unknown, b: unknown): boolean {
  return JSON.stringify(a) === JSON.stringify(b)
}

export const $export = createStore<{ status: 'idle' | 'running' | 'failed'; failure: Failure | null }>({ status: 'idle', failure: null })
  .on(onBus('clients/exportStarted'), () => ({ status: 'running', failure: null }))
  .on(onBus('clients/exportFinished'), () => ({ status: 'idle', failure: null }))
  .on(onBus('clients/exportFailed'), (_, { failure }) => ({ status: 'failed', failure }))
  .reset(loggedOut)

// ─── The company card ────────────────────────────────────────────────────────────────────────────────────────

export type Sections = { companyId: number | null } & { [K in SectionKey]: Loadable<SectionData[K]> }
const emptySections = (companyId: number | null): Sections => ({
  companyId,
  company: idle,
  persons: idle,
  owners: idle,
  bankAccounts: idle,
  financials: idle,
  documents: idle,
  licences: idle,
  publicLinks: idle,
})

export const $sections = createStore<Sections>(emptySections(null))
  .on(onBus('clients/companyOpened'), (s, { companyId }) => (s.companyId === companyId ? s : emptySections(companyId)))
  .on(onBus('clients/sectionRequested'), (s, { companyId, section }) =>
    s.companyId === companyId ? { ...s, [section]: loading(s[section] as Loadable<unknown>) } : s,
  )
  .on(onBus('clients/sectionLoaded'), (s, { companyId, section, data }) =>
    s.companyId === companyId ? { ...s, [section]: { status: 'ready', data } } : s,
  )
  .on(onBus('clients/sectionFailed'), (s, { companyId, section, failure }) =>
    s.companyId === companyId ? { ...s, [section]: failed(s[section] as Loadable<unknown>, failure) } : s,
  )
  .on(onBus('clients/recordRemoved'), (s, { companyId, section, id }) => {
    const current = s[section]
    if (s.companyId !== companyId || !Array.isArray(current.data)) return s
    const data = (current.data as { id: number }[]).filter(r => r.id !== id)
    return { ...s, [section]: { ...current, data } }
  })
  .reset(loggedOut)

export const $forms = createStore<Record<string, FormState>>({})
  .on(onBus('clients/formSaving'), (forms, { form }) => ({ ...forms, [form]: { ...(forms[form] ?? IDLE_FORM), status: 'saving', failure: null } }))
  .on(onBus('clients/formSaved'), (forms, { form, id }) => {
    const prev = forms[form] ?? IDLE_FORM
    return { ...forms, [form]: { status: 'saved', failure: null, seq: prev.seq + 1, id } }
  })
  .on(onBus('clients/formFailed'), (forms, { form, failure }) => ({ ...forms, [form]: { ...(forms[form] ?? IDLE_FORM), status: 'failed', failure } }))
  .reset(loggedOut)

/** The last failed delete per section, shown beside the list. */
export const $removeFailures = createStore<Partial<Record<SectionKey, Failure>>>({})
  .on(onBus('clients/removeFailed'), (all, { section, failure }) => ({ ...all, [section]: failure }))
  .on(onBus('clients/recordRemoved'), (all, { section }) => {
    if (!all[section]) return all
    const { [section]: _gone, ...rest } = all
    return rest
  })
  .reset(onBus('clients/companyOpened'), loggedOut)

// ─── Company search ──────────────────────────────────────────────────────────────────────────────────────────

export const $search = createStore<SearchState>({ query: '', status: 'idle', items: [] })
  .on(onBus('clients/searchTyped'), (s, { query }) => ({ ...s, query: query.trim(), status: query.trim().length >= 2 ? 'waiting' : 'idle' }))
  .on(onBus('clients/searchStarted'), (s, { query }) => (s.query === query ? { ...s, status: 'loading' } : s))
  .on(onBus('clients/searchLoaded'), (s, { query, items }) => (s.query === query ? { ...s, status: 'ready', items } : s))
  .on(onBus('clients/searchFailed'), (s, { query }) => (s.query === query ? { ...s, status: 'failed', items: [] } : s))
  .on(onBus('clients/searchCleared'), () => ({ query: '', status: 'idle', items: [] }))
  .reset(loggedOut)

// ─── Uploads ─────────────────────────────────────────────────────────────────────────────────────────────────

export const $uploads = createStore<Record<string, UploadState>>({})
  .on(onBus('clients/uploadStarted'), (all, { uploadId, name, size }) => ({
    ...all,
    [uploadId]: { status: 'uploading', name, loaded: 0, total: size, file: null, failure: null },
  }))
  .on(onBus('clients/uploadProgressed'), (all, { uploadId, loaded, total }) => {
    const u = all[uploadId]
    return u && u.status === 'uploading' ? { ...all, [uploadId]: { ...u, loaded, total } } : all
  })
  .on(onBus('clients/uploadFinished'), (all, { uploadId, file }) => {
    const u = all[uploadId]
    return u ? { ...all, [uploadId]: { ...u, status: 'done', loaded: u.total, file } } : all
  })
  .on(onBus('clients/uploadFailed'), (all, { uploadId, failure }) => {
    const u = all[uploadId]
    return u ? { ...all, [uploadId]: { ...u, status: 'failed', failure } } : all
  })
  .on(onBus('clients/uploadDiscarded'), (all, { uploadId }) => {
    if (!all[uploadId]) return all
    const { [uploadId]: _gone, ...rest } = all
    return rest
  })
  .reset(loggedOut)

export const $downloadFailure = createStore<Failure | null>(null)
  .on(onBus('clients/downloadFailed'), (_, { failure }) => failure)
  .reset(loggedOut)

// ─── Individuals ─────────────────────────────────────────────────────────────────────────────────────────────

export const $individual = createStore<{ id: number | null; state: Loadable<Individual> }>({ id: null, state: idle })
  .on(onBus('clients/individualRequested'), (s, { id }) => ({ id, state: s.id === id ? loading(s.state) : { status: 'loading', data: null } }))
  .on(onBus('clients/individualLoaded'), (s, { individual }) =>
    s.id === null || s.id === individual.id ? { id: individual.id, state: { status: 'ready', data: individual } } : s,
  )
  .on(onBus('clients/individualFailed'), (s, { id, failure }) => (s.id === id ? { id, state: failed(s.state, failure) } : s))
  .reset(loggedOut)

// ─── Public pages ────────────────────────────────────────────────────────────────────────────────────────────

export const $public = createStore<{ key: string | null; state: Loadable<PublicDocumentsView | PublicFinancialsView> }>({ key: null, state: idle })
  .on(onBus('clients/publicRequested'), (_, { kind, hash }) => ({ key: `${kind}:${hash}`, state: { status: 'loading', data: null } }))
  .on(onBus('clients/publicLoaded'), (s, { kind, hash, view }) => (s.key === `${kind}:${hash}` ? { ...s, state: { status: 'ready', data: view } } : s))
  .on(onBus('clients/publicFailed'), (s, { kind, hash, failure }) => (s.key === `${kind}:${hash}` ? { ...s, state: failed(s.state, failure) } : s))
