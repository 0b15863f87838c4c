import type * as v from 'valibot'
import type { FuzzRequest } from './request'

/**
 * The deterministic part of the fuzz run, before the random one: every query key of the endpoint's schema, and
 * every top-level field of a body it accepted (or of its GET twin's record), gets each of the values that once
 * gave a 500 (issue 9) while the rest stays as it was: a NUL in a string, 2^31 and 1e308.
 */
const TROUBLE = ['a\u0000b', 2 ** 31, 1e308] as const

export function sweep(method: string, path: string, schema: v.GenericSchema | undefined, accepted: readonly unknown[]): FuzzRequest[] {
  const entries = (schema as { entries?: Record<string, unknown> } | undefined)?.entries
  if (method === 'GET') {
    return Object.keys(entries ?? { q: 1 }).flatMap(key =>
      TROUBLE.map(value => ({ url: `${path}?${encodeURIComponent(key)}=${encodeURIComponent(String(value))}`, headers: {} })),
    )
  }
  const base = accepted.find(b => typeof b === 'object' && b !== null && !Array.isArray(b)) as Record<string, unknown> | undefined
  const bodies = base ? [base] : []
  // Without a known-good body the schema's keys alone, each on its own.
  const keys = new Set([...Object.keys(base ?? {}), ...Object.keys(entries ?? {})])
  return [...keys].flatMap(key =>
    TROUBLE.map(value => ({
      url: path,
      headers: {},
      contentType: 'application/json',
      payload: JSON.stringify({ ...(bodies[0] ?? {}), [key]: value }),
    })),
  )
}
