import { ApiError } from '../http/errors'

export interface HashQueueOptions {
  /** Jobs running at once. */
  concurrency: number
  /** Jobs waiting for a slot, all addresses together; one more is refused at once (503). */
  maxWaiting: number
  /** Jobs one address may have waiting; one more from it is refused at once (429). */
  maxWaitingPerAddress: number
  /** How long a job may wait for a slot before it is refused. */
  maxWaitMs: number
}

export interface HashQueue {
  /** `from`: whose work it is (the client's address); free slots go round the addresses that wait. */
  run<T>(job: () => Promise<T>, from?: string): Promise<T>
  /** Jobs running and waiting (tests and the bench look at it). */
  readonly running: number
  readonly waiting: number
}

/**
 * The server is busy hashing passwords: 503 with the envelope and a Retry-After, so a flood of sign-ins is
 * answered at once instead of hanging or taking every libuv thread (static files and the database need them).
 */
export const hashingBusy = () => new ApiError(503, 'serverBusy', { retryAfterSeconds: 5 })

/** One address already has its share of the line: its own fault, so 429 like the other per-address limits. */
export const addressBusy = () => new ApiError(429, 'tooManyRequests', { retryAfterSeconds: 5 })

interface Waiting {
  start: () => void
  timer: ReturnType<typeof setTimeout>
}

/**
 * A small semaphore over libuv's thread pool (scrypt runs there; this keeps it from taking all of it) with a fair
 * line: each address waits in its own FIFO and a free slot goes to the next address in turn, so one address
 * spraying sign-ins delays someone else's by at most a hash per address ahead of them, not by its whole burst.
 */
export function createHashQueue(options: HashQueueOptions): HashQueue {
  let running = 0
  let waitingCount = 0
  /** Insertion order is the turn: an address served goes to the back (deleted and set again). */
  const lines = new Map<string, Waiting[]>()

  function leave(from: string, entry: Waiting): void {
    const line = lines.get(from)
    const at = line ? line.indexOf(entry) : -1
    if (!line || at < 0) return
    line.splice(at, 1)
    waitingCount--
    if (line.length === 0) lines.delete(from)
  }

  function release(): void {
    running--
    const turn = lines.entries().next()
    if (turn.done) return
    const [from, line] = turn.value
    const next = line[0]!
    leave(from, next)
    if (lines.has(from)) {
      lines.delete(from)
      lines.set(from, line)
    }
    clearTimeout(next.timer)
    next.start()
  }

  return {
    get running() {
      return running
    },
    get waiting() {
      return waitingCount
    },
    run<T>(job: () => Promise<T>, from = ''): Promise<T> {
      const start = (): Promise<T> => {
        running++
        return job().finally(release)
      }
      if (running < options.concurrency) return start()
      if (waitingCount >= options.maxWaiting) return Promise.reject(hashingBusy())
      const line = lines.get(from) ?? []
      if (line.length >= options.maxWaitingPerAddress) return Promise.reject(addressBusy())
      return new Promise<T>((resolve, reject) => {
        const entry: Waiting = {
          start: () => start().then(resolve, reject),
          timer: setTimeout(() => {
            leave(from, entry)
            reject(hashingBusy())
          }, options.maxWaitMs),
        }
        line.push(entry)
        lines.set(from, line)
        waitingCount++
      })
    },
  }
}
