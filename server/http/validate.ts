import * as v from 'valibot'
import { issuesToValidationMap } from '../../core/validation'
import { missingAsRequired } from '../../core/validation/issues'
import { ApiError, invalidInput } from './errors'

/**
 * Runs a shared core/validation schema on a request body. A body that is not a JSON object at all is a
 * client bug (400); field problems are 422 with the field → message-key map the forms show.
 */
export function parseBody<S extends v.GenericSchema>(schema: S, body: unknown): v.InferOutput<S> {
  if (typeof body !== 'object' || body === null || Array.isArray(body)) throw new ApiError(400, 'badRequest')
  const result = v.safeParse(schema, body)
  if (!result.success) throw invalidInput(issuesToValidationMap(result.issues.map(missingAsRequired)))
  return result.output
}
