import { mkdtempSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { eq } from 'drizzle-orm'
import { expect, it } from 'vitest'
import { ROLE } from '../../core/auth/profile'
import { companies, offices } from '../../server/db/schema'
import { describeEachDb, type TestContext } from '../../server/testing/harness'
import { companyDocuments, companyFiles, createDiskStorage } from '../clients/server'
import { bidDocumentsApi } from './documents'
import { bidDocuments, bidRequests, bids } from './tables'

const PDF = Buffer.from('%PDF-1.4\n1 0 obj\n<< /Type /Catalog >>\nendobj\ntrailer\n<< /Root 1 0 R >>\n%%EOF\n')
const MAX = 64 * 1024
/** A throw-away DATA_DIR: the bids server keeps the bytes under <dataDir>/files, as the clients module does. */
const dataDir = mkdtempSync(join(tmpdir(), 'bid-docs-test-'))
// The documents' limits are read from the environment when the app registers its routes (as the clients module's):
// a 64 KB file limit and a quota of three and a half test PDFs.
process.env.CLIENT_FILE_MAX_MB = String(MAX / (1024 * 1024))
process.env.CLIENT_STORAGE_QUOTA_MB = String((PDF.length * 3.5) / (1024 * 1024))

function multipart(name: string, content: Buffer, field = 'file') {
  const boundary = `----bids${Math.random().toString(16).slice(2)}`
  const payload = Buffer.concat([
    Buffer.from(`--${boundary}\r\ncontent-disposition: form-data; name="${field}"; filename="${name}"\r\ncontent-type: application/pdf\r\n\r\n`),
    content,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ])
  return { payload, headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } }
}

interface Who {
  id: number
  token: string
}

async function cast(ctx: TestContext) {
  const now = new Date(ctx.clock.now())
  const [office] = await ctx.db.insert(offices).values({ name: 'Офис', created_at: now }).returning({ id: offices.id })
  const make = async (role: number, office_id: number | null = null): Promise<Who> => {
    const user = await ctx.createUser({ role, office_id })
    return { id: user.id, token: await ctx.signIn(user.phone, user.password) }
  }
  const client = await make(ROLE.client)
  const otherClient = await make(ROLE.client)
  const agent = await make(ROLE.agent, office!.id)
  const verifier = await make(ROLE.verifier)
  const bank = await make(ROLE.bank)
  const reader = await make(ROLE.callCenterVerifier)
  const callCenter = await make(ROLE.callCenter)
  const [company, otherCompany] = await ctx.db
    .insert(companies)
    .values([
      { owner_user_id: client.id, agent_user_id: agent.id, created_at: now },
      { owner_user_id: otherClient.id, created_at: now },
    ])
    .returning({ id: companies.id })
  const bid = async (fields: Partial<typeof bids.$inferInsert> = {}) => {
    const [row] = await ctx.db
      .insert(bids)
      .values({ company_id: company!.id, owner_user_id: client.id, agent_user_id: agent.id, office_id: office!.id, service_type: 1, status: 0, created_at: now, updated_at: now, ...fields })
      .returning({ id: bids.id })
    return row!.id
  }
  return { client, otherClient, agent, verifier, bank, reader, callCenter, company: company!.id, otherCompany: otherCompany!.id, bid }
}

describeEachDb(
  'bids: documents of a bid',
  ctx => {
    const get = (url: string, token: string | null) => ctx.call('GET', `/api/${url}`, token)
    const post = (url: string, token: string | null, body: unknown = {}) => ctx.call('POST', `/api/${url}`, token, body)
    const upload = (url: string, token: string | null, name = 'Паспорт.pdf', content = PDF, field = 'file') => {
      const { payload, headers } = multipart(name, content, field)
      return ctx.app.inject({ method: 'POST', url: `/api/${url}`, payload, headers: { ...headers, ...(token ? { authorization: `Bearer ${token}` } : {}) } })
    }

    it('lists what is missing: below 1 million only the passport and the enterprise card, else the service’s checklist', async () => {
      const c = await cast(ctx)
      const small = await c.bid({ contract_sum: 999_999.99 })
      const large = await c.bid({ contract_sum: 1_000_000 })
      const account = await c.bid({ service_type: 3 })
      const view = (await get(bidDocumentsApi.list(small), c.client.token)).json().data
      expect(view).toEqual({ items: [], required: ['passport', 'enterprise_card'], missing: ['passport', 'enterprise_card'], can_change: true })
      expect((await get(bidDocumentsApi.list(large), c.client.token)).json().data.missing).toEqual(['passport', 'enterprise_card', 'financial_statements', 'contract_draft'])
      expect((await get(bidDocumentsApi.list(account), c.agent.token)).json().data.required).toEqual(['passport', 'enterprise_card'])

      expect((await upload(bidDocumentsApi.upload(small, 'passport'), c.client.token)).statusCode).toBe(200)
      expect((await get(bidDocumentsApi.list(small), c.client.token)).json().data.missing).toEqual(['enterprise_card'])
    })

    it('stores an upload as a file of the bid’s company and serves it to whoever sees the bid', async () => {
      const c = await cast(ctx)
      const id = await c.bid()
      const res = await upload(bidDocumentsApi.upload(id, 'passport'), c.client.token, 'Паспорт (все страницы).pdf')
      expect(res.statusCode).toBe(200)
      const doc = res.json().data
      expect(doc).toMatchObject({ bid_id: id, kind: 'passport', name: 'Паспорт (все страницы).pdf', size: PDF.length, company_document_id: null })
      expect(doc.sha256).toMatch(/^[0-9a-f]{64}$/)
      const files = await ctx.db.select().from(companyFiles).where(eq(companyFiles.company_id, c.company))
      expect(files).toHaveLength(1)

      const back = await get(bidDocumentsApi.file(id, doc.id), c.agent.token)
      expect(back.statusCode).toBe(200)
      expect(back.headers['content-type']).toBe('application/pdf')
      expect(back.rawPayload.equals(PDF)).toBe(true)
      // Outside the bid's scope: 404, and a draft is not the verifier's to see.
      expect((await get(bidDocumentsApi.file(id, doc.id), c.otherClient.token)).statusCode).toBe(404)
      expect((await get(bidDocumentsApi.list(id), c.verifier.token)).statusCode).toBe(404)
      expect((await get(bidDocumentsApi.list(id), c.bank.token)).statusCode).toBe(404)
      expect((await get(bidDocumentsApi.list(id), c.callCenter.token)).statusCode).toBe(403)
      expect((await get(bidDocumentsApi.list(id), null)).statusCode).toBe(401)
      expect((await get(bidDocumentsApi.file(id, doc.id + 1000), c.client.token)).statusCode).toBe(404)
    })

    it('refuses bad uploads with the clients module’s rules and keeps nothing', async () => {
      const c = await cast(ctx)
      const id = await c.bid()
      const count = async () => (await ctx.db.select().from(companyFiles)).length
      expect((await upload(bidDocumentsApi.upload(id, 'passport'), c.client.token, 'a.exe', Buffer.from('MZ\x90\x00 not a document'))).statusCode).toBe(415)
      const big = await upload(bidDocumentsApi.upload(id, 'passport'), c.client.token, 'big.pdf', Buffer.concat([PDF, Buffer.alloc(MAX)]))
      expect(big.statusCode).toBe(413)
      expect(big.json()).toEqual({ result: false, message: 'Файл больше 1 МБ' })
      expect((await upload(bidDocumentsApi.upload(id, 'passport'), c.client.token, 'a.pdf', PDF, 'other')).statusCode).toBe(422)
      expect((await upload(`v1/bids/${id}/documents?kind=application_pdf`, c.client.token)).statusCode).toBe(422)
      expect((await upload(`v1/bids/${id}/documents`, c.client.token)).statusCode).toBe(422)
      expect((await post(`v1/bids/${id}/documents?kind=passport`, c.client.token, { not: 'multipart' })).statusCode).toBe(422)
      const broken = await ctx.app.inject({
        method: 'POST',
        url: `/api/v1/bids/${id}/documents?kind=passport`,
        payload: '--x\r\n\r\n--x--',
        headers: { 'content-type': 'multipart/form-data', authorization: `Bearer ${c.client.token}` },
      })
      expect(broken.statusCode).toBeGreaterThanOrEqual(400)
      expect(broken.statusCode).toBeLessThan(500)
      expect(broken.json().result).toBe(false)
      expect(await count()).toBe(0)
    })

    it('counts the bid’s files in the company’s quota', async () => {
      const c = await cast(ctx)
      const id = await c.bid()
      for (const kind of ['passport', 'enterprise_card', 'other'] as const) expect((await upload(bidDocumentsApi.upload(id, kind), c.client.token)).statusCode).toBe(200)
      // A quota of 3.5 uploads (the test server's): the fourth does not fit, and nothing of it is kept.
      const fourth = await upload(bidDocumentsApi.upload(id, 'other'), c.client.token)
      expect(fourth.statusCode).toBe(413)
      expect(fourth.json().result).toBe(false)
      expect((await get(bidDocumentsApi.list(id), c.client.token)).json().data.items).toHaveLength(3)
    })

    it('lets the owner’s side change documents only in draft, returned or when a bank asks (40); verifiers always', async () => {
      const c = await cast(ctx)
      const submitted = await c.bid({ status: 10 })
      expect((await upload(bidDocumentsApi.upload(submitted, 'passport'), c.client.token)).statusCode).toBe(409)
      expect((await get(bidDocumentsApi.list(submitted), c.client.token)).json().data.can_change).toBe(false)
      const verifierUpload = await upload(bidDocumentsApi.upload(submitted, 'enterprise_card'), c.verifier.token)
      expect(verifierUpload.statusCode).toBe(200)
      expect((await get(bidDocumentsApi.list(submitted), c.verifier.token)).json().data.can_change).toBe(true)
      // Role 1000 reads, never changes.
      expect((await get(bidDocumentsApi.list(submitted), c.reader.token)).json().data.can_change).toBe(false)
      expect((await upload(bidDocumentsApi.upload(submitted, 'passport'), c.reader.token)).statusCode).toBe(409)

      const returned = await c.bid({ status: 30 })
      expect((await upload(bidDocumentsApi.upload(returned, 'passport'), c.agent.token)).statusCode).toBe(200)

      const atBank = await c.bid({ status: 12 })
      const now = new Date(ctx.clock.now())
      const [request] = await ctx.db.insert(bidRequests).values({ bid_id: atBank, partner_id: 1, status: 70, created_at: now, updated_at: now }).returning()
      expect((await upload(bidDocumentsApi.upload(atBank, 'financial_statements'), c.client.token)).statusCode).toBe(409)
      await ctx.db.update(bidRequests).set({ status: 40 }).where(eq(bidRequests.id, request!.id))
      expect((await upload(bidDocumentsApi.upload(atBank, 'financial_statements'), c.client.token)).statusCode).toBe(200)

      const archived = await c.bid({ status: 0, archived_at: now })
      expect((await upload(bidDocumentsApi.upload(archived, 'passport'), c.client.token)).statusCode).toBe(409)
      expect((await upload(bidDocumentsApi.upload(archived, 'passport'), c.verifier.token)).statusCode).toBe(404)
    })

    it('reuses a company document as a copy the bid keeps when the company deletes its own', async () => {
      const c = await cast(ctx)
      const id = await c.bid()
      const storage = createDiskStorage(join(dataDir, 'files'))
      const { Readable } = await import('node:stream')
      const stored = await storage.put(Readable.from([PDF]))
      const now = new Date(ctx.clock.now())
      const [file] = await ctx.db
        .insert(companyFiles)
        .values({ company_id: c.company, storage_key: stored.key, name: 'Карточка.pdf', mime: 'application/pdf', size: stored.size, sha256: stored.sha256, created_at: now })
        .returning()
      const [doc] = await ctx.db.insert(companyDocuments).values({ company_id: c.company, kind: 2, name: 'Карточка', file_id: file!.id, created_at: now }).returning()
      const [foreignFile] = await ctx.db
        .insert(companyFiles)
        .values({ company_id: c.otherCompany, storage_key: stored.key, name: 'x.pdf', mime: 'application/pdf', size: stored.size, sha256: stored.sha256, created_at: now })
        .returning()
      const [foreign] = await ctx.db.insert(companyDocuments).values({ company_id: c.otherCompany, kind: 2, name: 'Чужая', file_id: foreignFile!.id, created_at: now }).returning()

      const res = await post(bidDocumentsApi.reuse(id), c.client.token, { company_document_id: doc!.id, kind: 'enterprise_card' })
      expect(res.statusCode).toBe(200)
      const reused = res.json().data
      expect(reused).toMatchObject({ kind: 'enterprise_card', name: 'Карточка.pdf', company_document_id: doc!.id, sha256: stored.sha256 })
      // Another company's document, or nonsense: 422 with the field.
      const refused = await post(bidDocumentsApi.reuse(id), c.client.token, { company_document_id: foreign!.id, kind: 'enterprise_card' })
      expect(refused.statusCode).toBe(422)
      expect(Object.keys(refused.json().validation)).toEqual(['company_document_id'])
      expect((await post(bidDocumentsApi.reuse(id), c.client.token, { company_document_id: 'x', kind: 'nope' })).statusCode).toBe(422)
      expect((await post(bidDocumentsApi.reuse(id), c.otherClient.token, { company_document_id: doc!.id, kind: 'passport' })).statusCode).toBe(404)

      // The company's document goes; the bid's copy stays readable.
      await ctx.db.delete(companyDocuments).where(eq(companyDocuments.id, doc!.id))
      await ctx.db.delete(companyFiles).where(eq(companyFiles.id, file!.id))
      await storage.remove(stored.key)
      const back = await get(bidDocumentsApi.file(id, reused.id), c.client.token)
      expect(back.statusCode).toBe(200)
      expect(back.rawPayload.equals(PDF)).toBe(true)
    })

    it('deletes a document with its bytes, only for those who may change them', async () => {
      const c = await cast(ctx)
      const id = await c.bid()
      const doc = (await upload(bidDocumentsApi.upload(id, 'passport'), c.client.token)).json().data
      expect((await post(bidDocumentsApi.remove(id, doc.id), c.otherClient.token)).statusCode).toBe(404)
      expect((await post(bidDocumentsApi.remove(id, doc.id), c.client.token)).json()).toEqual({ result: true, data: null })
      expect((await post(bidDocumentsApi.remove(id, doc.id), c.client.token)).statusCode).toBe(404)
      expect((await get(bidDocumentsApi.file(id, doc.id), c.client.token)).statusCode).toBe(404)
      expect(await ctx.db.select().from(companyFiles)).toHaveLength(0)
      const submitted = await c.bid({ status: 10 })
      const kept = (await upload(bidDocumentsApi.upload(submitted, 'passport'), c.verifier.token)).json().data
      expect((await post(bidDocumentsApi.remove(submitted, kept.id), c.client.token)).statusCode).toBe(409)
      expect((await post(bidDocumentsApi.remove(submitted, kept.id), c.verifier.token)).statusCode).toBe(200)
    })

    it('leaves the generated application to its own route: not served here, never deleted by hand', async () => {
      const c = await cast(ctx)
      const id = await c.bid()
      const now = new Date(ctx.clock.now())
      const [doc] = await ctx.db
        .insert(bidDocuments)
        .values({ bid_id: id, kind: 'application_pdf', storage_key: 'bids:2026/11/x', name: 'Заявление.pdf', mime: 'application/pdf', size: 10, sha256: 'a'.repeat(64), created_at: now })
        .returning()
      expect((await get(bidDocumentsApi.file(id, doc!.id), c.client.token)).statusCode).toBe(404)
      expect((await post(bidDocumentsApi.remove(id, doc!.id), c.client.token)).statusCode).toBe(409)
      expect((await get(bidDocumentsApi.list(id), c.client.token)).json().data.items.map((d: { kind: string }) => d.kind)).toEqual(['application_pdf'])
    })
  },
  { env: { DATA_DIR: dataDir } },
)
