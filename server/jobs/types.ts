import type { Db } from '../db/client'

/** A job row's status (jobs.status). */
export const JOB_STATUS = { queued: 1, done: 2, failed: 3 } as const

export type JobPayload = Record<string, unknown>

export interface JobInput {
  /** A handler's name (`tasks.reminder`); a kind nobody handles fails its attempts and ends as failed. */
  kind: string
  payload?: JobPayload
  /** When it is due; now (or past) runs it on the next claim. */
  runAt: Date
  /**
   * Identity of a schedule: enqueueing the same key again moves that job (new time, payload, attempts from zero),
   * whatever its status, instead of adding a second one — a task's reminder rescheduled when its date changes.
   */
  key?: string
  /** Attempts before the job is given up (status failed); default 5. */
  maxAttempts?: number
}

/** What a handler gets: the job as claimed (`attempt` counts this run, from 1). */
export interface RunningJob {
  id: number
  kind: string
  key: string | null
  payload: JobPayload
  runAt: Date
  attempt: number
  maxAttempts: number
}

/**
 * Runs one job. Throwing fails this attempt: it is retried after `backoff(attempt)` until `maxAttempts`.
 * With `transactional` (the default) `db` is a transaction that also marks the job done, so what the handler writes
 * (a notification's outbox row) and "done" commit together — exactly once even if the node dies mid-way. A handler
 * that talks to the outside (SMTP, an SMS gateway) says `transactional: false`: it gets the root db, and a node
 * dying between its send and "done" sends again once the lease runs out (at least once).
 */
export type JobHandler = (job: RunningJob, db: Db) => Promise<void>

export interface HandlerOptions {
  transactional?: boolean
  /** Delay before the next attempt after `attempt` failed; default 2^attempt × 10 s, at most an hour. */
  backoffMs?: (attempt: number) => number
}

export interface Jobs {
  /** Adds (or, by key, reschedules) a job in the caller's transaction: nothing is queued if it rolls back. */
  enqueue(tx: Db, job: JobInput): Promise<number>
  /** Removes queued jobs by exact key or, with a trailing `*`, by key prefix (`task:12:*`); returns how many. */
  cancel(tx: Db, key: string): Promise<number>
  /** Registers the handler of a kind (from a module's `decorate` or `register`); twice for one kind throws. */
  handle(kind: string, handler: JobHandler, options?: HandlerOptions): void
  /**
   * Claims and runs every job due now on this node, until none is left, after any pass under way; resolves with how many this pass ran (tests on the
   * virtual clock, after `advance`). Concurrent calls share one pass.
   */
  runDue(): Promise<number>
}

declare module 'fastify' {
  interface FastifyInstance {
    /** The durable job queue (server/jobs). */
    jobs: Jobs
  }
}
