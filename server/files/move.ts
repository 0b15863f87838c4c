import { createHash } from 'node:crypto'
import { createReadStream, createWriteStream } from 'node:fs'
import { mkdir, rename, rm, stat } from 'node:fs/promises'
import { dirname, resolve, sep } from 'node:path'
import { pipeline } from 'node:stream/promises'
import type { Clock } from '../clock'
import type { Db } from '../db/client'
import { createDbStorage } from './postgres'
import { createDiskStorage, FILE_KEY } from './storage'

export type Direction = 'to-postgres' | 'to-disk'

export interface MoveProgress {
  done: number
  total: number
  moved: number
  skipped: number
  bytes: number
}

export interface MoveResult extends MoveProgress {
  failed: { key: string; error: string }[]
}

/**
 * Moves every stored file between this node's disk (`root`, DATA_DIR/files) and the database, keeping its key, so
 * no row that names a file changes. Resumable: a file already complete at the destination is not copied again (an
 * interrupted run is simply run again); the source copy is removed only after the destination's bytes hash the
 * same (unless `keep`). One file at a time, streamed: memory stays flat whatever the sizes.
 */
export async function moveFiles(options: {
  db: Db
  clock: Clock
  root: string
  direction: Direction
  keep?: boolean
  onProgress?: (progress: MoveProgress) => void
}): Promise<MoveResult> {
  const disk = createDiskStorage(options.root)
  const database = createDbStorage(options.db, options.clock)
  const source = options.direction === 'to-postgres' ? disk : database
  const keys: string[] = []
  for await (const file of source.list()) if (FILE_KEY.test(file.key)) keys.push(file.key)
  const result: MoveResult = { done: 0, total: keys.length, moved: 0, skipped: 0, bytes: 0, failed: [] }
  const root = resolve(options.root)
  const diskPath = (key: string) => {
    const path = resolve(root, key)
    if (!path.startsWith(root + sep)) throw new Error('key outside the root')
    return path
  }
  const sha256 = async (stream: NodeJS.ReadableStream) => {
    const hash = createHash('sha256')
    let size = 0
    for await (const part of stream) {
      const buffer = part as Buffer
      size += buffer.length
      hash.update(buffer)
    }
    return { size, sha256: hash.digest('hex') }
  }

  for (const key of keys) {
    try {
      if (options.direction === 'to-postgres') {
        if (await database.has(key)) result.skipped += 1
        else {
          const stored = await database.putAs(key, createReadStream(diskPath(key)))
          result.bytes += stored.size
          result.moved += 1
        }
        if (!options.keep) {
          const [here, there] = await Promise.all([sha256(createReadStream(diskPath(key))), sha256(await database.open(key))])
          if (here.sha256 !== there.sha256 || here.size !== there.size) throw new Error('the copy in the database differs; the disk copy is kept')
          await rm(diskPath(key), { force: true })
        }
      } else {
        const path = diskPath(key)
        const present = await stat(path).then(
          info => info.isFile(),
          () => false,
        )
        if (present) result.skipped += 1
        else {
          // Written beside and renamed: an interrupted copy is never taken for a whole file.
          await mkdir(dirname(path), { recursive: true })
          const partial = `${path}.part`
          await pipeline(await database.open(key), createWriteStream(partial))
          await rename(partial, path)
          result.bytes += (await stat(path)).size
          result.moved += 1
        }
        if (!options.keep) {
          const [here, there] = await Promise.all([sha256(createReadStream(path)), sha256(await database.open(key))])
          if (here.sha256 !== there.sha256 || here.size !== there.size) throw new Error('the copy on disk differs; the database copy is kept')
          await database.remove(key)
        }
      }
    } catch (error) {
      result.failed.push({ key, error: error instanceof Error ? error.message : String(error) })
    }
    result.done += 1
    options.onProgress?.(result)
  }
  return result
}
