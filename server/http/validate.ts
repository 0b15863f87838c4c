import * as v from 'valibot'
import { issuesToValidationMap, msg } from '../../core/validation'
import { ApiError, invalidInput } from './errors'

/**
 * A field left out of the body gets valibot's own English "Invalid key" message rather than the
 * schema's key; for the person reading it, a missing field is a required one.
 */
function missingAsRequired(issue: v.BaseIssue<unknown>): v.BaseIssue<unknown> {
  return issue.input === undefined && !issue.message.startsWith('validation:') ? { ...issue, message: msg.required } : issue
}

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
