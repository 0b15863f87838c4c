// @ts-check
/**
 * The embedded database's queries as named statements: parsed once, then each run is one call into PGlite.
 *
 * Why: PGlite's `query` sends a statement's six protocol messages (parse, describe, bind, describe, execute, sync)
 * as six calls into its WASM, each with its own reply to read, Postgres parses and analyses the text every time, and
 * every query with parsers of its own (drizzle passes some on each) copies PGlite's 318 parsers into a new object
 * (~80 µs). A session lookup by token cost ~200 µs that way, ~100 µs as a named statement bound in one call
 * (measured on 50 000 rows); every request makes several queries, all in the database's one thread.
 *
 * What stays as PGlite's `query` does it: the values serialised by their parameters' types (asked once, when the
 * statement is parsed), the rows parsed by PGlite's parsers and the caller's, a Postgres error thrown with its
 * fields, PGlite's locks taken in the same order (a transaction holds every other query back), the files synced
 * after a query outside a transaction. The plans do not change: each run is planned for its own values
 * (`plan_cache_mode = force_custom_plan`) as an unnamed statement is — a search's plan depends on what is typed.
 * A statement without values is planned once and its plan kept (Postgres never makes a custom plan without
 * parameters): its values are in its text, so it is the plan they would get (a first page, server/search/keyset.ts
 * `limitRows`).
 * A run's reply is read from its bytes (pglite-reply.mjs) unless it holds more than rows: then PGlite's parser reads
 * it, its error is thrown and its NOTIFYs are told to `onNotification` (PGlite's `listen` hears only its own runs).
 */
import { messages, parse, protocol } from '@electric-sql/pglite'
import { readReply } from './pglite-reply.mjs'

const { serialize } = protocol

/** Named statements kept at most; the least recently run is closed past it (texts vary with a list's length). */
export const STATEMENTS_KEPT = 500

/** Statements kept by name: their rows' shape is the schema's. */
const KEPT = /^\s*(select|insert|update|delete|with|explain|values|table|show)\b/i
/** Run unnamed and leave the kept ones be: they change no schema. Anything else (DDL, SET, DISCARD…) closes them. */
const HARMLESS = /^\s*(begin|start|commit|end|rollback|abort|savepoint|release|listen|unlisten|notify|vacuum|analyze|checkpoint)\b/i

/**
 * @typedef {import('@electric-sql/pglite').PGlite} PGlite
 * @typedef {import('@electric-sql/pglite').Transaction} Transaction
 * @typedef {Parameters<typeof parse.parseResults>[1]} Parsers
 * @typedef {{ name: string, types: number[] }} Statement
 * @typedef {{ rowMode?: 'array' | 'object', textTypes?: number[], paramTypes?: number[] }} Options as they crossed
 *   the thread: a parser is a function and cannot; the only ones the server passes, drizzle's, keep the text.
 */

/**
 * One database's queries: `query` on it or on its open transaction (as PGlite's `tx.query`), `forget` after anything
 * that may change the schema.
 * @param {PGlite} client
 * @param {{ onNotification?: (channel: string, payload: string) => void }} [hooks] a NOTIFY that came with a run's reply
 */
export async function statementsOf(client, { onNotification = () => {} } = {}) {
  await client.exec('set plan_cache_mode = force_custom_plan')
  /** By parameter types and text, least recently run first. @type {Map<string, Statement>} */
  const kept = new Map()
  /** Names to close with the next run: evicted, or kept when the schema changed. @type {string[]} */
  const closing = []
  let named = 0
  /** PGlite's parsers with the types that stay text, by those types (drizzle passes a few lists). @type {Map<string, Parsers>} */
  const parsersByTextTypes = new Map()

  /** @param {number[] | undefined} textTypes */
  function parsersFor(textTypes = []) {
    const key = textTypes.join(',')
    let parsers = parsersByTextTypes.get(key)
    if (!parsers) {
      parsers = { ...client.parsers }
      for (const type of textTypes) parsers[type] = value => value
      parsersByTextTypes.set(key, parsers)
    }
    return parsers
  }

  /**
   * @param {string} sql
   * @param {unknown[]} params
   * @param {Options} options
   */
  async function run(sql, params, { rowMode, textTypes, paramTypes }) {
    const key = `${paramTypes?.join(',') ?? ''}\u0000${sql}`
    try {
      let statement = kept.get(key)
      if (statement) kept.delete(key)
      else statement = await prepare(sql, paramTypes)
      kept.set(key, statement)
      for (const [oldest, { name }] of kept) {
        if (kept.size <= STATEMENTS_KEPT) break
        kept.delete(oldest)
        closing.push(name)
      }
      /** @type {Uint8Array[]} */
      const chunks = []
      await client.execProtocolRawStream(
        join([
          ...closing.splice(0).map(name => serialize.close({ type: 'S', name })),
          serialize.bind({ statement: statement.name, values: values(params, statement.types) }),
          serialize.describe({ type: 'P' }),
          serialize.execute({}),
          serialize.sync(),
        ]),
        // The chunks are views of the WASM's memory, reused by the next call.
        { syncToFs: false, onRawData: chunk => chunks.push(chunk.slice()) },
      )
      const reply = chunks.length === 1 ? /** @type {Uint8Array} */ (chunks[0]) : join(chunks)
      const parsers = parsersFor(textTypes)
      return readReply(reply, parsers, rowMode) ?? parsed(reply, parsers, rowMode)
    } catch (error) {
      // As PGlite's own query says which query failed.
      if (error instanceof Error) Object.assign(error, { query: sql, params })
      throw error
    }
  }

  /**
   * A reply holding more than rows, read as PGlite's `execProtocolStream` and `query` read it: NOTIFYs told in order
   * (as PGlite's listeners are, in a microtask) up to an error, which is thrown; notices dropped.
   * @param {Uint8Array} reply
   * @param {Parsers} parsers
   * @param {'array' | 'object' | undefined} rowMode
   */
  function parsed(reply, parsers, rowMode) {
    /** @type {Parameters<typeof parse.parseResults>[0]} */
    const read = []
    new protocol.Parser().parse(reply, message => read.push(message))
    for (const message of read) {
      if (message instanceof messages.DatabaseError) throw message
      if (message instanceof messages.NotificationResponseMessage) {
        const { channel, payload } = message
        queueMicrotask(() => onNotification(channel, payload))
      }
    }
    return parse.parseResults(read, parsers, rowMode ? { rowMode } : undefined)[0]
  }

  /**
   * Parses the text as a new named statement and asks its parameters' types.
   * @param {string} text
   * @param {number[] | undefined} types
   * @returns {Promise<Statement>}
   */
  async function prepare(text, types) {
    const name = `s${++named}`
    const messages = await client.execProtocolStream(
      join([serialize.parse({ name, text, types }), serialize.describe({ type: 'S', name }), serialize.sync()]),
      { syncToFs: false },
    )
    return { name, types: parse.parseDescribeStatementResults(messages) }
  }

  /**
   * The values as text, each by its parameter's type, as PGlite's `query` serialises them.
   * @param {unknown[]} params
   * @param {number[]} types
   */
  function values(params, types) {
    return params.map((value, i) => {
      if (value === null || value === undefined) return null
      const serializer = client.serializers[/** @type {number} */ (types[i])]
      return serializer ? serializer(value) : String(value)
    })
  }

  /** Closes every kept statement with the next run: the schema may have changed their rows' shape (and types). */
  function forget() {
    for (const { name } of kept.values()) closing.push(name)
    kept.clear()
    parsersByTextTypes.clear()
  }

  return {
    forget,
    /**
     * @param {PGlite | Transaction} on the database, or its open transaction
     * @param {string} sql
     * @param {unknown[]} params
     * @param {Options} options
     */
    async query(on, sql, params, options) {
      if (!KEPT.test(sql)) {
        if (!HARMLESS.test(sql)) forget()
        const { rowMode, textTypes, paramTypes } = options
        return on.query(sql, params, { ...(rowMode ? { rowMode } : {}), ...(paramTypes ? { paramTypes } : {}), parsers: parsersFor(textTypes) })
      }
      // PGlite's locks as its `query` takes them: outside a transaction, wait for any open one to end.
      if (on !== client) return client._runExclusiveQuery(() => run(sql, params, options))
      const result = await client._runExclusiveTransaction(() => client._runExclusiveQuery(() => run(sql, params, options)))
      await client.syncToFs()
      return result
    },
  }
}

/** @param {Uint8Array[]} parts */
function join(parts) {
  const whole = new Uint8Array(parts.reduce((length, part) => length + part.length, 0))
  let at = 0
  for (const part of parts) {
    whole.set(part, at)
    at += part.length
  }
  return whole
}
