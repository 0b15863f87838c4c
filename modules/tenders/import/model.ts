import { createStore } from 'effector'
import type { Failure } from '../../../core/api/envelope'
import { remote } from '../../../core/data/remote'
import { onBus } from '../../../core/events/effector'
import { importApi, type TenderImport } from './contract'

declare module '../../../core/events/map' {
  interface EventMap {
    'tenders/importStarted': { name: string; size: number }
    'tenders/importProgressed': { loaded: number; total: number }
    'tenders/importFinished': { record: TenderImport }
    'tenders/importFailed': { failure: Failure }
  }
}

/**
 * The upload on /upload. The server reads the file while it arrives, so the bytes sent are the rows read: the bar
 * follows the upload, then `saving` while the server writes the rows in its transaction.
 */
export type ImportState =
  | { status: 'idle' }
  | { status: 'uploading' | 'saving'; name: string; loaded: number; total: number }
  | { status: 'done'; name: string; record: TenderImport }
  | { status: 'failed'; name: string; failure: Failure }

export const $import = createStore<ImportState>({ status: 'idle' })
  .on(onBus('tenders/importStarted'), (_, { name, size }) => ({ status: 'uploading', name, loaded: 0, total: size }))
  .on(onBus('tenders/importProgressed'), (s, { loaded, total }) =>
    s.status === 'uploading' ? { ...s, status: loaded >= total ? 'saving' : 'uploading', loaded, total } : s,
  )
  .on(onBus('tenders/importFinished'), (s, { record }) => ({ status: 'done', name: 'name' in s ? s.name : record.file_name, record }))
  .on(onBus('tenders/importFailed'), (s, { failure }) => ({ status: 'failed', name: 'name' in s ? s.name : '', failure }))
  .reset(onBus('auth/loggedOut'))

/** GET v1/tenders/imports: the history (the latest imports with their reports). */
export const importHistory = remote('tenders/imports', {
  load: (_: Record<string, never>, { api, signal }) => api.get<TenderImport[]>(importApi.history, { quiet: true, signal }),
})
