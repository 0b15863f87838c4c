import type { Clock } from '../../core/bus/clock'
import type { ChunkFailure } from '../../core/events/map'

/** SPEC §8: a chunk that has not arrived after this long has failed. */
export const CHUNK_TIMEOUT = 120_000

/** The chunk did not arrive in time (SPEC §8 "chunk load timeout 120000 ms"). */
export class ChunkLoadTimeout extends Error {
  override name = 'ChunkLoadTimeout'
}

// Vite's preload helper rejects with this when a page's style chunk fails. It first dispatches `vite:preloadError` on
// the window; nobody cancels that event (cancelling would let the page render without its styles), so the import
// rejects and lazyPage reports the failure, once, with what it knows of the page.
const STYLE_FAILED = /Unable to preload CSS/i
// What the browsers say when a dynamically imported script (or one it imports) does not load: Chromium, Firefox, Safari.
const SCRIPT_FAILED = /Failed to fetch dynamically imported module|error loading dynamically imported module|Importing a module script failed/i

/**
 * Which SPEC §8 failure `error` is, or null when it is none (a page that loaded and then threw is a bug of the
 * page, not a chunk that failed to arrive).
 */
export function chunkFailureOf(error: unknown): ChunkFailure | null {
  if (error instanceof ChunkLoadTimeout) return 'ChunkLoadTimeout'
  const message = error instanceof Error ? error.message : ''
  if (STYLE_FAILED.test(message)) return 'CSS_CHUNK_LOAD_FAILED'
  if (SCRIPT_FAILED.test(message)) return 'ChunkLoadError'
  return null
}

/**
 * `load()`, or a ChunkLoadTimeout when it has not settled after `ms` of the clock's time (a virtual clock in tests:
 * the 120 s are advanced, not waited). A chunk that arrives later is ignored; a retry imports it again.
 */
export function loadWithin<T>(load: () => Promise<T>, clock: Clock, ms = CHUNK_TIMEOUT): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const cancel = clock.setTimeout(() => reject(new ChunkLoadTimeout(`No chunk after ${ms} ms`)), ms)
    new Promise<T>(started => started(load())).then(
      value => {
        cancel()
        resolve(value)
      },
      (error: unknown) => {
        cancel()
        reject(error)
      },
    )
  })
}
