import type { TFunction } from 'i18next'
import type { Failure } from '../../../core/api/envelope'

/**
 * A field's message: the client's own check first (an i18n key), else the server's validation map for that
 * field (already translated by the server).
 */
export function fieldError(t: TFunction, field: string, local: Record<string, string>, failure: Failure | null): string | null {
  if (local[field]) return t(local[field])
  return failure?.validation?.[field] ?? null
}

/** The form-level message: shown when the failure names no field the form has (SPEC §8 "Login failure"). */
export function formError(failure: Failure | null, fields: readonly string[]): string | null {
  if (!failure) return null
  const named = Object.keys(failure.validation ?? {}).some(field => fields.includes(field))
  return named ? null : (failure.message ?? null)
}
