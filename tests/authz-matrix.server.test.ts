/**
 * The authorization matrix (issue 9): every endpoint of the composed server × the 14 demo users × no token, against
 * the expectations written as data in tests/authz-matrix.ts. The users are the real demo seed signed in through the
 * API; bodies are empty and path ids are 1 (see the data file). Never a 5xx; a refusal is the JSON envelope.
 */
import type { LightMyRequestResponse } from 'fastify'
import { expect, it } from 'vitest'
import { ROLE } from '../core/auth/profile'
import { DEMO_PASSWORD, DEMO_USERS, demoPhone, seedDemo } from '../server/seed'
import { describeEachDb } from '../server/testing/harness'
import { listEndpoints, type Endpoint } from '../server/testing/endpoints'
import { testModules } from '../server/testing/modules'
import { AUTHZ_MATRIX, type Expectation, type Who } from './authz-matrix'

const keyOf = (e: { method: string; url: string }) => `${e.method} ${e.url}`
const roleNames = Object.keys(ROLE) as (keyof typeof ROLE)[]
const suffixes = DEMO_USERS.map(u => u.suffix)

/** The demo suffixes a Who names (a role: all its demo users); an unknown name fails loudly. */
function suffixesOf(who: Who): string[] {
  if (suffixes.includes(who)) return [who]
  const role = roleNames.find(name => name === who)
  if (!role) throw new Error(`tests/authz-matrix.ts names "${who}", neither a role of ROLE nor a demo suffix`)
  return DEMO_USERS.filter(u => u.role === ROLE[role]).map(u => u.suffix)
}

type Expected = 'served' | 403 | 404 | 401

/** What the data says a demo user (or no token: null) must get from an endpoint. */
function expectedFor(expectation: Expectation, suffix: string | null): Expected {
  if (expectation === 'public') return 'served'
  if (expectation === 'ticket' || suffix === null) return 401
  if (expectation.notFound?.some(w => suffixesOf(w).includes(suffix))) return 404
  if (expectation.allow === 'signed-in' || expectation.allow.some(w => suffixesOf(w).includes(suffix))) return 'served'
  return 403
}

/** Deletions last (a deleted row would change what later calls see), the company itself at the very end. */
function runOrder(e: Endpoint): number {
  if (e.url === '/api/v1/companies/:id/delete') return 2
  return /\/(delete|revoke)$/.test(e.url) ? 1 : 0
}

/** `code6969`: a 401 must carry the session code (not the socket's: a bad ticket is not an ended session). */
function verdict(expected: Expected, res: LightMyRequestResponse, code6969: boolean): string | null {
  const status = res.statusCode
  if (status >= 500) return `${status} (a 5xx)`
  if (status === 401 || status === 403) {
    const body = res.json<{ result?: unknown; code?: unknown }>()
    if (body.result !== false) return `${status} without the envelope: ${res.body.slice(0, 120)}`
    if (status === 401 && code6969 && body.code !== 6969) return `401 without code 6969: ${res.body.slice(0, 120)}`
  }
  if (expected === 'served') return status === 401 || status === 403 ? `${status}, expected to be served` : null
  return status === expected ? null : `${status}, expected ${expected}`
}

describeEachDb(
  'authorization matrix: every endpoint × 14 demo users × no token',
  ctx => {
    it('every endpoint has an entry and every entry an endpoint', async () => {
      const { buildApp } = await import('../server/app')
      const endpoints = await listEndpoints(() => buildApp({ db: ctx.db, config: ctx.config, clock: ctx.clock, modules: testModules() }))
      const registered = new Set(endpoints.map(keyOf))
      expect(endpoints.length).toBeGreaterThan(50)
      expect([...registered].filter(k => !(k in AUTHZ_MATRIX)), 'endpoints without an entry in tests/authz-matrix.ts').toEqual([])
      expect(Object.keys(AUTHZ_MATRIX).filter(k => !registered.has(k)), 'entries of tests/authz-matrix.ts with no such endpoint').toEqual([])
      // Every name the data uses is a role or a demo user.
      for (const e of Object.values(AUTHZ_MATRIX)) {
        if (typeof e === 'string') continue
        for (const who of [...(e.allow === 'signed-in' ? [] : e.allow), ...(e.notFound ?? [])]) expect(suffixesOf(who).length, who).toBeGreaterThan(0)
      }
    })

    it('each demo user and no token get what the matrix says, never a 5xx', async () => {
      const { buildApp } = await import('../server/app')
      const endpoints = (await listEndpoints(() => buildApp({ db: ctx.db, config: ctx.config, clock: ctx.clock, modules: testModules() })))
        .filter(e => keyOf(e) in AUTHZ_MATRIX)
        .sort((a, b) => runOrder(a) - runOrder(b))
      await seedDemo(ctx.db, { passwords: ctx.passwords, clock: ctx.clock }, testModules())
      const signIn = async (suffix: string) => ctx.signIn(demoPhone(suffix), DEMO_PASSWORD)
      const tokens = new Map<string, string>()
      for (const suffix of suffixes) tokens.set(suffix, await signIn(suffix))

      const failures: string[] = []
      let calls = 0
      for (const endpoint of endpoints) {
        const expectation = AUTHZ_MATRIX[keyOf(endpoint)]!
        const url = endpoint.url.replace(/:[A-Za-z_]+/g, '1')
        const body = endpoint.method === 'GET' ? undefined : {}
        for (const suffix of [null, ...suffixes]) {
          const fresh = typeof expectation === 'object' && expectation.fresh
          const token = suffix === null ? null : fresh ? await signIn(suffix) : tokens.get(suffix)!
          const res = await ctx.call(endpoint.method as 'GET' | 'POST', url, token, body)
          calls += 1
          const wrong = verdict(expectedFor(expectation, suffix), res, expectation !== 'ticket')
          if (wrong) failures.push(`${keyOf(endpoint)} as ${suffix ?? 'no token'}: ${wrong}`)
        }
      }
      expect(failures).toEqual([])
      expect(calls).toBe(endpoints.length * (suffixes.length + 1))
    })
  },
  // Every demo user signs in from the same address, some several times.
  { env: { SIGNIN_RATE_LIMIT: '1000/min', SIGNIN_ADDRESS_RATE_LIMIT: '1000/min' } },
)
