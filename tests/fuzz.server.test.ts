/**
 * Issue 9, "make it stay fixed": a property-based fuzz suite over every endpoint of the composed server.
 *
 * For each endpoint (server/testing/endpoints.ts) it learns the body / query schema at run time — one probe
 * request with the endpoint's schema listener on (core/validation/tap.ts: parseBody, parseQuery and workflow
 * action inputs report the schema they check) — and then sends FUZZ_RUNS generated requests (tests/fuzz/*):
 * bodies and queries of the schema's shape, the shape with one field replaced by something outside it (control
 * characters, numbers past a column, wrong types, deep nesting, long and odd unicode strings, prototype keys),
 * broken JSON and multipart, hostile path ids and headers — after a deterministic sweep of every field with the
 * values of the issue (tests/fuzz/sweep.ts: a NUL, 2^31, 1e308). Each endpoint is called as a demo user its guard
 * allows (administrator first) and once without a token. Properties:
 * - never a 5xx;
 * - every error is the JSON envelope ({ result: false, message });
 * - a refused request (4xx) changes no data: no row of any table is added, removed or changed by it (row triggers
 *   count them; except tables that change on any request: tests/fuzz/fingerprint.ts).
 * PGlite only (the Postgres variant is skipped and says so). The seed is printed: `FUZZ_SEED=… FUZZ_RUNS=…`
 * replays a run; FUZZ_ONLY=<part of a url> narrows it to some endpoints.
 */
import fc from 'fast-check'
import type * as v from 'valibot'
import { expect, it } from 'vitest'
import type { Actor } from '../core/access'
import { listenToSchemas } from '../core/validation/tap'
import { actorOfUser } from '../server/access/actor'
import { buildApp } from '../server/app'
import { users } from '../server/db/schema'
import { DEMO_PASSWORD, DEMO_USERS, demoPhone } from '../server/seed'
import { listEndpoints, type Endpoint } from '../server/testing/endpoints'
import { TEST_ENV, describeEachDb } from '../server/testing/harness'
import { testModules } from '../server/testing/modules'
import { formatPhone } from '../core/validation'
import { isFailureEnvelope, seedDemoCast } from './fuzz/demo'
import { changedTables, dataTables, fingerprint, watchChanges } from './fuzz/fingerprint'
import { requests, type FuzzRequest } from './fuzz/request'
import { sweep } from './fuzz/sweep'

const SEED = Number(process.env.FUZZ_SEED || Math.floor(Math.random() * 2 ** 31))
const RUNS = Number(process.env.FUZZ_RUNS || 15)
/** FUZZ_TRACE=1: each endpoint's time as it finishes (which one a slow run spends its minutes on). */
const TRACE = process.env.FUZZ_TRACE === '1'
const ONLY = process.env.FUZZ_ONLY || ''

/** Endpoints that end the caller's own session when they succeed: fuzzed without a token only. */
const ENDS_SESSION = new Set(['GET /api/v1/users/logout', 'POST /api/v1/impersonation/end'])

/** Demo users in the order tried for an endpoint: the administrator sees every row, so go deepest first. */
const ORDER = ['0100', ...DEMO_USERS.map(u => u.suffix).filter(s => s !== '0100')]

interface Failure {
  endpoint: string
  as: string
  problem: string
  request?: FuzzRequest
}

describeEachDb(
  'fuzz: no 5xx, the envelope on every error, no data change on a refused request',
  ctx => {
    if (ctx.kind !== 'pglite') {
      it.skip('runs on PGlite only (skipped on Postgres: one bounded run is enough, and it takes a minute)', () => {})
      return
    }

    it('every endpoint, generated requests in and outside its schema', async () => {
      console.log(`fuzz: FUZZ_SEED=${SEED} FUZZ_RUNS=${RUNS}${ONLY ? ` FUZZ_ONLY=${ONLY}` : ''} (set these to replay)`)
      const cast = await seedDemoCast(ctx)
      const rows = await ctx.db.select().from(users)
      const actors = new Map<string, Actor>(DEMO_USERS.map(u => [u.suffix, actorOfUser(rows.find(r => r.phone === demoPhone(u.suffix))!)]))
      const endpoints = (await listEndpoints(() => buildApp({ db: ctx.db, config: ctx.config, clock: ctx.clock, modules: testModules() }))).filter(
        e => !ONLY || e.url.includes(ONLY),
      )
      expect(endpoints.length).toBeGreaterThan(ONLY ? 0 : 50)
      await watchChanges(ctx.db, await dataTables(ctx.db))
      const failures: Failure[] = []
      let sent = 0
      /** Answers by status class, printed so a run that never gets past validation shows itself. */
      const statuses = new Map<string, number>()

      /** A live token of the user: signs in again when a fuzzed request ended the session or changed the account. */
      const tokenOf = async (suffix: string): Promise<string | null> => {
        const token = cast.tokens.get(suffix)
        if (token && (await ctx.call('GET', '/api/v1/profile', token)).statusCode === 200) return token
        const res = await ctx.call('POST', '/api/v1/users/sign-in', null, { phone: formatPhone(demoPhone(suffix)), password: DEMO_PASSWORD })
        if (res.statusCode !== 200) return null
        const fresh = res.json<{ data: { token: string } }>().data.token
        cast.tokens.set(suffix, fresh)
        return fresh
      }

      /** The first demo user the endpoint's rule lets in, with a live token; null for public endpoints. */
      const callerFor = async (endpoint: Endpoint): Promise<{ suffix: string; token: string | null }> => {
        if (endpoint.rule === undefined) return { suffix: 'public', token: null }
        for (const suffix of ORDER) {
          if (endpoint.rule && !endpoint.rule(actors.get(suffix)!)) continue
          const token = await tokenOf(suffix)
          if (token) return { suffix, token }
        }
        return { suffix: 'nobody', token: null }
      }

      const send = (method: string, request: FuzzRequest, token: string | null) => {
        sent++
        return ctx.app
          .inject({
            method: method as 'GET' | 'POST',
            // Each request from its own address: per-address rate limits (some not configurable) never mask an answer.
            remoteAddress: `10.${(sent >> 16) & 255}.${(sent >> 8) & 255}.${sent & 255}`,
            url: request.url,
            headers: { ...request.headers, ...(request.contentType ? { 'content-type': request.contentType } : {}), ...(token ? { authorization: `Bearer ${token}` } : {}) },
            ...(request.payload === undefined ? {} : { payload: request.payload }),
          })
          .then(async res => {
            // What the request woke (a job due now) has run before the next one is judged: the wake-up reaches the
            // queue from the database's thread, and its pass, running on, would land in the next request's changes.
            await ctx.app.jobs.runDue()
            const key = res.statusCode < 300 ? '2xx' : String(res.statusCode)
            statuses.set(key, (statuses.get(key) ?? 0) + 1)
            return res
          })
      }

      /** The properties every answer has; a problem as text, or null. */
      const problemOf = (res: { statusCode: number; body: string; headers: Record<string, unknown> }): string | null => {
        if (res.statusCode >= 500) return `answered ${res.statusCode}: ${res.body.slice(0, 300)}`
        if (res.statusCode >= 400) {
          let parsed: unknown
          try {
            parsed = JSON.parse(res.body)
          } catch {
            return `answered ${res.statusCode} without a JSON body: ${res.body.slice(0, 200)}`
          }
          if (!isFailureEnvelope(parsed)) return `answered ${res.statusCode} without the envelope: ${res.body.slice(0, 200)}`
        }
        return null
      }

      for (const [index, endpoint] of endpoints.entries()) {
        const name = `${endpoint.method} ${endpoint.url}`
        const started = performance.now()
        const known = endpoint.url.includes('/companies/:') ? String(cast.companyId) : '1'

        /** The endpoint with a known id and an empty body. */
        const plain: FuzzRequest = { url: endpoint.url.replace(/:\w+/g, known), headers: {}, ...(endpoint.method === 'GET' ? {} : { contentType: 'application/json', payload: '{}' }) }

        // Without a token: a guarded endpoint is a 401 with the envelope, a public one anything but a 5xx.
        const anonymous = await send(endpoint.method, plain, null)
        const anonymousProblem = problemOf(anonymous) ?? (endpoint.rule !== undefined && anonymous.statusCode !== 401 ? `answered ${anonymous.statusCode} without a token` : null)
        if (anonymousProblem) failures.push({ endpoint: name, as: 'no token', problem: anonymousProblem })

        const caller = ENDS_SESSION.has(name) ? { suffix: 'no token (ends the session)', token: null } : await callerFor(endpoint)

        // The probe: learn the schema the endpoint checks its input against.
        let schema: v.GenericSchema | undefined
        const stop = listenToSchemas((_part, s) => (schema ??= s))
        const probe = await send(endpoint.method, plain, caller.token).finally(stop)
        const probeProblem = problemOf(probe)
        if (probeProblem) failures.push({ endpoint: name, as: caller.suffix, problem: `probe ${probeProblem}` })

        // Valid bodies to spoil one field of: what the endpoint's GET twin answers (a record's form), then what it accepts.
        const accepted: unknown[] = []
        if (endpoint.method === 'POST') {
          const twin = await ctx.call('GET', plain.url, caller.token)
          const data = twin.statusCode === 200 ? (twin.json<{ data?: unknown }>().data as unknown) : undefined
          if (typeof data === 'object' && data !== null && !Array.isArray(data)) accepted.push(data)
        }

        let before = await fingerprint(ctx.db)
        /** Sends one request and throws the problem with its answer, if any. */
        const check = async (request: FuzzRequest) => {
          const res = await send(endpoint.method, request, caller.token)
          if (res.statusCode < 300 && request.contentType === 'application/json' && request.payload && accepted.length < 10) accepted.push(JSON.parse(request.payload))
          const after = await fingerprint(ctx.db)
          const changed = res.statusCode >= 400 && res.statusCode < 500 ? changedTables(before, after) : []
          before = after
          const problem = problemOf(res) ?? (changed.length ? `refused with ${res.statusCode} but changed ${changed.join(', ')}` : null)
          if (problem) throw new Error(problem)
        }

        // The values that once gave a 500, in every field, one at a time; then the random run.
        for (const request of sweep(endpoint.method, plain.url, schema, accepted)) {
          const problem = await check(request).then(
            () => null,
            (error: Error) => error.message,
          )
          if (problem) {
            failures.push({ endpoint: name, as: caller.suffix, problem: `sweep ${problem}`, request: { ...request, payload: request.payload?.slice(0, 300) } })
            break
          }
        }
        const property = fc.asyncProperty(requests(endpoint.method, endpoint.url, schema, known, accepted), check)
        const details = await fc.check(property, { seed: SEED + index, numRuns: RUNS, endOnFailure: true })
        if (details.failed) {
          const request = details.counterexample?.[0]
          const problem = String((details.errorInstance as Error | undefined)?.message ?? details.errorInstance)
          failures.push({ endpoint: name, as: caller.suffix, problem, request: request && { ...request, payload: request.payload?.slice(0, 300) } })
        }
        if (TRACE) process.stdout.write(`fuzz: ${name} ${Math.round(performance.now() - started)} ms\n`)
      }

      console.log(`fuzz: ${endpoints.length} endpoints, ${sent} requests, ${failures.length} failing (FUZZ_SEED=${SEED} FUZZ_RUNS=${RUNS}); answers ${[...statuses].sort().map(([k, n]) => `${k}: ${n}`).join(', ')}`)
      for (const f of failures) console.log(`fuzz failure: ${f.endpoint} as ${f.as}: ${f.problem}${f.request ? `\n  request: ${JSON.stringify(f.request)}` : ''}`)
      expect(failures, `replay with FUZZ_SEED=${SEED} FUZZ_RUNS=${RUNS}`).toEqual([])
    }, 600_000)
  },
  // Rate limits must not mask answers (a limited request is a 429 before the handler sees the input): the sign-in
  // limit is raised here, and every request comes from its own address (see `send`).
  { env: { ...TEST_ENV, SIGNIN_RATE_LIMIT: '1000000/min' } },
)

