import type * as v from 'valibot'
import { msg } from './rules'

/** valibot issues → `{ field: messageKey }`, first message per field, as the API's validation map. */
export function issuesToValidationMap(issues: readonly v.BaseIssue<unknown>[]): Record<string, string> {
  const map: Record<string, string> = {}
  for (const issue of issues) {
    const field = issue.path?.map(p => String(p.key)).join('.') || '_'
    map[field] ??= issue.message
  }
  return map
}

/**
 * A field left out of the input gets valibot's own English "Invalid key" rather than the schema's message key;
 * for the person reading it, a missing field is a required one.
 */
export function missingAsRequired(issue: v.BaseIssue<unknown>): v.BaseIssue<unknown> {
  return issue.input === undefined && !issue.message.startsWith('validation:') ? { ...issue, message: msg.required } : issue
}
