import * as v from 'valibot'

/** What a keyset cursor looks like on the wire: opaque base64url (server/search/keyset.ts makes and reads it). */
export const KEYSET_CURSOR = /^[A-Za-z0-9_-]{1,500}$/

/**
 * A list query's `cursor` (the `next` / `prev` of a KeysetPage): one rule for every list. What it holds — the order
 * it was made for, its values — the server checks when it reads it; either way a bad one is a 422 on `cursor`.
 */
export const listCursor = v.optional(v.pipe(v.string('validation:invalid'), v.regex(KEYSET_CURSOR, 'validation:invalid')))
