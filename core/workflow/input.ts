import * as v from 'valibot'
import { controlCharFields } from '../validation/control'
import { issuesToValidationMap, missingAsRequired } from '../validation/issues'
import { schemaUsed } from '../validation/tap'
import type { InputSchema } from './types'

/**
 * An action's input through its schema: the output, or the field → message-key map of the API (422). Nothing sent
 * counts as an empty object, so every missing field reads as a required one.
 */
export type ParsedInput = { ok: true; output: Record<string, unknown> } | { ok: false; validation: Record<string, string> }

export function parseInput(schema: InputSchema, input: unknown): ParsedInput {
  schemaUsed('body', schema)
  const result = v.safeParse(schema, input ?? {})
  // The control-character net of every request input (server/http/validate.ts), for action inputs too.
  const control = controlCharFields(input)
  if (result.success && Object.keys(control).length === 0) return { ok: true, output: result.output }
  return { ok: false, validation: { ...(result.success ? {} : issuesToValidationMap(result.issues.map(missingAsRequired))), ...control } }
}
