import * as v from 'valibot'
import { issuesToValidationMap } from '../validation/issues'
import { msg } from '../validation/rules'
import type { InputSchema } from './types'

/**
 * An action's input through its schema: the output, or the field → message-key map of the API (422). Nothing sent
 * counts as an empty object, so every missing field reads as a required one; a field left out gets valibot's own
 * English "Invalid key" rather than the schema's key, so it too becomes "required".
 */
export function parseInput(schema: InputSchema, input: unknown): { ok: true; output: Record<string, unknown> } | { ok: false; validation: Record<string, string> } {
  const result = v.safeParse(schema, input ?? {})
  if (result.success) return { ok: true, output: result.output }
  const issues = result.issues.map(issue => (issue.input === undefined && !issue.message.startsWith('validation:') ? { ...issue, message: msg.required } : issue))
  return { ok: false, validation: issuesToValidationMap(issues) }
}
