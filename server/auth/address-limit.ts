import type { FastifyRequest } from 'fastify'
import type { Clock } from '../clock'
import type { RateLimit } from '../config'
import { ApiError } from '../http/errors'
import type { LimitStore } from '../limits/store'

declare module 'fastify' {
  interface FastifyInstance {
    /** Rate-limit windows shared by every node (server/limits/store.ts). */
    limits: LimitStore
  }
}

/**
 * A fixed-window counter per key kept in this process's memory. The server's own limits count in the shared store
 * (`app.limits.counter(scope, limit)`, server/limits/store.ts) so they hold across nodes; this one stays for a
 * counter that is only ever one node's.
 */
export interface LocalWindowCounter {
  /** Counts one use of `key`; null when allowed, else the milliseconds until the window ends. */
  hit(key: string): number | null
}

/** Past this many keys the expired windows are dropped, so a flood of addresses cannot grow the map for good. */
const SWEEP_AT = 10_000

export function createWindowCounter(limit: RateLimit, clock: Clock): LocalWindowCounter {
  const windows = new Map<string, { start: number; count: number }>()
  return {
    hit(key) {
      const now = clock.now()
      if (windows.size >= SWEEP_AT) {
        for (const [k, w] of windows) if (now - w.start >= limit.windowMs) windows.delete(k)
      }
      let window = windows.get(key)
      if (!window || now - window.start >= limit.windowMs) {
        window = { start: now, count: 0 }
        windows.set(key, window)
      }
      if (window.count >= limit.max) return window.start + limit.windowMs - now
      window.count++
      return null
    },
  }
}

/**
 * The key of a client address: an IPv4 address as is, an IPv6 address by its /64 network, since one
 * subscriber usually holds a whole /64 and could otherwise take a fresh address for every try.
 */
export function addressKey(ip: string): string {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(ip)
  if (mapped) return mapped[1]!
  if (!ip.includes(':')) return ip
  const [head = '', tail = ''] = ip.split('%')[0]!.split('::')
  const left = head ? head.split(':') : []
  const right = tail ? tail.split(':') : []
  const groups = ip.includes('::') ? [...left, ...Array(Math.max(0, 8 - left.length - right.length)).fill('0'), ...right] : left
  return `${groups
    .slice(0, 4)
    .map(g => parseInt(g || '0', 16).toString(16))
    .join(':')}::/64`
}

export const tooManyRequests = (retryAfterMs: number) => new ApiError(429, 'tooManyRequests', { retryAfterSeconds: retryAfterMs / 1000 })

/**
 * A preHandler counting every request of a route per client address, whatever phone it names: one address
 * trying many phones (password spraying, SMS pumping) is stopped here, while perIpAndPhone stops many guesses
 * at one phone. Answers 429 with the envelope and Retry-After. Counted in the shared store, so it holds across nodes;
 * routes that share one budget pass the same `scope`.
 */
export function perAddress(limit: RateLimit, _clock?: Clock, scope?: string) {
  // Counted in the shared store (every node agrees), in the route's own scope unless several routes name one.
  return async (request: FastifyRequest): Promise<void> => {
    const name = `address:${scope ?? `${request.routeOptions.method} ${request.routeOptions.url}`}`
    const wait = await request.server.limits.counter(name, limit).hit(addressKey(request.ip))
    if (wait !== null) throw tooManyRequests(wait)
  }
}
