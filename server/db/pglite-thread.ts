import { Worker } from 'node:worker_threads'
import type { QueryOptions, Results } from '@electric-sql/pglite'
import { isRead, WriteCount } from './writes'

/** What the server asks the embedded database's thread (pglite-worker.mjs); `id` is added when it is sent. */
type Call =
  | { op: 'query'; sql: string; params?: unknown[]; rowMode?: 'array' | 'object'; textTypes?: number[]; paramTypes?: number[]; tx?: number }
  | { op: 'exec'; sql: string; tx?: number }
  | { op: 'begin' }
  | { op: 'end'; tx: number; commit: boolean }
  | { op: 'listen'; channel: string }
  | { op: 'unlisten'; listener: number }
  | { op: 'close' }

/** An error as it crossed the thread: message, name, stack and a Postgres error's fields (code, constraint…). */
type PlainError = { message: string; name?: string; stack?: string } & Record<string, unknown>

type Reply =
  | { ready: true }
  | { ready: false; error: PlainError }
  | { id: number; result?: unknown; error?: PlainError }
  | { notification: number; payload: string }

/** A transaction as drizzle's PGlite driver uses it (`query`), and as PGlite offers it. */
export interface PgliteTransaction {
  query<T>(sql: string, params?: unknown[], options?: QueryOptions): Promise<Results<T>>
  exec(sql: string): Promise<Results[]>
  rollback(): Promise<void>
  readonly closed: boolean
}

interface Pending {
  resolve(value: unknown): void
  reject(error: Error): void
  /** Counted in `writes` when its answer comes (server/db/writes.ts). */
  write: boolean
}

/** Whether a call may change rows: a statement that is not a read, a script, a transaction's end. */
const mayWrite = (call: Call): boolean => (call.op === 'query' ? !isRead(call.sql) : call.op === 'exec' || call.op === 'end')

const WORKER = new URL('./pglite-worker.mjs', import.meta.url)

/**
 * The embedded database in a thread of its own, with PGlite's face for what the server uses of it: `query`,
 * `exec`, `transaction`, `listen` and `close` (drizzle's PGlite driver takes it as its client).
 *
 * Why: PGlite's WASM Postgres and its wire protocol's parsing are most of a request's CPU on the embedded database;
 * in the server's thread a query stopped the HTTP server, the sockets and the timers while it ran, and the second
 * core stayed idle. Queries still run one at a time, in the order they are sent; a transaction holds the others back
 * until it ends (PGlite's own lock, in that thread), as before.
 *
 * The thread keeps the process alive only while a call is waiting for its answer, as an in-process PGlite did.
 */
export class PgliteThread {
  /** The writes this thread has answered (server/db/writes.ts): every query is sent through it. */
  readonly writes = new WriteCount()
  readonly #worker: Worker
  readonly #pending = new Map<number, Pending>()
  readonly #listeners = new Map<number, (payload: string) => void>()
  #lastId = 0
  #stopped: Error | null = null
  #closing: Promise<void> | null = null

  private constructor(worker: Worker) {
    this.#worker = worker
    worker.on('message', (reply: Reply) => this.#receive(reply))
    worker.on('error', error => this.#stop(error))
    worker.on('exit', code => this.#stop(new Error(`the embedded database's thread stopped (exit code ${code})`)))
  }

  /** Starts the thread, opens the database (`dataDir`, or in memory) and runs `setup` once before any query. */
  static async open(options: { dataDir?: string; setup: string }): Promise<PgliteThread> {
    const worker = new Worker(WORKER, { workerData: options })
    const opening = new Promise<void>((opened, failed) => {
      const onExit = (code: number) => failed(new Error(`the embedded database's thread stopped while opening (exit code ${code})`))
      worker.once('exit', onExit)
      worker.once('error', failed)
      worker.once('message', (reply: Reply) => {
        worker.off('exit', onExit)
        worker.off('error', failed)
        if ('ready' in reply && reply.ready) opened()
        else failed(fromPlain('error' in reply && reply.error ? reply.error : { message: 'the embedded database did not open' }))
      })
    })
    await opening.catch(async (error: unknown) => {
      await worker.terminate()
      throw error
    })
    worker.unref()
    return new PgliteThread(worker)
  }

  query<T>(sql: string, params?: unknown[], options?: QueryOptions): Promise<Results<T>> {
    return this.#query(sql, params, options)
  }

  exec(sql: string): Promise<Results[]> {
    return this.#exec(sql)
  }

  /** Runs `body` in a transaction: committed when it returns, rolled back when it throws or calls `rollback`. */
  async transaction<T>(body: (tx: PgliteTransaction) => Promise<T>): Promise<T> {
    const id = this.#nextId()
    await this.#call({ op: 'begin' }, id)
    let closed = false
    const end = (commit: boolean) => {
      closed = true
      return this.#call({ op: 'end', tx: id, commit })
    }
    const tx: PgliteTransaction = {
      query: (sql, params, options) => (closed ? closedTransaction() : this.#query(sql, params, options, id)),
      exec: sql => (closed ? closedTransaction() : this.#exec(sql, id)),
      rollback: async () => {
        if (closed) return closedTransaction()
        await end(false)
      },
      get closed() {
        return closed
      },
    }
    let result: T
    try {
      result = await body(tx)
    } catch (error) {
      if (!closed) await end(false).catch(() => {})
      throw error
    }
    if (!closed) await end(true)
    return result
  }

  /** LISTEN: `callback` gets every NOTIFY's payload; the function returned stops it. */
  async listen(channel: string, callback: (payload: string) => void): Promise<() => Promise<void>> {
    const id = this.#nextId()
    this.#listeners.set(id, callback)
    try {
      await this.#call({ op: 'listen', channel }, id)
    } catch (error) {
      this.#listeners.delete(id)
      throw error
    }
    return async () => {
      this.#listeners.delete(id)
      await this.#call({ op: 'unlisten', listener: id })
    }
  }

  /** Closes the database (its files flushed) and ends the thread; once, however often it is called. */
  close(): Promise<void> {
    this.#closing ??= this.#call({ op: 'close' }).then(async () => {
      await this.#worker.terminate()
    })
    return this.#closing
  }

  async #query<T>(sql: string, params?: unknown[], options?: QueryOptions, tx?: number): Promise<Results<T>> {
    return this.#call({ op: 'query', sql, ...(params ? { params } : {}), ...crossing(options), ...(tx === undefined ? {} : { tx }) }) as Promise<Results<T>>
  }

  #exec(sql: string, tx?: number): Promise<Results[]> {
    return this.#call({ op: 'exec', sql, ...(tx === undefined ? {} : { tx }) }) as Promise<Results[]>
  }

  #nextId(): number {
    return ++this.#lastId
  }

  #call(call: Call, id = this.#nextId()): Promise<unknown> {
    if (this.#stopped) return Promise.reject(this.#stopped)
    return new Promise((resolve, reject) => {
      if (this.#pending.size === 0) this.#worker.ref()
      this.#pending.set(id, { resolve, reject, write: mayWrite(call) })
      this.#worker.postMessage({ ...call, id })
    })
  }

  #receive(reply: Reply): void {
    if ('notification' in reply) {
      this.#listeners.get(reply.notification)?.(reply.payload)
      return
    }
    if (!('id' in reply)) return
    const pending = this.#pending.get(reply.id)
    if (!pending) return
    this.#pending.delete(reply.id)
    if (this.#pending.size === 0) this.#worker.unref()
    if (pending.write) this.writes.finished++
    if (reply.error) pending.reject(fromPlain(reply.error))
    else pending.resolve(reply.result)
  }

  /** The thread ended (closed, or crashed): every call waiting, and every later one, fails with why. */
  #stop(why: Error): void {
    this.#stopped ??= why
    for (const pending of this.#pending.values()) pending.reject(why)
    this.#pending.clear()
    this.#listeners.clear()
  }
}

function closedTransaction(): Promise<never> {
  return Promise.reject(new Error('Transaction is closed'))
}

/**
 * A query's options as they can cross: a parser is a function and cannot. The only parsers the server passes are
 * drizzle's, which return a value's text as it came (timestamps, dates, intervals, numeric arrays), so those cross as
 * the list of their types; any other parser, a serializer, a blob or a notice callback is refused, never ignored.
 */
function crossing(options: QueryOptions | undefined): Pick<Extract<Call, { op: 'query' }>, 'rowMode' | 'textTypes' | 'paramTypes'> {
  if (!options) return {}
  const { rowMode, parsers, paramTypes, ...rest } = options
  const unsupported = Object.entries(rest).filter(([, value]) => value !== undefined)
  if (unsupported.length > 0) throw new Error(`the embedded database's thread takes no ${unsupported.map(([key]) => key).join(', ')}`)
  const textTypes: number[] = []
  for (const [type, parser] of Object.entries(parsers ?? {})) {
    const probe = `probe ${type}`
    if (parser(probe, Number(type)) !== probe) throw new Error(`the embedded database's thread takes only parsers that keep the text (type ${type})`)
    textTypes.push(Number(type))
  }
  return { ...(rowMode ? { rowMode } : {}), ...(textTypes.length > 0 ? { textTypes } : {}), ...(paramTypes ? { paramTypes } : {}) }
}

function fromPlain({ message, stack, ...fields }: PlainError): Error {
  const error = Object.assign(new Error(message), fields)
  if (stack) error.stack = stack
  return error
}
