// @ts-check
/**
 * A bound statement's reply read straight from its bytes (pglite-statements.mjs's every run).
 *
 * Why: PGlite's own reading of a reply was a quarter of the embedded database's thread on a list page. Its parser
 * copies each field's bytes into a new ArrayBuffer before decoding them, keeps its position in private fields
 * (a WeakMap read per byte it takes), and makes an object per message that parseResults then walks again. Here one
 * pass over the bytes makes the rows, each field decoded from the reply in place.
 *
 * It reads what a run of bind, describe, execute and sync answers when all goes well: BindComplete, CloseComplete
 * (kept statements closed first), RowDescription or NoData, DataRows, CommandComplete, ReadyForQuery. Anything else
 * (an error, a notice, a NOTIFY delivered with the reply, a parameter's new value) makes it answer `undefined`, and
 * the caller reads that reply with PGlite's parser as before. The result is what PGlite's `parse.parseResults`
 * makes of the same messages, first statement's: `{ rows, fields, command, affectedRows, rowCount }`.
 */
import { types } from '@electric-sql/pglite'

/** @typedef {(value: string, type: number) => unknown} Parser */
/** @typedef {{ name: string, dataTypeID: number }} Field */
/** @typedef {{ rows: unknown[], fields: Field[], command?: string, affectedRows: number, rowCount?: number }} Result */

const ROW_DESCRIPTION = 0x54 // 'T'
const DATA_ROW = 0x44 // 'D'
const COMMAND_COMPLETE = 0x43 // 'C'
/** Messages that carry nothing a result holds: BindComplete '2', CloseComplete '3', NoData 'n', ReadyForQuery 'Z'. */
const SILENT = new Set([0x32, 0x33, 0x6e, 0x5a])
/** Commands whose count is of rows changed (as parseResults counts affectedRows). */
const CHANGING = new Set(['INSERT', 'UPDATE', 'DELETE', 'COPY', 'MERGE'])

/** @type {Parser} */
const asText = value => value

/**
 * @param {Uint8Array} reply the backend's bytes for one bind … sync
 * @param {Record<number, Parser>} parsers by type id (PGlite's, with the caller's)
 * @param {'array' | 'object' | undefined} rowMode as PGlite's `query` takes it (object when not said)
 * @returns {Result | undefined} undefined: the reply holds a message this does not read
 */
export function readReply(reply, parsers, rowMode) {
  const bytes = Buffer.from(reply.buffer, reply.byteOffset, reply.byteLength)
  const asArrays = rowMode === 'array'
  /** @type {Field[]} */
  let fields = []
  /** @type {Parser[]} */
  let parse = []
  /** @type {unknown[]} */
  let rows = []
  /** @type {Result | undefined} */
  let first
  let affectedRows = 0
  for (let at = 0; at < bytes.length; ) {
    const type = bytes[at]
    const end = at + 1 + bytes.readInt32BE(at + 1)
    let p = at + 5
    if (type === DATA_ROW) {
      const count = bytes.readUInt16BE(p)
      p += 2
      /** @type {any} */
      const row = asArrays ? new Array(count) : {}
      for (let i = 0; i < count; i++) {
        const length = bytes.readInt32BE(p)
        p += 4
        let value = null
        if (length !== -1) {
          value = /** @type {Parser} */ (parse[i])(bytes.toString('utf8', p, p + length), /** @type {Field} */ (fields[i]).dataTypeID)
          p += length
        }
        if (asArrays) row[i] = value
        else row[/** @type {Field} */ (fields[i]).name] = value
      }
      rows.push(row)
    } else if (type === ROW_DESCRIPTION) {
      const count = bytes.readUInt16BE(p)
      p += 2
      fields = new Array(count)
      parse = new Array(count)
      for (let i = 0; i < count; i++) {
        const nameEnd = bytes.indexOf(0, p)
        const name = bytes.toString('utf8', p, nameEnd)
        // After the name: table oid (4), column number (2), then the type oid.
        const dataTypeID = bytes.readInt32BE(nameEnd + 7)
        p = nameEnd + 19 // … type size (2), type modifier (4), format (2)
        fields[i] = { name, dataTypeID }
        parse[i] = parsers[dataTypeID] ?? types.parsers[dataTypeID] ?? asText
      }
    } else if (type === COMMAND_COMPLETE) {
      const words = bytes.toString('utf8', p, bytes.indexOf(0, p)).split(' ')
      const command = /** @type {string} */ (words[0])
      const count = parseInt(/** @type {string} */ (words[words.length - 1]), 10)
      if (CHANGING.has(command)) affectedRows += count
      first ??= { rows, fields, command, affectedRows, ...(Number.isNaN(count) ? {} : { rowCount: count }) }
      rows = []
    } else if (!SILENT.has(/** @type {number} */ (type))) return undefined
    at = end
  }
  return first ?? { affectedRows: 0, rows: [], fields: [] }
}
