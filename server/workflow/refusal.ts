import type { Refusal } from '../../core/workflow/types'
import { ApiError } from '../http/errors'

/** A refused action as the envelope's failure: its status, and always what the user may do instead. */
export function refusalError(refusal: Refusal): ApiError {
  const { allowed, validation } = refusal
  if (refusal.status === 403) return new ApiError(403, 'forbidden', { allowed })
  if (refusal.status === 422) return new ApiError(422, 'invalidInput', { allowed, validation: validation ?? {} })
  return new ApiError(409, 'workflowNotAllowed', { allowed })
}
