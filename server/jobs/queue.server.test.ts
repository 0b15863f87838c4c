import { eq } from 'drizzle-orm'
import type { FastifyInstance } from 'fastify'
import { expect, it } from 'vitest'
import { buildApp } from '../app'
import { jobs } from '../db/schema'
import { describeEachDb, type TestContext } from '../testing/harness'
import { JOB_STATUS, type RunningJob } from './types'

const rowOf = async (ctx: TestContext, id: number) => {
  const [row] = await ctx.db.select().from(jobs).where(eq(jobs.id, id))
  return row
}

/** Another node on the test's database and clock (no modules: only the queue matters here). */
function otherNode(ctx: TestContext): FastifyInstance {
  return buildApp({ db: ctx.db, config: ctx.config, clock: ctx.clock, modules: [] })
}

/** A promise with its resolver, to hold a handler mid-run. */
function gate(): { promise: Promise<void>; open: () => void } {
  let open = () => {}
  const promise = new Promise<void>(resolve => (open = resolve))
  return { promise, open }
}

describeEachDb('job queue', ctx => {
  it('runs a due job once, with its payload, and a later one only when its time comes', async () => {
    const seen: Array<{ n: unknown; attempt: number; at: number }> = []
    ctx.app.jobs.handle('test.ok', async job => {
      seen.push({ n: job.payload.n, attempt: job.attempt, at: ctx.clock.now() })
    })
    const t0 = ctx.clock.now()
    const now = await ctx.app.jobs.enqueue(ctx.db, { kind: 'test.ok', payload: { n: 1 }, runAt: new Date(t0) })
    await ctx.app.jobs.enqueue(ctx.db, { kind: 'test.ok', payload: { n: 2 }, runAt: new Date(t0 + 60_000) })
    await ctx.app.jobs.runDue()
    await ctx.app.jobs.runDue()
    expect(seen).toEqual([{ n: 1, attempt: 1, at: t0 }])
    expect(await rowOf(ctx, now)).toMatchObject({ status: JOB_STATUS.done, attempts: 1, locked_until: null, last_error: null, finished_at: new Date(t0) })

    ctx.clock.advance(59_999)
    await ctx.app.jobs.runDue()
    expect(seen).toHaveLength(1)
    ctx.clock.advance(1)
    await ctx.app.jobs.runDue()
    expect(seen.map(s => s.n)).toEqual([1, 2])
  })

  it('enqueues and cancels in the caller’s transaction: a rollback leaves the queue as it was', async () => {
    const t0 = ctx.clock.now()
    await ctx.db
      .transaction(async tx => {
        await ctx.app.jobs.enqueue(tx, { kind: 'test.ok', runAt: new Date(t0 + 1000), key: 'rolled-back' })
        throw new Error('rollback')
      })
      .catch(() => {})
    expect(await ctx.db.select().from(jobs)).toEqual([])

    await ctx.app.jobs.enqueue(ctx.db, { kind: 'test.ok', runAt: new Date(t0 + 1000), key: 'kept' })
    await ctx.db
      .transaction(async tx => {
        expect(await ctx.app.jobs.cancel(tx, 'kept')).toBe(1)
        throw new Error('rollback')
      })
      .catch(() => {})
    expect((await ctx.db.select().from(jobs)).map(r => r.key)).toEqual(['kept'])
  })

  it('retries a failing handler after the default backoff (10 s, 20 s, …) and gives up after maxAttempts, keeping the last error', async () => {
    const attempts: Array<{ attempt: number; at: number }> = []
    ctx.app.jobs.handle('test.failing', async job => {
      attempts.push({ attempt: job.attempt, at: ctx.clock.now() })
      throw new Error(`boom ${job.attempt}`)
    })
    const t0 = ctx.clock.now()
    const id = await ctx.app.jobs.enqueue(ctx.db, { kind: 'test.failing', runAt: new Date(t0), maxAttempts: 3 })
    await ctx.app.jobs.runDue()
    expect(await rowOf(ctx, id)).toMatchObject({ status: JOB_STATUS.queued, attempts: 1, run_at: new Date(t0 + 10_000), last_error: 'boom 1', locked_until: null })

    // Not a moment early.
    ctx.clock.advance(9_999)
    await ctx.app.jobs.runDue()
    expect(attempts).toHaveLength(1)
    ctx.clock.advance(1)
    await ctx.app.jobs.runDue()
    expect(await rowOf(ctx, id)).toMatchObject({ status: JOB_STATUS.queued, attempts: 2, run_at: new Date(t0 + 30_000), last_error: 'boom 2' })

    ctx.clock.advance(19_999)
    await ctx.app.jobs.runDue()
    expect(attempts).toHaveLength(2)
    ctx.clock.advance(1)
    await ctx.app.jobs.runDue()
    expect(attempts).toEqual([
      { attempt: 1, at: t0 },
      { attempt: 2, at: t0 + 10_000 },
      { attempt: 3, at: t0 + 30_000 },
    ])
    expect(await rowOf(ctx, id)).toMatchObject({ status: JOB_STATUS.failed, attempts: 3, last_error: 'boom 3', finished_at: new Date(t0 + 30_000), locked_until: null })

    // Failed for good: never claimed again.
    ctx.clock.advance(86_400_000)
    await ctx.app.jobs.runDue()
    expect(attempts).toHaveLength(3)
  })

  it('follows a handler’s own backoff, and succeeds on a later attempt', async () => {
    const attempts: number[] = []
    ctx.app.jobs.handle(
      'test.flaky',
      async job => {
        attempts.push(ctx.clock.now())
        if (job.attempt < 3) throw new Error('not yet')
      },
      { backoffMs: attempt => attempt * 60_000 },
    )
    const t0 = ctx.clock.now()
    const id = await ctx.app.jobs.enqueue(ctx.db, { kind: 'test.flaky', runAt: new Date(t0) })
    await ctx.app.jobs.runDue()
    ctx.clock.advance(60_000)
    await ctx.app.jobs.runDue()
    ctx.clock.advance(119_999)
    await ctx.app.jobs.runDue()
    expect(attempts).toEqual([t0, t0 + 60_000])
    ctx.clock.advance(1)
    await ctx.app.jobs.runDue()
    expect(attempts).toEqual([t0, t0 + 60_000, t0 + 180_000])
    // Done clears the error of the attempts before.
    expect(await rowOf(ctx, id)).toMatchObject({ status: JOB_STATUS.done, attempts: 3, last_error: null })
  })

  it('a kind nobody handles fails its attempts and ends failed, saying so', async () => {
    const id = await ctx.app.jobs.enqueue(ctx.db, { kind: 'test.nobody', runAt: new Date(ctx.clock.now()), maxAttempts: 1 })
    await ctx.app.jobs.runDue()
    expect(await rowOf(ctx, id)).toMatchObject({ status: JOB_STATUS.failed, attempts: 1, last_error: 'no handler for job kind "test.nobody"' })
    expect(() => ctx.app.jobs.handle('test.twice', async () => {})).not.toThrow()
    expect(() => ctx.app.jobs.handle('test.twice', async () => {})).toThrow(/handled twice/)
  })

  it('reschedules by key: one row, the new time and payload, attempts from zero, whatever its status', async () => {
    const seen: unknown[] = []
    ctx.app.jobs.handle('test.remind', async job => {
      seen.push(job.payload.n)
      if (job.payload.n === 'fail') throw new Error('refused')
    })
    const t0 = ctx.clock.now()
    const first = await ctx.app.jobs.enqueue(ctx.db, { kind: 'test.remind', payload: { n: 1 }, runAt: new Date(t0 + 60_000), key: 'task:1:remind' })
    const again = await ctx.app.jobs.enqueue(ctx.db, { kind: 'test.remind', payload: { n: 2 }, runAt: new Date(t0 + 120_000), key: 'task:1:remind' })
    expect(again).toBe(first)
    expect(await ctx.db.select().from(jobs)).toHaveLength(1)

    ctx.clock.advance(60_000)
    await ctx.app.jobs.runDue()
    expect(seen).toEqual([])
    ctx.clock.advance(60_000)
    await ctx.app.jobs.runDue()
    expect(seen).toEqual([2])

    // A done job comes back to life when its key is enqueued again (a reminder moved to a later date).
    await ctx.app.jobs.enqueue(ctx.db, { kind: 'test.remind', payload: { n: 'fail' }, runAt: new Date(ctx.clock.now()), key: 'task:1:remind', maxAttempts: 1 })
    await ctx.app.jobs.runDue()
    expect(await rowOf(ctx, first)).toMatchObject({ status: JOB_STATUS.failed, attempts: 1, last_error: 'refused' })
    // So does a failed one, with its error and attempts cleared.
    await ctx.app.jobs.enqueue(ctx.db, { kind: 'test.remind', payload: { n: 3 }, runAt: new Date(ctx.clock.now() + 1000), key: 'task:1:remind' })
    expect(await rowOf(ctx, first)).toMatchObject({ status: JOB_STATUS.queued, attempts: 0, last_error: null, finished_at: null, max_attempts: 5, payload: { n: 3 } })
    ctx.clock.advance(1000)
    await ctx.app.jobs.runDue()
    expect(seen).toEqual([2, 'fail', 3])
  })

  it('cancels queued jobs by exact key and by prefix, taking % and _ literally, and leaves finished ones', async () => {
    const t0 = ctx.clock.now()
    const later = new Date(t0 + 60_000)
    for (const key of ['task:1:remind', 'task:1:due', 'task:12:remind', 'task:2:remind', 'a%b', 'axb', 'a_c', 'abc'])
      await ctx.app.jobs.enqueue(ctx.db, { kind: 'test.cancel', runAt: later, key })
    ctx.app.jobs.handle('test.cancel', async () => {})
    await ctx.app.jobs.enqueue(ctx.db, { kind: 'test.cancel', runAt: new Date(t0), key: 'task:1:done' })
    await ctx.app.jobs.runDue()

    const keys = async () => (await ctx.db.select({ key: jobs.key }).from(jobs)).map(r => r.key).sort()
    expect(await ctx.app.jobs.cancel(ctx.db, 'task:1:remind')).toBe(1)
    expect(await ctx.app.jobs.cancel(ctx.db, 'task:1:remind')).toBe(0)
    // The prefix `task:1:` is not `task:12:`, and the finished `task:1:done` stays for the record.
    expect(await ctx.app.jobs.cancel(ctx.db, 'task:1:*')).toBe(1)
    expect(await keys()).toEqual(['a%b', 'a_c', 'abc', 'axb', 'task:12:remind', 'task:1:done', 'task:2:remind'])
    expect(await ctx.app.jobs.cancel(ctx.db, 'a%*')).toBe(1)
    expect(await ctx.app.jobs.cancel(ctx.db, 'a_*')).toBe(1)
    expect(await keys()).toEqual(['abc', 'axb', 'task:12:remind', 'task:1:done', 'task:2:remind'])
    expect(await ctx.app.jobs.cancel(ctx.db, 'task:*')).toBe(2)
    expect(await keys()).toEqual(['abc', 'axb', 'task:1:done'])
  })

  it('a stale runner (its lease ran out and another node took the job over) does not mark the job, done or failed', async () => {
    const heldA = gate()
    const enteredA = gate()
    ctx.app.jobs.handle(
      'test.slow',
      async () => {
        enteredA.open()
        await heldA.promise
        // Finishes fine, but late: "done" must not land while the job is another node's.
      },
      { transactional: false },
    )
    const t0 = ctx.clock.now()
    const id = await ctx.app.jobs.enqueue(ctx.db, { kind: 'test.slow', runAt: new Date(t0) })
    const stale = ctx.app.jobs.runDue()
    await enteredA.promise

    // The lease (5 min) runs out; another node claims the job and is still running it when the first one finishes.
    ctx.clock.advance(300_001)
    const heldB = gate()
    const enteredB = gate()
    const other = otherNode(ctx)
    other.jobs.handle(
      'test.slow',
      async job => {
        enteredB.open()
        await heldB.promise
        throw new Error(`the new runner failed on attempt ${job.attempt}`)
      },
      { transactional: false },
    )
    try {
      await other.ready()
      const takeover = other.jobs.runDue()
      await enteredB.promise
      const taken = await rowOf(ctx, id)
      expect(taken).toMatchObject({ status: JOB_STATUS.queued, attempts: 2, locked_until: new Date(t0 + 300_001 + 300_000) })

      heldA.open()
      await stale
      expect(await rowOf(ctx, id)).toEqual(taken)

      // The runner that holds the lease is the one whose outcome counts.
      heldB.open()
      await takeover
      expect(await rowOf(ctx, id)).toMatchObject({ status: JOB_STATUS.queued, attempts: 2, locked_until: null, last_error: 'the new runner failed on attempt 2', run_at: new Date(t0 + 300_001 + 20_000) })
    } finally {
      heldA.open()
      heldB.open()
      await other.close()
    }
  })

  it('a job whose runs keep outliving their lease is given up after maxAttempts instead of being taken over for ever', async () => {
    const held = gate()
    const entered = gate()
    ctx.app.jobs.handle(
      'test.hangs',
      async () => {
        entered.open()
        await held.promise
      },
      { transactional: false },
    )
    const id = await ctx.app.jobs.enqueue(ctx.db, { kind: 'test.hangs', runAt: new Date(ctx.clock.now()), maxAttempts: 1 })
    const stale = ctx.app.jobs.runDue()
    await entered.promise
    ctx.clock.advance(300_001)
    const other = otherNode(ctx)
    let ran = 0
    other.jobs.handle('test.hangs', async () => void ran++, { transactional: false })
    try {
      await other.ready()
      await other.jobs.runDue()
      expect(ran).toBe(0)
      expect(await rowOf(ctx, id)).toMatchObject({ status: JOB_STATUS.failed, attempts: 2, last_error: 'attempts used up by runs that did not finish within the lease' })
      held.open()
      await stale
      expect(await rowOf(ctx, id)).toMatchObject({ status: JOB_STATUS.failed, attempts: 2 })
    } finally {
      await other.close()
    }
  })

  it('a transactional handler’s writes and "done" commit together: a throw rolls back what it wrote', async () => {
    let calls = 0
    ctx.app.jobs.handle('test.writes', async (job, tx) => {
      calls++
      // The handler writes through the job's transaction (here: a second job, as a stand-in for any row).
      await ctx.app.jobs.enqueue(tx, { kind: 'test.followup', runAt: new Date(ctx.clock.now() + 3_600_000), key: `followup:${calls}` })
      if (calls === 1) throw new Error('after the write')
    })
    const id = await ctx.app.jobs.enqueue(ctx.db, { kind: 'test.writes', runAt: new Date(ctx.clock.now()) })
    await ctx.app.jobs.runDue()
    expect((await ctx.db.select().from(jobs)).map(r => r.key)).toEqual([null])
    ctx.clock.advance(10_000)
    await ctx.app.jobs.runDue()
    expect((await ctx.db.select().from(jobs)).map(r => r.key).sort()).toEqual(['followup:2', null])
    expect(await rowOf(ctx, id)).toMatchObject({ status: JOB_STATUS.done, attempts: 2 })
  })

  it('a job that fell due while every node was down runs once, as soon as a node starts', async () => {
    const t0 = ctx.clock.now()
    const id = await ctx.app.jobs.enqueue(ctx.db, { kind: 'test.while-down', payload: { n: 7 }, runAt: new Date(t0 + 3_600_000) })
    await ctx.app.close()
    ctx.clock.advance(7_200_000)

    const runs: RunningJob[] = []
    ctx.app = otherNode(ctx)
    ctx.app.jobs.handle('test.while-down', async job => void runs.push(job))
    await ctx.app.ready()
    // Starting ran it (the start's pass is under way when ready resolves): this pass, after it, finds nothing.
    expect(await ctx.app.jobs.runDue()).toBe(0)
    expect(runs.map(j => ({ id: j.id, n: j.payload.n, attempt: j.attempt, runAt: j.runAt }))).toEqual([{ id, n: 7, attempt: 1, runAt: new Date(t0 + 3_600_000) }])
    expect(await rowOf(ctx, id)).toMatchObject({ status: JOB_STATUS.done, attempts: 1, finished_at: new Date(t0 + 7_200_000) })
    ctx.clock.advance(86_400_000)
    await ctx.app.jobs.runDue()
    expect(runs).toHaveLength(1)
  })

  it('a job claimed by a node that died waits for the lease, then runs elsewhere as its next attempt', async () => {
    const runs: number[] = []
    ctx.app.jobs.handle('test.orphan', async job => void runs.push(job.attempt))
    const t0 = ctx.clock.now()
    const id = await ctx.app.jobs.enqueue(ctx.db, { kind: 'test.orphan', runAt: new Date(t0 + 60_000) })
    // What a node leaves behind when it dies mid-run: the row leased to it, one attempt counted.
    await ctx.db.update(jobs).set({ attempts: 1, locked_until: new Date(t0 + 60_000 + 300_000) }).where(eq(jobs.id, id))
    ctx.clock.advance(60_000 + 300_000)
    await ctx.app.jobs.runDue()
    expect(runs).toEqual([])
    ctx.clock.advance(1)
    await ctx.app.jobs.runDue()
    expect(runs).toEqual([2])
    expect(await rowOf(ctx, id)).toMatchObject({ status: JOB_STATUS.done, attempts: 2 })
  })
})
