import { randomBytes, scrypt, timingSafeEqual, type ScryptOptions } from 'node:crypto'

/** N=2^17, r=8 needs 128 MiB; Node's default maxmem (32 MiB) would refuse it. */
const MAXMEM = 256 * 1024 * 1024
const KEY_LENGTH = 32
const SALT_LENGTH = 16

export interface PasswordHasher {
  hash(password: string): Promise<string>
  verify(password: string, stored: string): Promise<boolean>
  /** Burns the same time as a real check, so "no such user" is not faster than "wrong password". */
  verifyNothing(password: string): Promise<void>
}

function derive(password: string, salt: Buffer, options: ScryptOptions): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    scrypt(password.normalize('NFC'), salt, KEY_LENGTH, { ...options, maxmem: MAXMEM }, (err, key) => (err ? reject(err) : resolve(key)))
  })
}

/**
 * scrypt with a random salt; the parameters are stored with the hash (`scrypt$N$r$p$salt$key`, base64url)
 * so raising N later keeps old hashes verifiable.
 */
export function createPasswordHasher(options: { N: number }): PasswordHasher {
  const params = { N: options.N, r: 8, p: 1 }
  let decoy: Promise<string> | null = null

  async function hash(password: string): Promise<string> {
    const salt = randomBytes(SALT_LENGTH)
    const key = await derive(password, salt, params)
    return ['scrypt', params.N, params.r, params.p, salt.toString('base64url'), key.toString('base64url')].join('$')
  }

  async function verify(password: string, stored: string): Promise<boolean> {
    const [scheme, n, r, p, salt, key] = stored.split('$')
    if (scheme !== 'scrypt' || !n || !r || !p || !salt || !key) return false
    const expected = Buffer.from(key, 'base64url')
    const actual = await derive(password, Buffer.from(salt, 'base64url'), { N: Number(n), r: Number(r), p: Number(p) })
    return actual.length === expected.length && timingSafeEqual(actual, expected)
  }

  async function verifyNothing(password: string): Promise<void> {
    decoy ??= hash(randomBytes(12).toString('base64url'))
    await verify(password, await decoy)
  }

  return { hash, verify, verifyNothing }
}
