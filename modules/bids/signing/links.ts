import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto'
import { eq } from 'drizzle-orm'
import type { Clock } from '../../../server/clock'
import type { Db } from '../../../server/db/client'
import { bidSecrets } from './tables'

/**
 * The hashes of the bid's public links: `<id>.<nonce>.<signature>`, the signature an HMAC-SHA256 over the link's
 * kind, id and a 128-bit random nonce (the shape of the clients module's public links). A hash cannot be guessed
 * or altered — a tampered one fails before any lookup — and the row makes it revocable.
 */
export type BidLinkKind = 'sign' | 'live'

const SECRET_NAME = 'bid_link_hmac'

/** The key: configured (BIDS_LINK_SECRET, else PUBLIC_LINK_SECRET), else generated once and kept in bid_secrets. */
export function bidLinkSecret(db: Db, clock: Clock, configured: string | null): () => Promise<string> {
  let pending: Promise<string> | null = configured ? Promise.resolve(configured) : null
  return () => {
    pending ??= (async () => {
      await db
        .insert(bidSecrets)
        .values({ name: SECRET_NAME, value: randomBytes(32).toString('base64url'), created_at: new Date(clock.now()) })
        .onConflictDoNothing()
      const [row] = await db.select({ value: bidSecrets.value }).from(bidSecrets).where(eq(bidSecrets.name, SECRET_NAME))
      if (!row) throw new Error('bid link secret missing')
      return row.value
    })().catch(error => {
      pending = null
      throw error
    })
    return pending
  }
}

export const newNonce = () => randomBytes(16).toString('base64url')

const sign = (secret: string, kind: BidLinkKind, id: number, nonce: string) => createHmac('sha256', secret).update(`bids-${kind}:${id}:${nonce}`).digest('base64url')

export function linkHash(secret: string, kind: BidLinkKind, id: number, nonce: string): string {
  return `${id}.${nonce}.${sign(secret, kind, id, nonce)}`
}

/** The link's id and nonce when the hash is well formed and signed for this kind; null otherwise. */
export function verifyLinkHash(secret: string, kind: BidLinkKind, hash: string): { id: number; nonce: string } | null {
  const match = /^(\d{1,9})\.([\w-]{22})\.([\w-]{43})$/.exec(hash)
  if (!match) return null
  const id = Number(match[1])
  const nonce = match[2]!
  const expected = Buffer.from(sign(secret, kind, id, nonce))
  const given = Buffer.from(match[3]!)
  return expected.length === given.length && timingSafeEqual(expected, given) ? { id, nonce } : null
}
