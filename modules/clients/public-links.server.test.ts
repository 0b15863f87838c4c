import { cpSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { eq, sql } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { openPglite } from '../../server/db/client'
import { migrateDb } from '../../server/db/migrate'
import { users } from '../../server/db/schema'
import { describeEachDb } from '../../server/testing/harness'
import { createClientsServer } from './server'
import { cast, LEGAL, PDF, testDataDir, upload } from './server/test-helpers'
import { publicLinks } from './tables'

const DAY = 24 * 3600_000
const en = { 'accept-language': 'en' }
const clients = createClientsServer({ env: {} })

describeEachDb(
  'clients: public links expire',
  ctx => {
    const get = (url: string, token: string | null, headers?: Record<string, string>) => ctx.call('GET', `/api/v1/${url}`, token, undefined, headers)
    const post = (url: string, token: string | null, body: unknown = {}) => ctx.call('POST', `/api/v1/${url}`, token, body)

    it('the creator chooses 1, 7, 30 or 90 days (30 by default); past it the page and its files answer 410 with the envelope', async () => {
      const c = await cast(ctx)
      const id = c.companyOfClientA
      await post(`companies/${id}`, c.clientA.token, LEGAL)
      const file = (await upload(ctx, c.clientA.token, id, { name: 'card.pdf', content: PDF })).json().data
      await post(`companies/${id}/documents`, c.clientA.token, { kind: 2, file_id: file.id })

      const week = (await post(`companies/${id}/public-links`, c.clientA.token, { kind: 'documents', days: 7 })).json().data
      expect(week.expires_at).toBe(new Date(ctx.clock.now() + 7 * DAY).toISOString())
      const byDefault = (await post(`companies/${id}/public-links`, c.clientA.token, { kind: 'financials' })).json().data
      expect(byDefault.expires_at).toBe(new Date(ctx.clock.now() + 30 * DAY).toISOString())
      const refused = await ctx.call('POST', `/api/v1/companies/${id}/public-links`, c.clientA.token, { kind: 'documents', days: 365 }, en)
      expect(refused.statusCode).toBe(422)
      expect(refused.json().validation).toEqual({ days: 'Choose a value from the list' })

      ctx.clock.advance(7 * DAY - 1)
      expect((await get(`public-documents/${week.hash}`, null)).statusCode).toBe(200)
      expect((await get(`public-documents/${week.hash}/files/${file.id}`, null)).statusCode).toBe(200)

      ctx.clock.advance(1)
      for (const url of [`public-documents/${week.hash}`, `public-documents/${week.hash}/files/${file.id}`]) {
        const gone = await get(url, null, en)
        expect(gone.statusCode, url).toBe(410)
        expect(gone.json(), url).toEqual({ result: false, message: 'The link has expired — ask for a new one', code: 410 })
      }
      expect((await get(`public-documents/${week.hash}`, null)).json().message).toBe('Срок действия ссылки истёк — попросите прислать новую')
      // Still a 404 for anything not genuine: expiry says nothing about made-up links.
      expect((await get(`public-documents/${week.hash.slice(0, -1)}x`, null)).statusCode).toBe(404)
      expect((await get(`public-financials/${byDefault.hash}`, null)).statusCode).toBe(200)

      // The list shows when each link ends and which have ended (a new session: the week ended the old one).
      const [owner] = await ctx.db.select({ phone: users.phone }).from(users).where(eq(users.id, c.clientA.id))
      const token = await ctx.signIn(owner!.phone, 'secret1')
      const links = (await get(`companies/${id}/public-links`, token)).json().data as { id: number; expired: boolean; expires_at: string }[]
      expect(links.map(l => [l.id, l.expired])).toEqual([
        [byDefault.id, false],
        [week.id, true],
      ])
    })
  },
  { env: { DATA_DIR: testDataDir() }, app: { modules: [clients] } },
)

describe('clients: links made before expiry existed', () => {
  it('get the default 30 days from the migration on', async () => {
    // The module's migrations as they were before this one: the same files, the journal cut after 0001.
    const folder = fileURLToPath(new URL('./migrations', import.meta.url))
    const before = mkdtempSync(join(tmpdir(), 'clients-migrations-'))
    cpSync(folder, before, { recursive: true })
    const journal = JSON.parse(readFileSync(join(folder, 'meta/_journal.json'), 'utf8')) as { entries: { tag: string }[] }
    const upTo = journal.entries.findIndex(e => e.tag.startsWith('0001_'))
    writeFileSync(join(before, 'meta/_journal.json'), JSON.stringify({ ...journal, entries: journal.entries.slice(0, upTo + 1) }))

    const handle = await openPglite()
    try {
      await migrateDb(handle, [{ id: 'clients', migrations: before }])
      await handle.db.execute(sql`insert into companies (created_at) values (now())`)
      await handle.db.execute(sql`insert into public_links (company_id, kind, nonce, created_at) select id, 'documents', 'n', now() - interval '400 days' from companies`)

      await migrateDb(handle, [clients])
      const [link] = await handle.db.select().from(publicLinks)
      const days = (link!.expires_at.getTime() - Date.now()) / DAY
      expect(days).toBeGreaterThan(29.9)
      expect(days).toBeLessThanOrEqual(30)
    } finally {
      await handle.close()
    }
  })
})
