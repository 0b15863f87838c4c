import { ApiError } from '../http/errors'

export interface HashQueueOptions {
  /** Jobs running at once. */
  concurrency: number
  /** Jobs waiting for a slot; one more is refused at once. */
  maxWaiting: number
  /** How long a job may wait for a slot before it is refused. */
  maxWaitMs: number
}

export interface HashQueue {
  run<T>(job: () => Promise<T>): Promise<T>
  /** Jobs running and waiting (tests and the bench look at it). */
  readonly running: number
  readonly waiting: number
}

/**
 * The server is busy hashing passwords: 503 with the envelope and a Retry-After, so a flood of sign-ins is
 * answered at once instead of hanging or taking every libuv thread (static files and the database need them).
 */
export const hashingBusy = () => new ApiError(503, 'serverBusy', { retryAfterSeconds: 5 })

/** A small semaphore with a bounded FIFO: scrypt runs on libuv's thread pool, this keeps it from taking all of it. */
export function createHashQueue(options: HashQueueOptions): HashQueue {
  let running = 0
  const waiting: Array<{ start: () => void; timer: ReturnType<typeof setTimeout> }> = []

  function release(): void {
    running--
    const next = waiting.shift()
    if (next) {
      clearTimeout(next.timer)
      next.start()
    }
  }

  return {
    get running() {
      return running
    },
    get waiting() {
      return waiting.length
    },
    run<T>(job: () => Promise<T>): Promise<T> {
      const start = (): Promise<T> => {
        running++
        return job().finally(release)
      }
      if (running < options.concurrency) return start()
      if (waiting.length >= options.maxWaiting) return Promise.reject(hashingBusy())
      return new Promise<T>((resolve, reject) => {
        const entry = {
          start: () => start().then(resolve, reject),
          timer: setTimeout(() => {
            const at = waiting.indexOf(entry)
            if (at >= 0) waiting.splice(at, 1)
            reject(hashingBusy())
          }, options.maxWaitMs),
        }
        waiting.push(entry)
      })
    },
  }
}
