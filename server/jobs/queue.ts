import { and, asc, eq, inArray, isNull, like, lt, lte, or, sql } from 'drizzle-orm'
import { every, type Clock } from '../clock'
import type { Db } from '../db/client'
import { listenForWakeUps, type WakeListener } from '../db/listen'
import { jobs } from '../db/schema'
import { JOB_STATUS, type HandlerOptions, type JobHandler, type JobInput, type Jobs, type RunningJob } from './types'

/** The channel `enqueue` signals for a job due now: every listening node claims at once instead of at its next poll. */
export const JOBS_CHANNEL = 'cabinet_jobs'

export interface JobQueueOptions {
  db: Db
  clock: Clock
  log: { warn(obj: unknown, msg: string): void; error(obj: unknown, msg: string): void }
  /** How long a claim is this node's (a node that dies frees its jobs after it). Default 5 min. */
  leaseMs?: number
  /** How often this node looks for due jobs without being woken. Default 1 s. */
  pollMs?: number
  /** Jobs claimed (and run side by side) per round. Default 20. */
  batch?: number
  /** Finished jobs are kept this long, then purged. Default 7 days. */
  keepMs?: number
}

export interface JobQueue extends Jobs {
  /** Starts polling and listening (the server's onReady): what fell due while every node was down runs now. */
  start(): Promise<void>
  /** Stops claiming and waits for the jobs under way (the server's onClose). */
  close(): Promise<void>
}

interface Registered {
  run: JobHandler
  transactional: boolean
  backoffMs: (attempt: number) => number
}

const defaultBackoff = (attempt: number): number => Math.min(3_600_000, 10_000 * 2 ** (attempt - 1))

/**
 * The durable job queue (DESIGN: anything due at a time, exactly once across several server processes), on either
 * database. Claims are `UPDATE … WHERE id IN (SELECT … FOR UPDATE SKIP LOCKED)` with a lease written into the row,
 * so no transaction stays open while a job runs elsewhere, nodes never wait on each other, and each finish is fenced
 * by the lease it was claimed with (a job rescheduled or taken over meanwhile is not marked by a stale runner).
 */
export function createJobQueue(options: JobQueueOptions): JobQueue {
  const { db, clock, log } = options
  const leaseMs = options.leaseMs ?? 300_000
  const pollMs = options.pollMs ?? 1000
  const batch = options.batch ?? 20
  const keepMs = options.keepMs ?? 7 * 86_400_000
  const handlers = new Map<string, Registered>()
  let pass: Promise<number> | null = null
  let again = false
  let closed = false
  let stopPoll: (() => void) | null = null
  let stopPurge: (() => void) | null = null
  let listener: WakeListener | null = null

  /**
   * Locks free due rows and leases them in one short transaction. Two statements, not `UPDATE … WHERE id IN (SELECT
   * … LIMIT n FOR UPDATE SKIP LOCKED)`: Postgres may re-run such a subquery for a rescan and lease more rows than the
   * batch, or rows another node locked meanwhile; a SELECT of its own locks exactly what it returns.
   */
  async function claim(): Promise<{ jobs: RunningJob[]; until: Date }> {
    const now = new Date(clock.now())
    const until = new Date(now.getTime() + leaseMs)
    const rows = await db.transaction(async tx => {
      const free = await tx
        .select({ id: jobs.id })
        .from(jobs)
        .where(and(eq(jobs.status, JOB_STATUS.queued), lte(jobs.run_at, now), or(isNull(jobs.locked_until), lt(jobs.locked_until, now))))
        .orderBy(asc(jobs.run_at), asc(jobs.id))
        .limit(batch)
        .for('update', { skipLocked: true })
      if (free.length === 0) return []
      return tx
        .update(jobs)
        .set({ locked_until: until, attempts: sql`${jobs.attempts} + 1` })
        .where(inArray(jobs.id, free.map(r => r.id)))
        .returning()
    })
    const claimed = rows
      .sort((a, b) => a.run_at.getTime() - b.run_at.getTime() || a.id - b.id)
      .map(r => ({ id: r.id, kind: r.kind, key: r.key, payload: r.payload, runAt: r.run_at, attempt: r.attempts, maxAttempts: r.max_attempts }))
    return { jobs: claimed, until }
  }

  /** Still this claim's: queued, with the lease it was claimed with. */
  const ours = (job: RunningJob, until: Date) => and(eq(jobs.id, job.id), eq(jobs.status, JOB_STATUS.queued), eq(jobs.locked_until, until))

  async function runOne(job: RunningJob, until: Date): Promise<void> {
    const handler = handlers.get(job.kind)
    try {
      if (!handler) throw new Error(`no handler for job kind "${job.kind}"`)
      // Every lease counts as an attempt: a job whose runs keep dying with their node (or hanging past the lease)
      // is given up like one that keeps throwing, instead of being taken over for ever.
      if (job.attempt > job.maxAttempts) throw new Error(`attempts used up by runs that did not finish within the lease`)
      const done = { status: JOB_STATUS.done, locked_until: null, last_error: null }
      if (handler.transactional) {
        await db.transaction(async tx => {
          const [mine] = await tx.select({ id: jobs.id }).from(jobs).where(ours(job, until)).for('update')
          if (!mine) return
          await handler.run(job, tx)
          await tx.update(jobs).set({ ...done, finished_at: new Date(clock.now()) }).where(eq(jobs.id, job.id))
        })
      } else {
        const [mine] = await db.select({ id: jobs.id }).from(jobs).where(ours(job, until))
        if (!mine) return
        await handler.run(job, db)
        await db.update(jobs).set({ ...done, finished_at: new Date(clock.now()) }).where(ours(job, until))
      }
    } catch (error) {
      const last = job.attempt >= job.maxAttempts
      const now = clock.now()
      const backoff = (handler?.backoffMs ?? defaultBackoff)(job.attempt)
      if (last) log.error({ err: error, job: job.id, kind: job.kind }, 'job failed for good')
      else log.warn({ err: error, job: job.id, kind: job.kind, attempt: job.attempt }, 'job failed, retried later')
      await db
        .update(jobs)
        .set({
          status: last ? JOB_STATUS.failed : JOB_STATUS.queued,
          run_at: last ? job.runAt : new Date(now + backoff),
          locked_until: null,
          last_error: String(error instanceof Error ? error.message : error).slice(0, 2000),
          finished_at: last ? new Date(now) : null,
        })
        .where(ours(job, until))
        .catch((err: unknown) => log.warn({ err, job: job.id }, 'job failure not recorded; its lease frees it'))
    }
  }

  async function drain(): Promise<number> {
    let ran = 0
    for (;;) {
      again = false
      const { jobs: due, until } = await claim()
      await Promise.all(due.map(job => runOne(job, until)))
      ran += due.length
      if (due.length < batch && !again) return ran
      if (closed) return ran
    }
  }

  /** Runs a pass after the one under way (if any): whatever was due when it was called has run when it resolves. */
  function runDue(): Promise<number> {
    const next = (pass ?? Promise.resolve(0)).catch(() => 0).then(drain)
    const mine = next.finally(() => {
      if (pass === mine) pass = null
    })
    pass = mine
    return mine
  }

  const tick = () => {
    if (closed) return
    // A wake-up or poll during a pass: one more round of that pass, not a pass queued behind it.
    if (pass) {
      again = true
      return
    }
    runDue().catch((err: unknown) => log.warn({ err }, 'job queue pass failed'))
  }

  return {
    async enqueue(tx, input: JobInput) {
      const values = {
        kind: input.kind,
        key: input.key ?? null,
        payload: input.payload ?? {},
        status: JOB_STATUS.queued,
        run_at: input.runAt,
        attempts: 0,
        max_attempts: input.maxAttempts ?? 5,
        locked_until: null,
        last_error: null,
        finished_at: null,
        created_at: new Date(clock.now()),
      }
      const [row] = await tx
        .insert(jobs)
        .values(values)
        .onConflictDoUpdate({
          target: jobs.key,
          set: { kind: values.kind, payload: values.payload, status: values.status, run_at: values.run_at, attempts: 0, max_attempts: values.max_attempts, locked_until: null, last_error: null, finished_at: null },
        })
        .returning({ id: jobs.id })
      if (input.runAt.getTime() <= clock.now()) await tx.execute(sql`select pg_notify(${JOBS_CHANNEL}, '')`)
      return row!.id
    },

    async cancel(tx, key) {
      const match = key.endsWith('*') ? like(jobs.key, `${key.slice(0, -1).replace(/[\\%_]/g, c => `\\${c}`)}%`) : eq(jobs.key, key)
      const rows = await tx
        .delete(jobs)
        .where(and(match, eq(jobs.status, JOB_STATUS.queued)))
        .returning({ id: jobs.id })
      return rows.length
    },

    handle(kind, run, handlerOptions: HandlerOptions = {}) {
      if (handlers.has(kind)) throw new Error(`jobs: kind "${kind}" is handled twice`)
      handlers.set(kind, { run, transactional: handlerOptions.transactional ?? true, backoffMs: handlerOptions.backoffMs ?? defaultBackoff })
    },

    runDue,

    async start() {
      stopPoll = every(clock, pollMs, tick)
      stopPurge = every(clock, 3_600_000, () => {
        const before = new Date(clock.now() - keepMs)
        db.delete(jobs)
          .where(and(inArray(jobs.status, [JOB_STATUS.done, JOB_STATUS.failed]), lt(jobs.finished_at, before)))
          .catch((err: unknown) => log.warn({ err }, 'finished jobs not purged'))
      })
      listener = listenForWakeUps(db, JOBS_CHANNEL, { onWake: tick, onError: err => log.warn({ err }, 'jobs LISTEN connection') })
      await listener.ready
    },

    async close() {
      closed = true
      stopPoll?.()
      stopPurge?.()
      await listener?.close()
      await pass?.catch(() => 0)
    },
  }
}
