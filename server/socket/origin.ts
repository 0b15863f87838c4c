/**
 * Cross-site WebSocket hijacking defence: a browser always sends Origin, and it must be our own host
 * (or a configured public origin, e.g. behind a proxy that rewrites Host). Non-browser clients send no
 * Origin and cannot be tricked into using someone's ticket, so a missing header is allowed.
 */
export function isOriginAllowed(origin: string | undefined, host: string | undefined, allowed: readonly string[]): boolean {
  if (origin === undefined) return true
  let parsed: URL
  try {
    parsed = new URL(origin)
  } catch {
    return false
  }
  if (allowed.includes(parsed.origin)) return true
  return host !== undefined && parsed.host.toLowerCase() === host.toLowerCase()
}
