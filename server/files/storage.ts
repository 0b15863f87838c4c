import { createHash, randomUUID } from 'node:crypto'
import { createReadStream, createWriteStream } from 'node:fs'
import { mkdir, readdir, rm, stat } from 'node:fs/promises'
import { dirname, join, resolve, sep } from 'node:path'
import { Transform, type Readable } from 'node:stream'
import { pipeline } from 'node:stream/promises'

/** What storing a stream produced. `head` is its first bytes, for the type check. */
export interface StoredFile {
  key: string
  size: number
  sha256: string
  head: Buffer
}

/**
 * Where uploaded files live (issue 15): on disk under DATA_DIR/files (the default, one node), or in the database
 * (FILE_STORAGE=postgres, server/files/postgres.ts) so every node behind a proxy reads what any node stored.
 * `deps.files` is the configured one; a module may still be given another (createClientsServer({ storage })).
 */
export interface FileStorage {
  put(stream: Readable): Promise<StoredFile>
  open(key: string): Promise<Readable>
  remove(key: string): Promise<void>
  /** Every stored file with when it was last written (the orphan sweep's input). */
  list(): AsyncIterable<ListedFile>
}

export interface ListedFile {
  key: string
  modifiedAt: Date
}

const HEAD_BYTES = 16

/** Counts, hashes and keeps the first bytes of what flows through. */
export function meter() {
  const hash = createHash('sha256')
  let size = 0
  let head = Buffer.alloc(0)
  const transform = new Transform({
    transform(chunk: Buffer, _encoding, callback) {
      size += chunk.length
      hash.update(chunk)
      if (head.length < HEAD_BYTES) head = Buffer.concat([head, chunk.subarray(0, HEAD_BYTES - head.length)])
      callback(null, chunk)
    },
  })
  return { transform, result: () => ({ size, sha256: hash.digest('hex'), head }) }
}

/** Files on disk under `root`, in `yyyy/mm/<uuid>` (never a user-given name on disk). */
export function createDiskStorage(root: string, now: () => Date = () => new Date()): FileStorage {
  const absolute = resolve(root)
  const pathOf = (key: string) => {
    const path = resolve(absolute, key)
    if (!path.startsWith(absolute + sep)) throw new Error('storage key outside the root')
    return path
  }
  return {
    async put(stream) {
      const key = newFileKey(now())
      const path = pathOf(key)
      await mkdir(dirname(path), { recursive: true })
      const m = meter()
      try {
        await pipeline(stream, m.transform, createWriteStream(path, { flags: 'wx' }))
      } catch (error) {
        await rm(path, { force: true })
        throw error
      }
      return { key, ...m.result() }
    },
    async open(key) {
      const path = pathOf(key)
      await stat(path)
      return createReadStream(path)
    },
    async remove(key) {
      await rm(pathOf(key), { force: true })
    },
    async *list() {
      // Only what put() writes: yyyy/mm/<uuid>; anything else under the root is not ours to judge.
      for (const year of await entries(absolute)) {
        if (!/^\d{4}$/.test(year)) continue
        for (const month of await entries(join(absolute, year))) {
          if (!/^\d{2}$/.test(month)) continue
          for (const name of await entries(join(absolute, year, month))) {
            if (!UUID.test(name)) continue
            const key = `${year}/${month}/${name}`
            const info = await stat(pathOf(key)).catch(() => null)
            if (info?.isFile()) yield { key, modifiedAt: info.mtime }
          }
        }
      }
    },
  }
}

export const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/

/** A directory's names; none when it does not exist (nothing uploaded yet). */
async function entries(dir: string): Promise<string[]> {
  return readdir(dir).catch(() => [])
}

/** A new key `yyyy/mm/<uuid>`: the same shape in every driver, so a file keeps its key when it moves between them. */
export function newFileKey(date: Date): string {
  return `${date.getUTCFullYear()}/${String(date.getUTCMonth() + 1).padStart(2, '0')}/${randomUUID()}`
}

/** A key put() could have made: what the drivers accept (never a path of the caller's choosing). */
export const FILE_KEY = /^\d{4}\/\d{2}\/[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/
