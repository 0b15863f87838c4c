import { createHash } from 'node:crypto'
import { Readable } from 'node:stream'
import { and, asc, eq, gte, isNotNull, sql } from 'drizzle-orm'
import type { Clock } from '../clock'
import type { Db } from '../db/client'
import { storedFileChunks, storedFiles } from '../db/schema'
import { FILE_KEY, newFileKey, type FileStorage, type StoredFile } from './storage'

/** Bytes per chunk row: small enough that a node holds one or two at a time, big enough that a 5 MB file is 20 rows. */
export const CHUNK_BYTES = 256 * 1024
const HEAD_BYTES = 16

/** node-postgres reads bytea as a Buffer, PGlite as a Uint8Array. */
const asBuffer = (data: Uint8Array): Buffer => (Buffer.isBuffer(data) ? data : Buffer.from(data.buffer, data.byteOffset, data.byteLength))

/**
 * Files in the database (FILE_STORAGE=postgres): a `stored_files` row and its `stored_file_chunks` of CHUNK_BYTES,
 * written one chunk per INSERT as the upload streams in and read one chunk per SELECT as the download streams out
 * (backpressure: the next chunk is read when the client has taken the last), so no node ever holds a whole file,
 * and every node sharing the Postgres server reads what any of them stored. Keys have the disk's shape
 * (`yyyy/mm/<uuid>`), so `npm run files:move` carries files between the two drivers without touching any row.
 */
export function createDbStorage(db: Db, clock: Clock): FileStorage & { putAs(key: string, stream: Readable): Promise<StoredFile>; has(key: string): Promise<boolean> } {
  async function write(key: string, stream: Readable): Promise<StoredFile> {
    await db.insert(storedFiles).values({ key, size: 0, sha256: '', completed_at: null, created_at: new Date(clock.now()) })
    const hash = createHash('sha256')
    let size = 0
    let seq = 0
    let head = Buffer.alloc(0)
    let pending: Buffer[] = []
    let pendingBytes = 0
    const flush = async (all: boolean) => {
      while (pendingBytes >= CHUNK_BYTES || (all && pendingBytes > 0)) {
        const joined = pending.length === 1 ? pending[0]! : Buffer.concat(pending)
        const chunk = joined.subarray(0, CHUNK_BYTES)
        const rest = joined.subarray(chunk.length)
        await db.insert(storedFileChunks).values({ key, seq: seq++, data: chunk })
        pending = rest.length ? [rest] : []
        pendingBytes = rest.length
      }
    }
    try {
      for await (const part of stream) {
        const buffer = typeof part === 'string' ? Buffer.from(part) : (part as Buffer)
        size += buffer.length
        hash.update(buffer)
        if (head.length < HEAD_BYTES) head = Buffer.concat([head, buffer.subarray(0, HEAD_BYTES - head.length)])
        pending.push(buffer)
        pendingBytes += buffer.length
        await flush(false)
      }
      await flush(true)
      const sha256 = hash.digest('hex')
      await db.update(storedFiles).set({ size, sha256, completed_at: new Date(clock.now()) }).where(eq(storedFiles.key, key))
      return { key, size, sha256, head }
    } catch (error) {
      // A broken or refused upload leaves nothing behind (the chunks go with the row).
      await db.delete(storedFiles).where(eq(storedFiles.key, key)).catch(() => {})
      throw error
    }
  }

  const checked = (key: string) => {
    if (!FILE_KEY.test(key)) throw new Error('not a storage key')
    return key
  }

  return {
    put: stream => write(newFileKey(new Date(clock.now())), stream),
    /** Stores under a given key (moving files from disk keeps their keys); replaces an unfinished copy. */
    async putAs(key, stream) {
      await db.delete(storedFiles).where(eq(storedFiles.key, checked(key)))
      return write(key, stream)
    },
    async has(key) {
      const [row] = await db.select({ key: storedFiles.key }).from(storedFiles).where(and(eq(storedFiles.key, key), isNotNull(storedFiles.completed_at)))
      return Boolean(row)
    },
    async open(key) {
      const [row] = await db
        .select({ size: storedFiles.size })
        .from(storedFiles)
        .where(and(eq(storedFiles.key, checked(key)), isNotNull(storedFiles.completed_at)))
      // Like the disk's stat(): a missing file rejects, so the routes answer 404 (or 410) as before.
      if (!row) throw Object.assign(new Error(`no stored file ${key}`), { code: 'ENOENT' })
      let seq = 0
      let reading = false
      return new Readable({
        highWaterMark: CHUNK_BYTES,
        read() {
          if (reading) return
          reading = true
          db.select({ data: storedFileChunks.data })
            .from(storedFileChunks)
            .where(and(eq(storedFileChunks.key, key), gte(storedFileChunks.seq, seq)))
            .orderBy(asc(storedFileChunks.seq))
            .limit(1)
            .then(
              ([chunk]) => {
                reading = false
                seq += 1
                this.push(chunk ? asBuffer(chunk.data) : null)
              },
              (error: Error) => this.destroy(error),
            )
        },
      })
    },
    async remove(key) {
      await db.delete(storedFiles).where(eq(storedFiles.key, key))
    },
    async *list() {
      // Unfinished uploads are listed too (by when they began), so the orphan sweep removes what a dead node left.
      let after = ''
      for (;;) {
        const rows = await db
          .select({ key: storedFiles.key, created_at: storedFiles.created_at })
          .from(storedFiles)
          .where(sql`${storedFiles.key} > ${after}`)
          .orderBy(asc(storedFiles.key))
          .limit(500)
        for (const row of rows) yield { key: row.key, modifiedAt: row.created_at }
        if (rows.length < 500) return
        after = rows[rows.length - 1]!.key
      }
    },
  }
}
