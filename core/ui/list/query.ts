/**
 * A list's query as it lives in the URL (`/agents?page=2&q=иван&sort=-name&tab=unread`): each parameter says how
 * it reads a raw value (a bad or missing one falls back to its default) and how it writes one (the default is
 * left out, so a fresh list has a clean URL). Pure: the hook in ./useListQuery.ts binds it to the router.
 *
 *   const AGENTS_QUERY = { page: param.page(), q: param.text() }
 *   readQuery(AGENTS_QUERY, 'page=x&q=%20иван')  // { page: 1, q: 'иван' }
 */

export interface Param<T> {
  readonly fallback: T
  /** The raw URL value (null when absent) → a value; anything unexpected gives `fallback`. */
  read(raw: string | null): T
  /** A value → its URL text; null leaves the parameter out (the default). */
  write(value: T): string | null
  /**
   * Where in the list we are (page number, cursor): goes back to its default whenever another parameter changes —
   * a new search or filter starts at its first page.
   */
  readonly position?: boolean
}

export type QuerySpec = Record<string, Param<unknown>>
export type QueryOf<S extends QuerySpec> = { [K in keyof S]: S[K] extends Param<infer T> ? T : never }

export type SortDirection = 'ascending' | 'descending'
/** What a table is sorted by (react-aria's SortDescriptor with a string column id). */
export interface Sort<C extends string = string> {
  column: C
  direction: SortDirection
}

const MAX_PAGE = 1_000_000

export const param = {
  /** A page number from 1 (`page=2`). */
  page(): Param<number> {
    return {
      fallback: 1,
      position: true,
      read: raw => (raw && /^\d{1,7}$/.test(raw) && Number(raw) >= 1 && Number(raw) <= MAX_PAGE ? Number(raw) : 1),
      write: value => (value > 1 ? String(value) : null),
    }
  },

  /** Free text such as a search (`q=иван`), trimmed and cut to `maxLength`. */
  text(maxLength = 100): Param<string> {
    return {
      fallback: '',
      read: raw => (raw ?? '').trim().slice(0, maxLength),
      write: value => (value.trim() ? value.trim().slice(0, maxLength) : null),
    }
  },

  /** One of a few values (a tab, a kind filter): `oneOf(['all', 'unread', 'read'], 'all')`. */
  oneOf<V extends string>(values: readonly V[], fallback: V): Param<V> {
    return {
      fallback,
      read: raw => (values.includes(raw as V) ? (raw as V) : fallback),
      write: value => (value === fallback ? null : value),
    }
  },

  /** A sort: `sort=name` ascending, `sort=-name` descending; only the listed columns, else `fallback`. */
  sort<C extends string>(columns: readonly C[], fallback: Sort<C> | null = null): Param<Sort<C> | null> {
    const text = (s: Sort<C> | null) => (s ? `${s.direction === 'descending' ? '-' : ''}${s.column}` : null)
    return {
      fallback,
      read: raw => {
        if (!raw) return fallback
        const descending = raw.startsWith('-')
        const column = (descending ? raw.slice(1) : raw) as C
        return columns.includes(column) ? { column, direction: descending ? 'descending' : 'ascending' } : fallback
      },
      write: value => (text(value) === text(fallback) ? null : text(value)),
    }
  },

  /** An opaque keyset cursor the server gave (`cursor=…`); null is the first page. */
  cursor(): Param<string | null> {
    return {
      fallback: null,
      position: true,
      read: raw => (raw && raw.length <= 500 ? raw : null),
      write: value => value || null,
    }
  },
}

/** The query a search string (`?` optional) describes; parameters the spec does not know are ignored. */
export function readQuery<S extends QuerySpec>(spec: S, search: string): QueryOf<S> {
  const params = new URLSearchParams(search.startsWith('?') ? search.slice(1) : search)
  const query: Record<string, unknown> = {}
  for (const [key, p] of Object.entries(spec)) query[key] = p.read(params.get(key))
  return query as QueryOf<S>
}

/**
 * The search string (without `?`) for `query`, keeping parameters of `search` the spec does not know (another
 * widget's) and dropping defaults. Parameters come in the spec's order, so equal queries give equal URLs.
 */
export function writeQuery<S extends QuerySpec>(spec: S, query: QueryOf<S>, search = ''): string {
  const params = new URLSearchParams(search.startsWith('?') ? search.slice(1) : search)
  for (const key of Object.keys(spec)) params.delete(key)
  const own = new URLSearchParams()
  for (const [key, p] of Object.entries(spec)) {
    const raw = p.write((query as Record<string, unknown>)[key])
    if (raw !== null) own.set(key, raw)
  }
  return [own.toString(), params.toString()].filter(Boolean).join('&')
}

/**
 * `query` with `patch` applied. A change to anything but a position (page, cursor) sends the positions back to
 * their defaults unless the patch sets them too: a new search starts at page 1.
 */
export function patchQuery<S extends QuerySpec>(spec: S, query: QueryOf<S>, patch: Partial<QueryOf<S>>): QueryOf<S> {
  const next = { ...query, ...patch }
  const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b)
  const moved = Object.keys(patch).some(key => !spec[key]?.position && !same(query[key], next[key]))
  if (!moved) return next
  for (const [key, p] of Object.entries(spec)) {
    if (p.position && !(key in patch)) (next as Record<string, unknown>)[key] = p.fallback
  }
  return next
}
