import type { TFunction } from 'i18next'
import * as v from 'valibot'
import type { Failure } from '../../../core/api/envelope'
import { issuesToValidationMap } from '../../../core/validation/issues'

/** A field's message: the form's own check first (an i18n key), else the server's validation map (translated). */
export function fieldError(t: TFunction, field: string, local: Record<string, string>, failure: Failure | null): string | null {
  if (local[field]) return t(local[field])
  return failure?.validation?.[field] ?? null
}

/** The form-level message: shown when the failure names none of the form's fields. */
export function formError(failure: Failure | null, fields: readonly string[]): string | null {
  if (!failure) return null
  const validation = failure.validation ?? {}
  if (Object.keys(validation).some(field => fields.includes(field))) return null
  return failure.message ?? (Object.values(validation).join('\n') || null)
}

/** Runs a contract schema in the browser: the output, or the `{ field: key }` map of what is wrong. */
export function check<S extends v.GenericSchema>(schema: S, input: unknown): { ok: true; output: v.InferOutput<S> } | { ok: false; errors: Record<string, string> } {
  const result = v.safeParse(schema, input)
  return result.success ? { ok: true, output: result.output } : { ok: false, errors: issuesToValidationMap(result.issues) }
}

/** Spread on a form: the browser's own constraint validation is off; the contract's schema checks the fields. */
export const NO_NATIVE_VALIDATION = { noValidate: true } as {}
