/**
 * Second line of defence for the event log attached to a feedback report: the client redacts secrets
 * before sending, but a bug there must not leave bearer tokens, passwords or socket tickets in our table.
 */
const SECRET_KEY = /token|password|passwd|secret|ticket|authorization|signature/i
const TICKET_IN_URL = /([?&]ticket=)[^&\s"]+/g
export const REDACTED = '[redacted]'

function scrub(value: unknown): unknown {
  if (typeof value === 'string') return value.replace(TICKET_IN_URL, `$1${REDACTED}`)
  if (Array.isArray(value)) return value.map(scrub)
  if (value && typeof value === 'object') {
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, SECRET_KEY.test(k) && v !== null && v !== '' ? REDACTED : scrub(v)]))
  }
  return value
}

/** JSON Lines in, JSON Lines out; a line that is not JSON keeps its text with URL tickets masked. */
export function redactEventLog(log: string): string {
  return log
    .split('\n')
    .map(line => {
      if (line.trim() === '') return line
      try {
        return JSON.stringify(scrub(JSON.parse(line)))
      } catch {
        return line.replace(TICKET_IN_URL, `$1${REDACTED}`)
      }
    })
    .join('\n')
}
