import { randomBytes, scrypt, timingSafeEqual, type ScryptOptions } from 'node:crypto'
import type { Config } from '../config'
import { createHashQueue, type HashQueue, type HashQueueOptions } from './hash-queue'

/** N=2^17, r=8 needs 128 MiB; Node's default maxmem (32 MiB) would refuse it. */
const MAXMEM = 256 * 1024 * 1024
const KEY_LENGTH = 32
const SALT_LENGTH = 16

export interface PasswordHasher {
  /** `from` (every method): the client address the work is for, so the queue serves addresses in turn. */
  hash(password: string, from?: string): Promise<string>
  verify(password: string, stored: string, from?: string): Promise<boolean>
  /** Burns the same time as a real check, so "no such user" is not faster than "wrong password". */
  verifyNothing(password: string, from?: string): Promise<void>
  /** Every hash above waits here for one of a few slots (see hash-queue.ts). */
  readonly queue: HashQueue
}

/** Two at once leave two of libuv's four threads for file reads and the rest; see config.ts. */
const DEFAULT_QUEUE: HashQueueOptions = { concurrency: 2, maxWaiting: 64, maxWaitingPerAddress: 4, maxWaitMs: 10_000 }

function derive(password: string, salt: Buffer, options: ScryptOptions): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    scrypt(password.normalize('NFC'), salt, KEY_LENGTH, { ...options, maxmem: MAXMEM }, (err, key) => (err ? reject(err) : resolve(key)))
  })
}

/** The queue's bounds from configuration (PASSWORD_HASH_*). */
export function hashQueueOf(config: Pick<Config, 'hashConcurrency' | 'hashQueueLength' | 'hashQueuePerAddress' | 'hashQueueWaitMs'>): HashQueueOptions {
  return { concurrency: config.hashConcurrency, maxWaiting: config.hashQueueLength, maxWaitingPerAddress: config.hashQueuePerAddress, maxWaitMs: config.hashQueueWaitMs }
}

/**
 * scrypt with a random salt; the parameters are stored with the hash (`scrypt$N$r$p$salt$key`, base64url)
 * so raising N later keeps old hashes verifiable.
 */
export function createPasswordHasher(options: { N: number; queue?: Partial<HashQueueOptions> }): PasswordHasher {
  const params = { N: options.N, r: 8, p: 1 }
  const queue = createHashQueue({ ...DEFAULT_QUEUE, ...options.queue })
  let decoy: Promise<string> | null = null
  // Only the key derivation is queued (never a job that waits for another), so the queue cannot deadlock.
  const queued = (password: string, salt: Buffer, o: ScryptOptions, from?: string) => queue.run(() => derive(password, salt, o), from)

  async function hash(password: string, from?: string): Promise<string> {
    const salt = randomBytes(SALT_LENGTH)
    const key = await queued(password, salt, params, from)
    return ['scrypt', params.N, params.r, params.p, salt.toString('base64url'), key.toString('base64url')].join('$')
  }

  async function verify(password: string, stored: string, from?: string): Promise<boolean> {
    const [scheme, n, r, p, salt, key] = stored.split('$')
    if (scheme !== 'scrypt' || !n || !r || !p || !salt || !key) return false
    const expected = Buffer.from(key, 'base64url')
    const actual = await queued(password, Buffer.from(salt, 'base64url'), { N: Number(n), r: Number(r), p: Number(p) }, from)
    return actual.length === expected.length && timingSafeEqual(actual, expected)
  }

  async function verifyNothing(password: string, from?: string): Promise<void> {
    // A decoy refused by a full queue is made again next time rather than failing every later call.
    decoy ??= hash(randomBytes(12).toString('base64url')).catch((error: unknown) => {
      decoy = null
      throw error
    })
    await verify(password, await decoy, from)
  }

  return { hash, verify, verifyNothing, queue }
}
