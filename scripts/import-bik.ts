import { readFile } from 'node:fs/promises'
import { serverModules } from '../app/server-modules'
import { systemClock } from '../server/clock'
import { loadConfig } from '../server/config'
import { openDb } from '../server/db/client'
import { migrateDb } from '../server/db/migrate'
import { replaceDirectory } from '../modules/clients/server/banks/directory'
import { decodeXml, parseEd807 } from '../modules/clients/server/banks/ed807'

/**
 * `npm run import:bik -- <file>`: loads the central bank's BIK directory (an ED807 XML file, as published) into
 * the bank directory of the configured database (DATABASE_URL, else the embedded one in DATA_DIR), replacing
 * what was there. Run it with the server's environment; the server need not be stopped.
 */
async function main(): Promise<void> {
  const file = process.argv[2]
  if (!file) throw new Error('usage: npm run import:bik -- <ED807 file.xml>')
  const banks = parseEd807(decodeXml(await readFile(file)))
  if (banks.length === 0) throw new Error(`${file}: no BICDirectoryEntry with a BIC and a name — is it an ED807 file?`)
  const config = loadConfig()
  const handle = await openDb(config)
  try {
    await migrateDb(handle, serverModules)
    const count = await replaceDirectory(handle.db, systemClock, banks)
    console.log(`bank directory: ${count} banks from ${file}`)
  } finally {
    await handle.close()
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error)
  process.exit(1)
})
