// @ts-check
/**
 * The embedded database's own thread (started by pglite-thread.ts, which is what the server talks to).
 *
 * Why a thread: PGlite runs Postgres in WASM and parses its wire protocol in JavaScript, ~70 % of a list request's
 * CPU on the embedded database; in the server's thread that work stopped everything else (HTTP, sockets, the call
 * center's events) for as long as a query ran, and left the second core idle. Here it runs beside the server.
 *
 * Plain JavaScript, checked by tsc: Node 20 cannot load a TypeScript file in a worker (the loader's hooks do not
 * reach it). The messages are pglite-thread.ts's `Call` and `Reply`.
 */
import { parentPort, workerData } from 'node:worker_threads'
import { PGlite } from '@electric-sql/pglite'
import { statementsOf } from './pglite-statements.mjs'
import { btree_gin } from '@electric-sql/pglite/contrib/btree_gin'
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm'

const port = /** @type {import('node:worker_threads').MessagePort} */ (parentPort)
/** @type {{ dataDir?: string, setup: string }} */
const { dataDir, setup } = workerData

/** The database and its queries, or null when it did not open (said to the server, which then ends this thread). */
const database = await PGlite.create({ ...(dataDir ? { dataDir } : {}), extensions: { pg_trgm, btree_gin } }).then(
  async client => {
    await client.exec(setup)
    const statements = await statementsOf(client, { onNotification: heard })
    port.postMessage({ ready: true })
    return { client, statements }
  },
  error => {
    port.postMessage({ ready: false, error: plain(error) })
    return null
  },
)

/**
 * A transaction open now: its queries go to PGlite's transaction object; `end` settles the promise PGlite's
 * `transaction` awaits (resolved: COMMIT; rejected: ROLLBACK), and `finished` is when PGlite has done it.
 * @typedef {{ tx: import('@electric-sql/pglite').Transaction, end: (commit: boolean) => void, finished: Promise<void> }} Transaction
 */
/** By the id the server gave each. @type {Map<number, Transaction>} */
const transactions = new Map()
/** LISTEN subscriptions by the server's id, each its unlisten function. @type {Map<number, () => Promise<void>>} */
const listeners = new Map()
/**
 * The same subscriptions by channel (as Postgres names it), for a NOTIFY that came with a named statement's reply:
 * PGlite's `listen` hears only the replies it reads itself. @type {Map<string, Set<number>>}
 */
const channels = new Map()

/** @param {string} channel @param {string} payload */
function heard(channel, payload) {
  for (const id of channels.get(channel) ?? []) port.postMessage({ notification: id, payload })
}

/** A channel as LISTEN names it: a quoted name as it is, any other in lower case (as PGlite's `listen` does). */
const postgresName = (/** @type {string} */ channel) => (/^".*"$/.test(channel) ? channel.slice(1, -1) : channel.toLowerCase())

class Rollback extends Error {}

if (database) {
  port.on('message', (/** @type {any} */ call) => {
    // An answer that cannot be cloned (DataCloneError) is answered as that error, not lost with this thread.
    run(database, call)
      .then(result => port.postMessage({ id: call.id, result }))
      .catch(error => port.postMessage({ id: call.id, error: plain(error) }))
  })
}

/**
 * @param {{ client: PGlite, statements: Awaited<ReturnType<typeof statementsOf>> }} database
 * @param {any} call
 */
async function run({ client, statements }, call) {
  const on = call.tx === undefined ? client : transactions.get(call.tx)?.tx
  if (!on) throw new Error(`no open transaction ${call.tx}`)
  switch (call.op) {
    case 'query':
      return statements.query(on, call.sql, call.params ?? [], call)
    case 'exec':
      statements.forget()
      return on.exec(call.sql)
    case 'begin':
      return begin(client, call.id)
    case 'end': {
      const transaction = /** @type {Transaction} */ (transactions.get(call.tx))
      transaction.end(call.commit)
      return transaction.finished
    }
    case 'listen': {
      const id = call.id
      const unlisten = await client.listen(call.channel, payload => port.postMessage({ notification: id, payload }))
      const name = postgresName(call.channel)
      channels.set(name, (channels.get(name) ?? new Set()).add(id))
      listeners.set(id, async () => {
        channels.get(name)?.delete(id)
        if (channels.get(name)?.size === 0) channels.delete(name)
        await unlisten()
      })
      return undefined
    }
    case 'unlisten': {
      await listeners.get(call.listener)?.()
      listeners.delete(call.listener)
      return undefined
    }
    case 'close':
      await client.close()
      return undefined
    default:
      throw new Error(`unknown call ${call.op}`)
  }
}

/**
 * Opens a transaction and answers once it is open; PGlite holds every other query back until it ends (`end`).
 * @param {PGlite} client
 * @param {number} id
 */
function begin(client, id) {
  return new Promise((opened, failed) => {
    /** @type {Partial<Transaction>} */
    const entry = {}
    entry.finished = client
      .transaction(
        tx =>
          new Promise((commit, rollback) => {
            entry.tx = tx
            entry.end = yes => (yes ? commit(undefined) : rollback(new Rollback()))
            opened(undefined)
          }),
      )
      .then(
        () => undefined,
        error => {
          if (!(error instanceof Rollback)) throw error
        },
      )
      .finally(() => transactions.delete(id))
    // Before it opened, a failure is begin's answer; after, `end`'s (and this is then a no-op).
    entry.finished.catch(failed)
    transactions.set(id, /** @type {Transaction} */ (entry))
  })
}

/**
 * An error as data that crosses a thread: its message, name and stack, and the fields a Postgres error carries
 * (code, detail, constraint, table…), which structured cloning would drop.
 * @param {unknown} error
 */
function plain(error) {
  if (!(error instanceof Error)) return { message: String(error) }
  /** @type {Record<string, unknown>} */
  const fields = { message: error.message, name: error.name, stack: error.stack }
  for (const [key, value] of Object.entries(error)) {
    if (value === undefined || typeof value === 'function' || (typeof value === 'object' && value !== null)) continue
    fields[key] = value
  }
  return fields
}
