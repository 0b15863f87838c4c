import { serverModules } from '../app/server-modules'
import { systemClock } from '../server/clock'
import { loadConfig } from '../server/config'
import { openDb } from '../server/db/client'
import { migrateDb } from '../server/db/migrate'
import { diskRoot } from '../server/files'
import { moveFiles, type Direction, type MoveProgress } from '../server/files/move'

/**
 * `npm run files:move -- --to=postgres|disk [--keep]`: moves the uploaded files between this node's disk
 * (DATA_DIR/files) and the Postgres server (DATABASE_URL), keeping every key, with a progress bar and a count at
 * the end. Resumable: run it again after an interruption and it carries on (files already moved are skipped).
 * Switch FILE_STORAGE on every node after it has run (files uploaded meanwhile: run it once more).
 */
async function main(): Promise<void> {
  const to = process.argv.find(a => a.startsWith('--to='))?.slice(5)
  if (to !== 'postgres' && to !== 'disk') throw new Error('usage: npm run files:move -- --to=postgres|disk [--keep]')
  const config = loadConfig()
  if (!config.databaseUrl) throw new Error('files:move needs DATABASE_URL (the Postgres server the files go to or come from)')
  const direction: Direction = to === 'postgres' ? 'to-postgres' : 'to-disk'
  const handle = await openDb(config)
  try {
    await migrateDb(handle, serverModules)
    const started = Date.now()
    const result = await moveFiles({ db: handle.db, clock: systemClock, root: diskRoot(config), direction, keep: process.argv.includes('--keep'), onProgress: progressBar() })
    process.stderr.write('\n')
    const seconds = ((Date.now() - started) / 1000).toFixed(1)
    console.log(`${result.moved} files moved (${(result.bytes / 1048576).toFixed(1)} MB), ${result.skipped} already there, ${result.failed.length} failed, of ${result.total}, in ${seconds} s`)
    for (const failure of result.failed) console.log(`  failed: ${failure.key}: ${failure.error}`)
    if (result.failed.length > 0) process.exitCode = 1
  } finally {
    await handle.close()
  }
}

/** `[#######.......]  412 / 1000  41%` redrawn in place on a terminal, a line per 5 % otherwise. */
function progressBar() {
  let lastPercent = -1
  return (p: MoveProgress) => {
    const percent = p.total ? Math.floor((p.done / p.total) * 100) : 100
    const width = 30
    const filled = Math.round((percent / 100) * width)
    const line = `[${'#'.repeat(filled)}${'.'.repeat(width - filled)}] ${p.done} / ${p.total}  ${percent}%`
    if (process.stderr.isTTY) process.stderr.write(`\r${line}`)
    else if (percent >= lastPercent + 5 || p.done === p.total) {
      process.stderr.write(`${line}\n`)
      lastPercent = percent
    }
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error)
  process.exit(1)
})
