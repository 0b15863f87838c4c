import { eq } from 'drizzle-orm'
import { newSecret, sha256 } from '../../../../server/auth/tokens'
import type { Db } from '../../../../server/db/client'
import { ApiError } from '../../../../server/http/errors'
import { KP_LINK_CODE, KP_LINK_DAYS, KP_TOKEN } from '../../kp/contract'
import { tenderKp } from '../../tables'

const DAY_MS = 86_400_000

/**
 * A KP's tracking token: 32 random bytes (base64url) in the letter, only their sha256 in tender_kp — the same
 * scheme as sessions and the e-mail change's link (server/auth/tokens.ts). Unguessable, so it needs no signature;
 * a leaked table cannot be turned into links.
 */
export function newKpToken(now: number): { token: string; token_hash: string; expires_at: Date } {
  const token = newSecret()
  return { token, token_hash: sha256(token), expires_at: new Date(now + KP_LINK_DAYS * DAY_MS) }
}

export type KpRow = typeof tenderKp.$inferSelect

/** The KP of a token, live or expired; null for anything that is not one of ours. */
export async function kpOfToken(db: Db, token: string): Promise<KpRow | null> {
  if (!KP_TOKEN.test(token)) return null
  const [row] = await db.select().from(tenderKp).where(eq(tenderKp.token_hash, sha256(token)))
  return row ?? null
}

export const isExpired = (kp: KpRow, now: number): boolean => kp.expires_at.getTime() <= now

/** The KP of a token /cabinet may use: 404 for a forged one, 410 once expired (both with the envelope). */
export async function liveKpOfToken(db: Db, token: string, now: number): Promise<KpRow> {
  const kp = await kpOfToken(db, token)
  if (!kp) throw new ApiError(404, 'notFound', { code: KP_LINK_CODE.invalid })
  if (isExpired(kp, now)) throw new ApiError(410, 'tenders:kp.errors.expired', { code: KP_LINK_CODE.expired })
  return kp
}
