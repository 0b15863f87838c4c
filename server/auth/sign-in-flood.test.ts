import { mkdtempSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { LightMyRequestResponse } from 'fastify'
import { expect, it } from 'vitest'
import { formatPhone } from '../../core/validation'
import { buildApp } from '../app'
import { describeEachDb } from '../testing/harness'
import { createPasswordHasher } from './password'

/** A built SPA of two files, so the static route is the real @fastify/static reading from disk. */
const staticDir = mkdtempSync(join(tmpdir(), 'cabinet-static-'))
writeFileSync(join(staticDir, 'index.html'), '<!doctype html><title>cabinet</title>')
writeFileSync(join(staticDir, 'robots.txt'), 'User-agent: *\n')

/** Costlier than the harness's N=1024 so a queue of sign-ins lasts long enough to be seen waiting. */
const N = 2 ** 15

const bogusSignIn = (i: number) => ({ phone: formatPhone(`7709${String(i).padStart(7, '0')}`), password: `guess-${i}-x` })

describeEachDb(
  'sign-in flood with the real hasher: queued, bounded, and the rest of the server keeps answering',
  ctx => {
    const flood = (count: number) => {
      const done: LightMyRequestResponse[] = []
      const all = Array.from({ length: count }, (_, i) =>
        ctx.app.inject({ method: 'POST', url: '/api/v1/users/sign-in', payload: bogusSignIn(i), headers: { 'accept-language': 'en' } }).then(res => {
          done.push(res)
          return res
        }),
      )
      return { done, all: Promise.all(all) }
    }

    it('serves a static file and health while sign-ins from one address wait for a hash', async () => {
      const hasher = createPasswordHasher({ N, queue: { concurrency: 2, maxWaiting: 64, maxWaitingPerAddress: 64, maxWaitMs: 120_000 } })
      await ctx.app.close()
      ctx.app = buildApp({ db: ctx.db, config: ctx.config, clock: ctx.clock, passwords: hasher })
      await ctx.app.ready()

      const { done, all } = flood(16)
      // The decoy hash is made first; then the sign-ins' own hashes line up.
      while (hasher.queue.running + hasher.queue.waiting < 2) await new Promise(resolve => setImmediate(resolve))

      const file = await ctx.app.inject({ method: 'GET', url: '/robots.txt' })
      const whenFile = { signInsAnswered: done.length, hashesWaiting: hasher.queue.waiting }
      const health = await ctx.app.inject({ method: 'GET', url: '/api/v1/health' })
      const whenHealth = { signInsAnswered: done.length, hashesWaiting: hasher.queue.waiting }

      expect(file.statusCode).toBe(200)
      expect(file.body).toBe('User-agent: *\n')
      expect(health.statusCode).toBe(200)
      // Ordering, not timing: both answered while most sign-ins were still waiting for a hash. Without the queue
      // the file read waits on libuv's pool behind every scrypt already started, and answers after most of them.
      expect(whenFile.hashesWaiting).toBeGreaterThan(0)
      expect(whenFile.signInsAnswered).toBeLessThan(8)
      expect(whenHealth.hashesWaiting).toBeGreaterThan(0)
      expect(whenHealth.signInsAnswered).toBeLessThan(8)

      // Every sign-in still gets its real answer, none a 5xx.
      const answers = await all
      expect(answers.map(r => r.statusCode)).toEqual(Array(16).fill(422))
      expect([hasher.queue.running, hasher.queue.waiting]).toEqual([0, 0])
    })

    it('signs a user in from another address ahead of a burst already waiting, and refuses the burst past its share with 429', async () => {
      const hasher = createPasswordHasher({ N, queue: { concurrency: 1, maxWaiting: 64, maxWaitingPerAddress: 6, maxWaitMs: 120_000 } })
      await ctx.app.close()
      ctx.app = buildApp({ db: ctx.db, config: ctx.config, clock: ctx.clock, passwords: hasher })
      await ctx.app.ready()
      const user = await ctx.createUser({ password: 'real-user-pass' })

      const { done, all } = flood(12)
      while (hasher.queue.waiting < 6) await new Promise(resolve => setImmediate(resolve))
      const real = await ctx.app.inject({
        method: 'POST',
        url: '/api/v1/users/sign-in',
        remoteAddress: '203.0.113.7',
        payload: { phone: formatPhone(user.phone), password: 'real-user-pass' },
      })
      const floodLeft = hasher.queue.waiting
      expect(real.statusCode).toBe(200)
      // Ordering, not timing: the burst's line was still there when the real sign-in answered (FIFO: it waits for all).
      expect(floodLeft).toBeGreaterThan(0)
      const statuses = (await all).map(r => r.statusCode)
      expect(statuses.filter(s => s === 429).length).toBeGreaterThan(0)
      expect(statuses.every(s => s === 422 || s === 429)).toBe(true)
      expect(done).toHaveLength(12)
    })

    it('answers 503 with the envelope and Retry-After once the line of hashes is full, never hangs or 500s', async () => {
      const hasher = createPasswordHasher({ N, queue: { concurrency: 1, maxWaiting: 2, maxWaitingPerAddress: 64, maxWaitMs: 120_000 } })
      await ctx.app.close()
      ctx.app = buildApp({ db: ctx.db, config: ctx.config, clock: ctx.clock, passwords: hasher })
      await ctx.app.ready()

      const answers = await flood(8).all
      const statuses = answers.map(r => r.statusCode)
      expect(statuses.every(s => s === 422 || s === 503)).toBe(true)
      const busy = answers.filter(r => r.statusCode === 503)
      expect(busy.length).toBeGreaterThan(0)
      for (const res of busy) {
        expect(res.json()).toEqual({ result: false, message: 'The server is busy, please try again in a few seconds' })
        expect(Number(res.headers['retry-after'])).toBeGreaterThan(0)
      }
      // The line drains: the next sign-in is served normally.
      const user = await ctx.createUser()
      expect(await ctx.signIn(user.phone, user.password)).toEqual(expect.any(String))
    })
  },
  { env: { STATIC_DIR: staticDir, SIGNIN_ADDRESS_RATE_LIMIT: '100/min' } },
)
