import type { FastifyInstance } from 'fastify'
import { afterEach, expect, it } from 'vitest'
import { formatPhone } from '../../core/validation'
import { buildApp } from '../app'
import { rateLimits } from '../db/schema'
import { describeEachDb } from '../testing/harness'
import { testModules } from '../testing/modules'

describeEachDb('limits shared by several nodes, probes', ctx => {
  let other: FastifyInstance | null = null
  afterEach(async () => {
    await other?.close()
    other = null
  })
  /** A second node on the same database: its own app, so nothing in memory is shared with the first. */
  const secondNode = async () => {
    other = buildApp({ db: ctx.db, config: ctx.config, clock: ctx.clock, modules: testModules() })
    await other.ready()
    return other
  }
  const signIn = (app: FastifyInstance, phone: string, password: string, remoteAddress = '10.9.0.1') =>
    app.inject({ method: 'POST', url: '/api/v1/users/sign-in', payload: { phone: formatPhone(phone), password }, remoteAddress })

  it('counts sign-in attempts per address and phone across nodes, with the same 429 as one node', async () => {
    const user = await ctx.createUser()
    const node2 = await secondNode()
    // SIGNIN_RATE_LIMIT is 10/min in tests: five wrong tries on each node use it up.
    for (let i = 0; i < 10; i++) expect((await signIn(i % 2 ? node2 : ctx.app, user.phone, 'wrong-pass1')).statusCode).toBe(422)
    for (const node of [ctx.app, node2]) {
      const limited = await signIn(node, user.phone, user.password)
      expect(limited.statusCode).toBe(429)
      expect(limited.json().result).toBe(false)
      expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0)
    }
    // Another address is not affected; the window passes on the server's clock.
    expect((await signIn(node2, user.phone, user.password, '10.9.0.2')).statusCode).toBe(200)
    ctx.clock.advance(60_000)
    expect((await signIn(ctx.app, user.phone, user.password)).statusCode).toBe(200)
  })

  it('counts the per-address limits and SMS per phone across nodes', async () => {
    const node2 = await secondNode()
    const limit = { max: 3, windowMs: 60_000 }
    const a = ctx.app.limits.counter('test', limit)
    const b = node2.limits.counter('test', limit)
    expect([await a.hit('k'), await b.hit('k'), await a.hit('k')]).toEqual([null, null, null])
    expect(await b.hit('k')).toBe(60_000)
    ctx.clock.advance(20_000)
    expect(await a.hit('k')).toBe(40_000)
    expect(await a.hit('other')).toBeNull()
    ctx.clock.advance(40_000)
    expect(await b.hit('k')).toBeNull()
    // Ended windows are swept.
    ctx.clock.advance(60_001)
    expect(await ctx.app.limits.sweep()).toBe(2)
    expect(await ctx.db.select().from(rateLimits)).toEqual([])
  })

  it('counts keys a text column cannot hold as they are (a NUL in a forged phone), apart from the plain ones', async () => {
    const counter = ctx.app.limits.counter('test', { max: 1, windowMs: 60_000 })
    expect(await counter.hit('7700\u0000')).toBeNull()
    expect(await counter.hit('7700\u0000')).toBe(60_000)
    expect(await counter.hit('7700')).toBeNull()
    expect(await counter.hit(`${'9'.repeat(500)}\u0001`)).toBeNull()
  })

  it('answers /healthz always and /readyz while the database answers, migrations are applied and it is not shutting down', async () => {
    const health = await ctx.app.inject({ method: 'GET', url: '/healthz' })
    expect(health.statusCode).toBe(200)
    expect(health.json()).toMatchObject({ result: true, data: { status: 'ok' } })
    const ready = await ctx.app.inject({ method: 'GET', url: '/readyz' })
    expect(ready.statusCode).toBe(200)
    expect(ready.json()).toMatchObject({ result: true, data: { status: 'ready', database: true, migrations: true, shutting_down: false } })
    expect(ready.headers['cache-control']).toBe('no-store')
    ctx.app.lifecycle.shuttingDown = true
    const closing = await ctx.app.inject({ method: 'GET', url: '/readyz' })
    expect(closing.statusCode).toBe(503)
    expect(closing.json()).toMatchObject({ result: false, data: { shutting_down: true } })
  })
})
