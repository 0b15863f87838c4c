import type * as v from 'valibot'

/**
 * Which schema a request was checked against, for the fuzz suite (tests/fuzz): it learns each endpoint's body
 * and query schema at run time by calling the endpoint once and listening here, so the arbitraries follow the
 * real schema without a second list of them. Nothing listens outside that suite; a call costs one check.
 */
export type SchemaListener = (part: 'body' | 'query', schema: v.GenericSchema) => void

let listener: SchemaListener | undefined

/** Listens until the returned function is called. */
export function listenToSchemas(fn: SchemaListener): () => void {
  listener = fn
  return () => {
    if (listener === fn) listener = undefined
  }
}

/** Called by parseBody / parseQuery (server/http/validate.ts) and action inputs (core/workflow/input.ts). */
export function schemaUsed(part: 'body' | 'query', schema: v.GenericSchema): void {
  listener?.(part, schema)
}
