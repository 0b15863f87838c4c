import { createStore } from 'effector'
import type { Failure } from '../../core/api/envelope'
import { onBus } from '../../core/events/effector'
import type { CompanySearchItem, FileInfo } from './contract'
import type { SectionKey } from './remotes'

/**
 * The clients module's state besides its remote() stores (./remotes.ts): form saves, uploads, the company search,
 * the export, failed removals. Events are declared here by merging into the core's EventMap; handlers
 * (./commands.ts) emit them; processes (./process.ts) derive the rest; screens read.
 */

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

declare module '../../core/events/map' {
  interface EventMap {
    'clients/exportStarted': Record<string, never>
    'clients/exportFinished': { name: string; size: number }
    'clients/exportFailed': { failure: Failure }

    /** A company card opened: failed removals shown for the card before are forgotten. */
    'clients/companyOpened': { companyId: number }

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
  }
}

const loggedOut = onBus('auth/loggedOut')

export const $export = createStore<{ status: 'idle' | 'running' | 'failed'; failure: Failure | null }>({ status: 'idle', failure: null })
  .on(onBus('clients/exportStarted'), () => ({ status: 'running', failure: null }))
  .on(onBus('clients/exportFinished'), () => ({ status: 'idle', failure: null }))
  .on(onBus('clients/exportFailed'), (_, { failure }) => ({ status: 'failed', failure }))
  .reset(loggedOut)

// ─── The company card ────────────────────────────────────────────────────────────────────────────────────────

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
