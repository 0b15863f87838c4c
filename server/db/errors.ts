/**
 * The SQLSTATE of a Postgres error, looked up through drizzle's DrizzleQueryError `cause` chain; both
 * node-postgres and PGlite put it in `code`.
 */
export function sqlState(error: unknown): string | undefined {
  for (let e: unknown = error, depth = 0; e && typeof e === 'object' && depth < 5; depth++) {
    // Five characters; no SQLSTATE class starts with E, which keeps Node's EPIPE / EPERM out.
    if ('code' in e && typeof e.code === 'string' && /^[0-9A-DF-Z][0-9A-Z]{4}$/.test(e.code)) return e.code
    e = 'cause' in e ? e.cause : undefined
  }
  return undefined
}

/** Postgres unique_violation (23505). */
export function isUniqueViolation(error: unknown): boolean {
  return sqlState(error) === '23505'
}
