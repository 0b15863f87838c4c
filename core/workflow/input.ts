import * as v from 'valibot'
import { issuesToValidationMap, missingAsRequired } from '../validation/issues'
import type { InputSchema } from './types'

/**
 * An action's input through its schema: the output, or the field → message-key map of the API (422). Nothing sent
 * counts as an empty object, so every missing field reads as a required one.
 */
export type ParsedInput = { ok: true; output: Record<string, unknown> } | { ok: false; validation: Record<string, string> }

export function parseInput(schema: InputSchema, input: unknown): ParsedInput {
  const result = v.safeParse(schema, input ?? {})
  if (result.success) return { ok: true, output: result.output }
  return { ok: false, validation: issuesToValidationMap(result.issues.map(missingAsRequired)) }
}
