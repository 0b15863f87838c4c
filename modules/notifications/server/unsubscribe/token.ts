import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto'
import type { UnsubscribeKind } from '../../contract'

/** What a link says: whose switch, which one ('all' for both), and a nonce that makes it single-use. */
export interface UnsubscribeClaim {
  userId: number
  kind: UnsubscribeKind
  nonce: string
}

const VERSION = 'u1'
const KINDS: readonly UnsubscribeKind[] = ['messages', 'events', 'all']

/** `u1.<base64url JSON claim>.<base64url HMAC-SHA256 of "u1.<claim>">`: readable, but any change breaks the signature. */
export function signUnsubscribe(secret: string, userId: number, kind: UnsubscribeKind, nonce = randomBytes(16).toString('base64url')): string {
  const body = Buffer.from(JSON.stringify({ u: userId, k: kind, n: nonce })).toString('base64url')
  return `${VERSION}.${body}.${mac(secret, `${VERSION}.${body}`)}`
}

/** The claim of an untampered token; null for anything else (wrong signature, wrong shape, another version). */
export function verifyUnsubscribe(secret: string, token: string): UnsubscribeClaim | null {
  const parts = token.split('.')
  if (parts.length !== 3 || parts[0] !== VERSION) return null
  const [, body = '', signature = ''] = parts
  const expected = Buffer.from(mac(secret, `${VERSION}.${body}`))
  const given = Buffer.from(signature)
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null
  let claim: unknown
  try {
    claim = JSON.parse(Buffer.from(body, 'base64url').toString('utf8'))
  } catch {
    return null
  }
  if (typeof claim !== 'object' || claim === null) return null
  const { u, k, n } = claim as Record<string, unknown>
  if (!Number.isSafeInteger(u) || (u as number) < 1) return null
  if (typeof k !== 'string' || !KINDS.includes(k as UnsubscribeKind)) return null
  if (typeof n !== 'string' || !/^[A-Za-z0-9_-]{16,32}$/.test(n)) return null
  return { userId: u as number, kind: k as UnsubscribeKind, nonce: n }
}

function mac(secret: string, data: string): string {
  return createHmac('sha256', secret).update(data).digest('base64url')
}
