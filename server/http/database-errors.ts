import { sqlState } from '../db/errors'
import { ApiError } from './errors'

/**
 * A database error the request's input caused, as the client error it is (issue 9: a NUL byte, a number out
 * of an integer column's range or a key to a missing row came back as 500). Anything else is undefined and
 * stays a 500.
 * - class 22 (data exception: 22P02 bad text representation, 22003 out of range, 22021 bad byte sequence,
 *   22P05 untranslatable character, 22007/22008 bad date/time, …) and 54000 (a value too large to index) → 400;
 * - 23505 unique violation and 23503 foreign-key violation → 409 (the record conflicts with what is stored);
 * - the rest of class 23 (not null, check) → 422.
 */
export function inputErrorOfDatabase(error: unknown): ApiError | undefined {
  const state = sqlState(error)
  if (state === undefined) return undefined
  if (state.startsWith('22') || state === '54000') return new ApiError(400, 'badRequest')
  if (state === '23505' || state === '23503') return new ApiError(409, 'conflict')
  if (state.startsWith('23')) return new ApiError(422, 'invalidInput')
  return undefined
}
