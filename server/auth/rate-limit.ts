/// <reference types="@fastify/rate-limit" />
import type { RateLimitOptions } from '@fastify/rate-limit'
import type { FastifyRequest } from 'fastify'
import { phoneDigits } from '../../core/validation'
import type { RateLimit } from '../config'
import { ApiError } from '../http/errors'

/** The phone a sign-in style body names, normalised, so `(700) …` and `+7 (700) …` count as one. */
function phoneOf(body: unknown): string {
  if (typeof body !== 'object' || body === null || !('phone' in body) || typeof body.phone !== 'string') return ''
  return phoneDigits(body.phone) ?? body.phone.slice(0, 32)
}

/**
 * Route config for endpoints that guess or spend secrets (sign-in, restore, register): counted per client
 * IP and phone. It runs at preHandler because the phone is in the body, which is not parsed at onRequest.
 * Many phones from one address are stopped by perAddress (address-limit.ts), which these routes use as well.
 * Counted in the database (server/limits/store.ts, the plugin's store), so it holds across nodes.
 */
export function perIpAndPhone(limit: RateLimit): RateLimitOptions {
  return {
    max: limit.max,
    timeWindow: limit.windowMs,
    hook: 'preHandler',
    keyGenerator: (request: FastifyRequest) => `${request.ip}|${phoneOf(request.body)}`,
    errorResponseBuilder: () => new ApiError(429, 'tooManyRequests'),
  }
}
