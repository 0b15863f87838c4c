import type * as v from 'valibot'

/** valibot issues → `{ field: messageKey }`, first message per field, as the API's validation map. */
export function issuesToValidationMap(issues: readonly v.BaseIssue<unknown>[]): Record<string, string> {
  const map: Record<string, string> = {}
  for (const issue of issues) {
    const field = issue.path?.map(p => String(p.key)).join('.') || '_'
    map[field] ??= issue.message
  }
  return map
}
