import { createHash } from 'node:crypto'
import { createReadStream, readFileSync } from 'node:fs'
import { stat } from 'node:fs/promises'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import type { FileStorage } from '../../../server/files/storage'

/** The storage kit moved to the core (server/files) so every module takes it from deps; re-exported here for old imports. */
export { createDiskStorage, type FileStorage, type ListedFile, type StoredFile } from '../../../server/files/storage'

/** The read-only sample files the demo seed's documents point to (`sample:<name>`). */
export const SAMPLES_DIR = fileURLToPath(new URL('./samples', import.meta.url))
const SAMPLE_PREFIX = 'sample:'

/** Wraps a storage so `sample:` keys read the bundled samples; they are never written or removed. */
export function withSamples(storage: FileStorage, dir = SAMPLES_DIR): FileStorage {
  return {
    put: stream => storage.put(stream),
    async open(key) {
      if (!key.startsWith(SAMPLE_PREFIX)) return storage.open(key)
      const name = key.slice(SAMPLE_PREFIX.length)
      if (!/^[\w.-]+$/.test(name)) throw new Error('bad sample name')
      const path = join(dir, name)
      await stat(path)
      return createReadStream(path)
    },
    async remove(key) {
      if (!key.startsWith(SAMPLE_PREFIX)) await storage.remove(key)
    },
    list: () => storage.list(),
  }
}

export const sampleKey = (name: string) => `${SAMPLE_PREFIX}${name}`

/**
 * A sample's size and hash from its bytes: the download's Content-Length is the row's size, so a size written by
 * hand that is not the file's cuts every demo download short.
 */
export function sampleFacts(name: string, dir = SAMPLES_DIR): { size: number; sha256: string } {
  const bytes = readFileSync(join(dir, name))
  return { size: bytes.length, sha256: createHash('sha256').update(bytes).digest('hex') }
}
