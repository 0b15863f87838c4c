import { createHash, timingSafeEqual } from 'node:crypto'

/** The embedded demo's webhook secret (README): used only when LEADS_WEBHOOK_SECRET is unset and no DATABASE_URL is given. */
export const DEMO_WEBHOOK_SECRET = 'demo-leads-webhook-secret'

/**
 * The secret the webhook checks: LEADS_WEBHOOK_SECRET; without it the demo default on the embedded database only, and
 * none (every delivery refused) on a Postgres server, so a deployment never runs with a published secret.
 */
export function webhookSecret(env: Record<string, string | undefined>, embedded: boolean): string | null {
  const configured = env.LEADS_WEBHOOK_SECRET?.trim()
  if (configured) return configured
  return embedded ? DEMO_WEBHOOK_SECRET : null
}

const digest = (s: string) => createHash('sha256').update(s, 'utf8').digest()

/** Constant time whatever the given value's length: both sides are hashed to 32 bytes first. */
export function secretMatches(given: unknown, secret: string | null): boolean {
  if (secret === null || typeof given !== 'string' || given === '') return false
  return timingSafeEqual(digest(given), digest(secret))
}
