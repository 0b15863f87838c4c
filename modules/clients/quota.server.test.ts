import { readdirSync, statSync } from 'node:fs'
import { join } from 'node:path'
import { eq } from 'drizzle-orm'
import { expect, it } from 'vitest'
import { describeEachDb } from '../../server/testing/harness'
import { createClientsServer } from './server'
import { companyFiles } from './tables'
import { cast, PDF, testDataDir, upload } from './server/test-helpers'

const MB = 1024 * 1024
const dataDir = testDataDir()
const clients = createClientsServer({ env: {}, maxFileBytes: 1 * MB, storageQuotaBytes: 2 * MB })

function storedCount(): number {
  const walk = (dir: string): number => {
    try {
      return readdirSync(dir).reduce((n, name) => n + (statSync(join(dir, name)).isDirectory() ? walk(join(dir, name)) : 1), 0)
    } catch {
      return 0
    }
  }
  return walk(join(dataDir, 'files'))
}

/** A PDF of `bytes` bytes. */
const pdfOf = (bytes: number) => Buffer.concat([PDF, Buffer.alloc(bytes - PDF.length)])

describeEachDb(
  'clients: the per-company storage quota',
  ctx => {
    it('refuses an upload that would take the company over its quota with 413 and the message, and stores nothing', async () => {
      const c = await cast(ctx)
      const id = c.companyOfClientA
      const part = Math.round(0.9 * MB)
      expect((await upload(ctx, c.clientA.token, id, { name: 'a.pdf', content: pdfOf(part) })).statusCode).toBe(200)
      expect((await upload(ctx, c.clientA.token, id, { name: 'b.pdf', content: pdfOf(part) })).statusCode).toBe(200)
      const before = storedCount()

      const over = await upload(ctx, c.clientA.token, id, { name: 'c.pdf', content: pdfOf(part) })
      expect(over.statusCode).toBe(413)
      expect(over.json()).toEqual({
        result: false,
        message: 'Место для файлов компании исчерпано: можно хранить до 2 МБ, занято 1.8 МБ. Удалите ненужные файлы или загрузите файл поменьше',
      })
      expect(storedCount()).toBe(before)
      expect(await ctx.db.select().from(companyFiles).where(eq(companyFiles.company_id, id))).toHaveLength(2)

      // What still fits is taken; then the company is full and even a tiny file is refused before it is written.
      expect((await upload(ctx, c.clientA.token, id, { name: 'd.pdf', content: pdfOf(Math.round(0.2 * MB)) })).statusCode).toBe(200)
      const full = await upload(ctx, c.clientA.token, id, { name: 'e.pdf', content: PDF })
      expect(full.statusCode).toBe(413)
      expect(storedCount()).toBe(before + 1)

      // The quota is per company: another company is not affected.
      expect((await upload(ctx, c.clientB.token, c.companyOfClientB, { name: 'a.pdf', content: pdfOf(part) })).statusCode).toBe(200)
    })

    it('says so in English too', async () => {
      const c = await cast(ctx)
      await upload(ctx, c.clientA.token, c.companyOfClientA, { name: 'a.pdf', content: pdfOf(MB) })
      await upload(ctx, c.clientA.token, c.companyOfClientA, { name: 'b.pdf', content: pdfOf(MB) })
      const { payload, headers } = (await import('./server/test-helpers')).multipart({ name: 'c.pdf', content: PDF })
      const res = await ctx.app.inject({
        method: 'POST',
        url: `/api/v1/companies/${c.companyOfClientA}/files`,
        payload,
        headers: { ...headers, authorization: `Bearer ${c.clientA.token}`, 'accept-language': 'en' },
      })
      expect(res.statusCode).toBe(413)
      expect(res.json().message).toBe("The company's file storage is full: up to 2 MB can be kept, 2 MB are used. Delete files you no longer need or upload a smaller one")
    })
  },
  { env: { DATA_DIR: dataDir }, app: { modules: [clients] } },
)
