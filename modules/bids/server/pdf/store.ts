import { createHash, randomUUID } from 'node:crypto'
import { createReadStream } from 'node:fs'
import { mkdir, rm, stat, writeFile } from 'node:fs/promises'
import { dirname, resolve, sep } from 'node:path'
import type { Readable } from 'node:stream'

/**
 * Where the bids module keeps the files it makes (the generated PDFs): DATA_DIR/bid-files/yyyy/mm/<uuid>, a folder
 * of its own, so the clients module's sweep of DATA_DIR/files (which removes files no company_files row names) never
 * takes them. The key is what bid_documents.storage_key holds, prefixed `bids:`.
 */
export interface BidFileStore {
  put(bytes: Buffer): Promise<{ key: string; size: number; sha256: string }>
  open(key: string): Promise<Readable>
  remove(key: string): Promise<void>
}

export const BID_FILE_PREFIX = 'bids:'

export function createBidFileStore(root: string, now: () => Date = () => new Date()): BidFileStore {
  const absolute = resolve(root)
  const pathOf = (key: string) => {
    if (!key.startsWith(BID_FILE_PREFIX)) throw new Error('not a bids file key')
    const path = resolve(absolute, key.slice(BID_FILE_PREFIX.length))
    if (!path.startsWith(absolute + sep)) throw new Error('storage key outside the root')
    return path
  }
  return {
    async put(bytes) {
      const date = now()
      const key = `${BID_FILE_PREFIX}${date.getUTCFullYear()}/${String(date.getUTCMonth() + 1).padStart(2, '0')}/${randomUUID()}`
      const path = pathOf(key)
      await mkdir(dirname(path), { recursive: true })
      await writeFile(path, bytes, { flag: 'wx' })
      return { key, size: bytes.length, sha256: createHash('sha256').update(bytes).digest('hex') }
    },
    async open(key) {
      const path = pathOf(key)
      await stat(path)
      return createReadStream(path)
    },
    async remove(key) {
      await rm(pathOf(key), { force: true })
    },
  }
}
