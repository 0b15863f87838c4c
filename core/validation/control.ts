import * as v from 'valibot'

/**
 * Control characters in text (issue 9: a NUL reached Postgres and came back as a 500). Single-line values refuse
 * every C0 character and DEL; multi-line text (comments, messages) keeps tab, line feed and carriage return.
 * NUL is refused everywhere: Postgres text cannot hold it.
 */
const CONTROL_IN_LINE = /[\u0000-\u001f\u007f]/
const CONTROL_IN_TEXT = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/

export const CONTROL_CHARS_MESSAGE = 'validation:controlChars'

export const hasControlInLine = (s: string): boolean => CONTROL_IN_LINE.test(s)
export const hasControlInText = (s: string): boolean => CONTROL_IN_TEXT.test(s)

/** A pipe step for a single-line string: no control characters at all. */
export const line = () => v.check<string, typeof CONTROL_CHARS_MESSAGE>(s => !hasControlInLine(s), CONTROL_CHARS_MESSAGE)

/** A pipe step for multi-line text: tab, line feed and carriage return allowed, any other control character refused. */
export const multiline = () => v.check<string, typeof CONTROL_CHARS_MESSAGE>(s => !hasControlInText(s), CONTROL_CHARS_MESSAGE)

/** A list's typed search in a query string: one line, trimmed, at most `max` characters; '' when absent. */
export const searchText = (max = 100) =>
  v.optional(v.pipe(v.string('validation:invalid'), line(), v.trim(), v.maxLength(max, 'validation:tooLong')), '')

/** How deep the request net looks; deeper input is no shape any schema accepts and is refused there. */
const MAX_DEPTH = 32

/**
 * The net under every schema (server/http/validate.ts, core/workflow/input.ts): each string anywhere in a request
 * body or query holding a control character other than tab / line feed / carriage return, as `{ field: message }`
 * in the API's validation-map shape. Schemas refuse these themselves with the same message; this catches a field
 * whose schema forgot to.
 */
export function controlCharFields(input: unknown): Record<string, string> {
  const found: Record<string, string> = {}
  const walk = (value: unknown, path: string, depth: number): void => {
    if (typeof value === 'string') {
      if (hasControlInText(value)) found[path || '_'] ??= CONTROL_CHARS_MESSAGE
      return
    }
    if (depth >= MAX_DEPTH || typeof value !== 'object' || value === null) return
    const entries = Array.isArray(value) ? value.map((item, i) => [String(i), item] as const) : Object.entries(value)
    for (const [key, item] of entries) {
      const field = path ? `${path}.${key}` : key
      if (hasControlInText(key)) found[field] ??= CONTROL_CHARS_MESSAGE
      else walk(item, field, depth + 1)
    }
  }
  walk(input, '', 0)
  return found
}
