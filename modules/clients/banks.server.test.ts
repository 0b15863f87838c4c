import { execFile } from 'node:child_process'
import { mkdtempSync, readFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { promisify } from 'node:util'
import { expect, it } from 'vitest'
import { REPO_ROOT } from '../../server/config'
import { openPglite } from '../../server/db/client'
import { seedDemo } from '../../server/seed'
import { describeEachDb } from '../../server/testing/harness'
import { completeSettlementAccount } from './rules/checksums'
import { createClientsServer } from './server'
import { replaceDirectory, upsertBanks } from './server/banks/directory'
import { decodeXml, parseEd807 } from './server/banks/ed807'
import { cast, testDataDir } from './server/test-helpers'
import { bankDirectory } from './tables'

const clients = createClientsServer({ env: {} })
const SAMPLE = join(REPO_ROOT, 'tests/fixtures/ed807-sample.xml')
const en = { 'accept-language': 'en' }

const SBER = { bik: '044525225', name: 'ПАО Сбербанк', correspondent_account: '30101810400000000225', city: 'Москва' }

it('reads the central bank’s ED807 file: windows-1251, entities, the account in force, entries without a BIC skipped', () => {
  const banks = parseEd807(decodeXml(readFileSync(SAMPLE)))
  expect(banks).toEqual([
    SBER,
    // The closed CRSA account (ACDL) and the treasury one (UTRA) are not the correspondent account.
    { bik: '040349602', name: 'КРАСНОДАРСКОЕ ОТДЕЛЕНИЕ N8619 ПАО СБЕРБАНК', correspondent_account: '30101810100000000602', city: 'Краснодар' },
    { bik: '044525974', name: 'АО "ТБанк"', correspondent_account: '30101810145250000974', city: 'Москва' },
    // A central bank unit has no correspondent account.
    { bik: '044525000', name: 'ГУ Банка России по ЦФО', correspondent_account: null, city: 'Москва' },
  ])
  // UTF-8, a namespace prefix and a self-closing entry read the same.
  const utf8 = new TextEncoder().encode('<?xml version="1.0" encoding="UTF-8"?><ed:ED807 xmlns:ed="urn:cbr-ru:ed:v2.0"><ed:BICDirectoryEntry BIC="044525593"><ed:ParticipantInfo NameP="АО &#171;Альфа-Банк&#187;"/><ed:Accounts Account="30101810200000000593" RegulationAccountType="CRSA"/></ed:BICDirectoryEntry><ed:BICDirectoryEntry BIC="044525187"/></ed:ED807>')
  expect(parseEd807(decodeXml(utf8))).toEqual([{ bik: '044525593', name: 'АО «Альфа-Банк»', correspondent_account: '30101810200000000593', city: null }])
  expect(parseEd807('<html>not a directory</html>')).toEqual([])
})

describeEachDb(
  'clients: the bank directory',
  ctx => {
    const lookup = (bik: string, token: string | null) => ctx.call('GET', `/api/v1/banks/${bik}`, token, undefined, en)

    it('imports the file replacing the directory, and answers a BIK lookup to those who fill bank details', async () => {
      const c = await cast(ctx)
      await upsertBanks(ctx.db, ctx.clock, [{ bik: '999999999', name: 'Ушедший банк', correspondent_account: null, city: null }])
      const count = await replaceDirectory(ctx.db, ctx.clock, parseEd807(decodeXml(readFileSync(SAMPLE))))
      expect(count).toBe(4)
      expect((await lookup('044525225', c.clientA.token)).json()).toEqual({ result: true, data: SBER })
      for (const who of [c.agentA, c.manager, c.admin]) expect((await lookup('044525974', who.token)).json().data.correspondent_account).toBe('30101810145250000974')
      // Gone with the old directory; unknown is not an error.
      expect((await lookup('999999999', c.clientA.token)).json()).toEqual({ result: true, data: null })
      // Not a BIK: the field's own message.
      const bad = await lookup('04452522', c.clientA.token)
      expect(bad.statusCode).toBe(422)
      expect(bad.json().validation).toEqual({ bik: 'The BIK has 9 digits' })
      expect((await lookup('0445252250', c.clientA.token)).statusCode).toBe(422)
      for (const other of [c.bank, c.verifier, c.callCenter]) expect((await lookup('044525225', other.token)).statusCode).toBe(403)
      expect((await lookup('044525225', null)).statusCode).toBe(401)
    })

    it('accepts a bank account whose BIK the directory does not know', async () => {
      const c = await cast(ctx)
      const bik = '049999999'
      const res = await ctx.call('POST', `/api/v1/companies/${c.companyOfClientA}/bank-accounts`, c.clientA.token, { bank_name: 'Новый банк', bik, settlement_account: completeSettlementAccount('40702810000000001234', bik) })
      expect(res.statusCode, res.body).toBe(200)
      expect((await lookup(bik, c.clientA.token)).json().data).toBeNull()
    })

    it('has the demo banks after the demo seed', async () => {
      await seedDemo(ctx.db, { passwords: ctx.passwords, clock: ctx.clock }, [clients])
      const rows = await ctx.db.select().from(bankDirectory)
      expect(rows.map(r => r.bik).sort()).toEqual(['044525187', '044525225', '044525555', '044525593', '044525974'])
    })
  },
  { env: { DATA_DIR: testDataDir() }, app: { modules: [clients] } },
)

it('npm run import:bik -- <file> loads the file into the configured database', async () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'import-bik-'))
  const { stdout } = await promisify(execFile)(process.execPath, ['--import', 'tsx', 'scripts/import-bik.ts', SAMPLE], {
    cwd: REPO_ROOT,
    env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: '', LOG_LEVEL: 'silent' },
  })
  expect(stdout).toContain('bank directory: 4 banks')
  const handle = await openPglite(join(dataDir, 'db'))
  try {
    expect((await handle.db.select().from(bankDirectory)).map(r => r.bik).sort()).toEqual(['040349602', '044525000', '044525225', '044525974'])
  } finally {
    await handle.close()
  }
}, 120_000)
