import { join } from 'node:path'
import type { Clock } from '../clock'
import type { Config } from '../config'
import type { Db } from '../db/client'
import { createDbStorage } from './postgres'
import { createDiskStorage, type FileStorage } from './storage'

export type { FileStorage, ListedFile, StoredFile } from './storage'

/** The configured storage (FILE_STORAGE): `disk` under DATA_DIR/files, or `postgres` (needs DATABASE_URL). */
export function fileStorageOf(config: Pick<Config, 'fileStorage' | 'dataDir'>, db: Db, clock: Clock): FileStorage {
  return config.fileStorage === 'postgres' ? createDbStorage(db, clock) : createDiskStorage(diskRoot(config))
}

export const diskRoot = (config: Pick<Config, 'dataDir'>) => join(config.dataDir, 'files')
