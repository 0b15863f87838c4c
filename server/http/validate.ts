import * as v from 'valibot'
import { controlCharFields, issuesToValidationMap } from '../../core/validation'
import { missingAsRequired } from '../../core/validation/issues'
import { schemaUsed } from '../../core/validation/tap'
import { ApiError, invalidInput, notFound } from './errors'

/**
 * Runs a shared core/validation schema on a request body. A body that is not a JSON object at all is a
 * client bug (400); field problems are 422 with the field → message-key map the forms show.
 */
export function parseBody<S extends v.GenericSchema>(schema: S, body: unknown): v.InferOutput<S> {
  if (typeof body !== 'object' || body === null || Array.isArray(body)) throw new ApiError(400, 'badRequest')
  schemaUsed('body', schema)
  return checked(schema, body, issues => issues.map(missingAsRequired))
}

/**
 * The schema's verdict with the control-character net under it: a string holding a control character (other
 * than tab / line feed / carriage return) is refused with its field message even where a schema forgot the
 * check, so it never reaches the database (issue 9: a NUL there was a 500).
 */
function checked<S extends v.GenericSchema>(schema: S, input: unknown, map: (issues: v.BaseIssue<unknown>[]) => v.BaseIssue<unknown>[]): v.InferOutput<S> {
  const result = v.safeParse(schema, input)
  const control = controlCharFields(input)
  const schemaFields = result.success ? {} : issuesToValidationMap(map(result.issues))
  if (!result.success || Object.keys(control).length > 0) throw invalidInput({ ...schemaFields, ...control })
  return result.output
}

/** The largest id a Postgres `integer` holds. */
const MAX_ID = 2_147_483_647

/** A record id from the path (`:id`, `:tenderId`): a positive integer, else a record that cannot exist (404, never a 500). */
export function pathId(request: { params: unknown }, name = 'id'): number {
  const raw = (request.params as Record<string, string | undefined> | undefined)?.[name] ?? ''
  const id = /^\d{1,10}$/.test(raw) ? Number(raw) : 0
  if (id < 1 || id > MAX_ID) throw notFound()
  return id
}

/** Query-string filters through a contract schema; a bad filter is a 422 like a bad body. */
export function parseQuery<S extends v.GenericSchema>(schema: S, query: unknown): v.InferOutput<S> {
  schemaUsed('query', schema)
  return checked(schema, query ?? {}, issues => issues)
}
