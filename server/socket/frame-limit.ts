import type { Clock } from '../clock'
import type { RateLimit } from '../config'

export type FrameVerdict = 'accept' | 'drop' | 'flood'

/**
 * One socket's incoming frames: a token bucket of `max` frames refilled at `max` per `windowMs` (SOCKET_FRAME_LIMIT).
 * A frame without a token is dropped; dropped frames fill an overflow bucket that drains at the same rate, and when
 * it holds more than `max` the client is flooding for real (not a burst of clicks): the socket is closed (1008).
 * Time is the server's clock, so tests drive it.
 */
export function createFrameLimiter(limit: RateLimit, clock: Clock): () => FrameVerdict {
  const perMs = limit.max / Math.max(1, limit.windowMs)
  let tokens = limit.max
  let overflow = 0
  let last = clock.now()
  return () => {
    const now = clock.now()
    const refill = Math.max(0, now - last) * perMs
    last = now
    tokens = Math.min(limit.max, tokens + refill)
    overflow = Math.max(0, overflow - refill)
    if (tokens >= 1) {
      tokens -= 1
      return 'accept'
    }
    overflow += 1
    return overflow > limit.max ? 'flood' : 'drop'
  }
}

/** Close code for a socket that keeps sending over its limit. */
export const CLOSE_POLICY_VIOLATION = 1008

/**
 * Wake-ups keep the session alive, but one write per session per `stepMs` is enough (the idle window is an hour):
 * the rest are answered from memory on this node. Returns whether the session should be touched now.
 */
export function createTouchThrottle(stepMs: number, clock: Clock): (sessionId: number) => boolean {
  const lastTouch = new Map<number, number>()
  return sessionId => {
    const now = clock.now()
    const last = lastTouch.get(sessionId)
    if (last !== undefined && now - last < stepMs) return false
    if (lastTouch.size > 10_000) for (const [id, at] of lastTouch) if (now - at >= stepMs) lastTouch.delete(id)
    lastTouch.set(sessionId, now)
    return true
  }
}
