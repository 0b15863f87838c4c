/** DESIGN §5: every API body is an envelope; anything without a truthy `result` is a failure. */
export interface Success<T> {
  result: true
  data: T
}
export interface Failure {
  result: false
  message?: string
  /** field → message (already translated to the request's Accept-Language). */
  validation?: Record<string, string>
  code?: number
  /** A workflow action refused (403/409/422): the actions this user may take on the record now (core/workflow). */
  allowed?: string[]
  /** Set by the client when no answer came at all (a retry with the same Idempotency-Key is safe then). */
  network?: true
}
export type Envelope<T> = Success<T> | Failure

/** Session missing or expired (SPEC §8). */
export const SESSION_EXPIRED_CODE = 6969

export interface Page<T> {
  items: T[]
  total: number
}

/**
 * A page of a long list (server/search): `total` is exact up to a few thousand rows, an estimate past them
 * (`total_estimated`: say "about"); `next` / `prev` are the cursors of the neighbouring pages, null at the ends.
 */
export interface KeysetPage<T> extends Page<T> {
  total_estimated: boolean
  next: string | null
  prev: string | null
}

/**
 * A page of a searched list (server/search `resolve()`): `similar` when no row holds the search as typed and the
 * rows are names similar to it (a typo's), which the list says above its rows (core/ui/list/SearchTotal.tsx).
 */
export type SearchedPage<T> = KeysetPage<T> & { similar?: boolean }
