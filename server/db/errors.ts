/**
 * Postgres unique_violation (23505), looked up through drizzle's DrizzleQueryError `cause` chain; both
 * node-postgres and PGlite put the SQLSTATE in `code`.
 */
export function isUniqueViolation(error: unknown): boolean {
  for (let e: unknown = error, depth = 0; e && typeof e === 'object' && depth < 5; depth++) {
    if ('code' in e && e.code === '23505') return true
    e = 'cause' in e ? e.cause : undefined
  }
  return false
}
