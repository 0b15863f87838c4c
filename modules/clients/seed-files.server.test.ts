import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { asc, eq } from 'drizzle-orm'
import { expect, it } from 'vitest'
import { companies } from '../../server/db/schema'
import { DEMO_PASSWORD, demoPhone, seedDemo } from '../../server/seed'
import { describeEachDb } from '../../server/testing/harness'
import { testModules } from '../../server/testing/modules'
import { companyFiles } from './tables'
import { SAMPLES_DIR } from './server/storage'

describeEachDb('clients: the demo documents download whole', ctx => {
  it('every seeded file answers its stored size as Content-Length, the body has that length and is the sample', async () => {
    await seedDemo(ctx.db, { passwords: ctx.passwords, clock: ctx.clock }, testModules())
    const token = await ctx.signIn(demoPhone('0010'), DEMO_PASSWORD)
    const [own] = await ctx.db.select({ id: companies.id }).from(companies).orderBy(asc(companies.id)).limit(1)
    const files = await ctx.db.select().from(companyFiles).where(eq(companyFiles.company_id, own!.id)).orderBy(asc(companyFiles.id))
    expect(files.length).toBe(5)
    for (const file of files) {
      const sample = readFileSync(join(SAMPLES_DIR, file.storage_key.replace(/^sample:/, '')))
      const res = await ctx.call('GET', `/api/v1/companies/${own!.id}/files/${file.id}`, token)
      expect(res.statusCode, file.name).toBe(200)
      expect(Number(res.headers['content-length']), file.name).toBe(file.size)
      expect(res.rawPayload.length, file.name).toBe(file.size)
      expect(res.rawPayload.equals(sample), file.name).toBe(true)
    }
  })
})
