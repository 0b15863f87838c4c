import * as v from 'valibot'
import { issuesToValidationMap } from '../validation/issues'
import { msg } from '../validation/rules'
import type { InputSchema } from './types'

/**
 * An action's input through its schema: the output, or the field → message-key map of the API (422). Nothing sent
 * counts as an empty object, so every missing field reads as a required one; a field left out gets valibot's own
 * English "Invalid key" rather than the schema's key, so it too becomes "required".
 */
export type ParsedInput = { ok: true; output: Record<string, unknown> } | { ok: false; validation: Record<string, string> }

export function parseInput(schema: InputSchema, input: unknown): ParsedInput {
  const result = v.safeParse(schema, input ?? {})
  if (result.success) return { ok: true, output: result.output }
  const missingAsRequired = (issue: v.BaseIssue<unknown>) =>
    issue.input === undefined && !issue.message.startsWith('validation:') ? { ...issue, message: msg.required } : issue
  const issues = result.issues.map(missingAsRequired)
  return { ok: false, validation: issuesToValidationMap(issues) }
}
