import { createHash, randomBytes } from 'node:crypto'

/** 32 random bytes, base64url: the bearer token and the socket ticket. */
export function newSecret(): string {
  return randomBytes(32).toString('base64url')
}

/** What the database keeps instead of a secret: a leaked table cannot be replayed as a token. */
export function sha256(secret: string): string {
  return createHash('sha256').update(secret).digest('hex')
}
