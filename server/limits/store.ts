import { lt, sql } from 'drizzle-orm'
import type { Clock } from '../clock'
import type { RateLimit } from '../config'
import type { Db } from '../db/client'
import { rateLimits } from '../db/schema'

/** One counted hit: the window's count including it, and when the window ends (ms on the server's clock). */
export interface Hit {
  count: number
  resetAt: number
}

/**
 * Rate-limit windows every node shares (issue 15): rows of `rate_limits` in the database, so sign-in, registration,
 * recovery, SMS and public-link limits hold across several server processes behind a proxy, on Postgres and on the
 * embedded database alike (one code path; Redis would be one more service to run for what one UPSERT does).
 * A fixed window per key from its first hit, on the server's clock (tests move it), as the in-memory counters were.
 */
export interface LimitStore {
  /** Counts one hit of `key` in `scope`; one UPSERT. */
  hit(scope: string, key: string, windowMs: number): Promise<Hit>
  /** A counter of one scope: null when allowed, else the milliseconds until its window ends. */
  counter(scope: string, limit: RateLimit): WindowCounter
  /** Deletes the windows that have ended (the janitor). */
  sweep(): Promise<number>
}

export interface WindowCounter {
  hit(key: string): Promise<number | null>
}

/** Keys are short: a long key (a forged phone) is cut, never stored whole. */
const KEY_MAX = 200

/**
 * A key as a text column can hold it: control characters (a NUL in a forged phone is a database error, not a
 * count) are written as `\xNN`, so a request the limiter counts first still reaches its validation's 422.
 */
const storedKey = (scope: string, key: string) => `${scope}|${key}`.replace(/[\u0000-\u001f\u007f]/g, c => `\\x${c.charCodeAt(0).toString(16).padStart(2, '0')}`).slice(0, KEY_MAX)

export function createLimitStore(db: Db, clock: Clock): LimitStore {
  const store: LimitStore = {
    async hit(scope, key, windowMs) {
      const now = clock.now()
      const id = storedKey(scope, key)
      const nowAt = new Date(now)
      const [row] = await db
        .insert(rateLimits)
        .values({ key: id, count: 1, reset_at: new Date(now + windowMs) })
        .onConflictDoUpdate({
          target: rateLimits.key,
          set: {
            count: sql`case when ${rateLimits.reset_at} <= ${nowAt} then 1 else ${rateLimits.count} + 1 end`,
            reset_at: sql`case when ${rateLimits.reset_at} <= ${nowAt} then excluded.reset_at else ${rateLimits.reset_at} end`,
          },
        })
        .returning({ count: rateLimits.count, reset_at: rateLimits.reset_at })
      if (!row) throw new Error('rate limit not counted')
      return { count: row.count, resetAt: row.reset_at.getTime() }
    },
    counter(scope, limit) {
      return {
        async hit(key) {
          const { count, resetAt } = await store.hit(scope, key, limit.windowMs)
          return count > limit.max ? Math.max(0, resetAt - clock.now()) : null
        },
      }
    },
    async sweep() {
      const gone = await db.delete(rateLimits).where(lt(rateLimits.reset_at, new Date(clock.now()))).returning({ key: rateLimits.key })
      return gone.length
    },
  }
  return store
}

/**
 * @fastify/rate-limit's store over the shared windows: `config: { rateLimit: … }` of any route (sign-in per address
 * and phone, public links, unsubscribe) counts in the database. Each route is its own scope (method and URL), as
 * the plugin's in-memory store gave each route its own map.
 */
export function fastifyStoreOf(limits: LimitStore, clock: Clock) {
  type Callback = (err: Error | null, result?: { current: number; ttl: number }) => void
  return class SharedStore {
    private readonly scope: string
    /** The plugin constructs the root store with its options; `child` makes each route's with its scope. */
    constructor(scope?: unknown) {
      this.scope = typeof scope === 'string' ? scope : 'route'
    }
    incr(key: string, callback: Callback, timeWindow: number): void {
      limits.hit(this.scope, key, timeWindow).then(
        ({ count, resetAt }) => callback(null, { current: count, ttl: Math.max(0, resetAt - clock.now()) }),
        (err: Error) => callback(err),
      )
    }
    /** At run time the plugin passes the route's merged limit options, the route itself under `routeInfo`. */
    child(options: unknown): SharedStore {
      const route = (options as { routeInfo?: { method?: string | string[]; url?: string } }).routeInfo
      const method = [route?.method ?? ''].flat().join(',')
      return new SharedStore(`${method} ${route?.url ?? ''}`)
    }
  }
}
