import { createHash } from 'node:crypto'
import { mkdtempSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { and, eq } from 'drizzle-orm'
import { expect, it } from 'vitest'
import { ROLE } from '../../../core/auth/profile'
import { companies, workflowHistory } from '../../../server/db/schema'
import { describeEachDb, type TestContext } from '../../../server/testing/harness'
import { lastSmsCode } from '../../../server/testing/registration'
import { pdfText } from '../../../tests/support/pdf-text'
import { bidRequests, bids } from '../tables'
import { REQUEST_STATUS, requestWorkflow } from '../workflow'
import { LIVE_LINK_REVOKED_CODE, SIGN_LINK_EXPIRED_CODE, SIGN_LINK_REVOKED_CODE, type LiveLink, type LiveView, type SigningLink, type SignView } from './contract'

const SIGNER = '+7 (701) 555-12-34'
const SIGNER_DIGITS = '77015551234'

type Body<T> = { result: boolean; data: T; message?: string; code?: number; validation?: Record<string, string> }
const json = <T>(res: { json: <X>() => X }) => res.json<Body<T>>()

/** A client with a company and a submitted guarantee bid (status 10) of it; the bid's id is its number. */
async function setup(ctx: TestContext) {
  const client = await ctx.createUser({ role: ROLE.client })
  const now = new Date(ctx.clock.now())
  const [company] = await ctx.db
    .insert(companies)
    .values({ owner_user_id: client.id, inn: '7701234567', ogrn: '1027700000000', kpp: '770101001', short_name: 'ООО «Ромашка»', full_name: 'Общество с ограниченной ответственностью «Ромашка»', created_at: now })
    .returning()
  const [bid] = await ctx.db
    .insert(bids)
    .values({
      company_id: company!.id,
      owner_user_id: client.id,
      created_by: client.id,
      service_type: 1,
      status: 10,
      federal_law: 44,
      customer_name: 'ГБУ «Дороги Подмосковья»',
      contract_subject: 'Ремонт дорожного покрытия',
      contract_sum: 12345678.9,
      security_sum: 617283.95,
      date_bg_start: '2026-12-01',
      date_bg_end: '2027-06-30',
      type_bg: 1,
      amount: 617283.95,
      submitted_at: now,
      created_at: now,
      updated_at: now,
    })
    .returning()
  const token = await ctx.signIn(client.phone, client.password)
  return { client, company: company!, bid: bid!, token }
}

async function generate(ctx: TestContext, bidId: number, token: string) {
  const res = await ctx.call('POST', `/api/v1/bids/${bidId}/documents/generate`, token, {})
  expect(res.statusCode, res.body).toBe(200)
  return json<{ id: number; kind: string; sha256: string; size: number }[]>(res).data
}

async function link(ctx: TestContext, bidId: number, token: string, body: object = { phone: SIGNER }) {
  const res = await ctx.call('POST', `/api/v1/bids/${bidId}/signings`, token, body)
  expect(res.statusCode, res.body).toBe(200)
  return json<SigningLink>(res).data
}

const dataDir = () => mkdtempSync(join(tmpdir(), 'bids-sign-'))

describeEachDb(
  'bids: generated PDFs and signing on /sign/{hash}',
  ctx => {
    it('renders the application and the questionnaire as PDFs whose Cyrillic text reads back', async () => {
      const { bid, token } = await setup(ctx)
      const res = await ctx.call('GET', `/api/v1/bids/${bid.id}/documents/application.pdf`, token)
      expect(res.statusCode, res.body).toBe(200)
      expect(res.headers['content-type']).toBe('application/pdf')
      expect(res.headers['content-disposition']).toContain(`filename*=UTF-8''${encodeURIComponent(`Заявка № ${bid.id}.pdf`)}`)
      const text = pdfText(res.rawPayload).replace(/\s+/g, ' ')
      for (const expected of [`Заявка № ${bid.id}`, 'Общество с ограниченной ответственностью «Ромашка»', 'ГБУ «Дороги Подмосковья»', '12 345 678,90 руб.', '44-ФЗ', '30.06.2027'])
        expect(text).toContain(expected)
      const q = await ctx.call('GET', `/api/v1/bids/${bid.id}/documents/questionnaire.pdf`, token)
      expect(q.statusCode).toBe(200)
      expect(pdfText(q.rawPayload)).toContain('Анкета клиента')
      expect((await ctx.call('GET', `/api/v1/bids/${bid.id}/documents/contract.pdf`, token)).statusCode).toBe(404)
    })

    it('keeps the PDFs out of reach of other users: another client 404, bank staff 404, a guest 401', async () => {
      const { bid } = await setup(ctx)
      const other = await ctx.createUser({ role: ROLE.client })
      const otherToken = await ctx.signIn(other.phone, other.password)
      expect((await ctx.call('GET', `/api/v1/bids/${bid.id}/documents/application.pdf`, otherToken)).statusCode).toBe(404)
      expect((await ctx.call('POST', `/api/v1/bids/${bid.id}/documents/generate`, otherToken, {})).statusCode).toBe(404)
      expect((await ctx.call('POST', `/api/v1/bids/${bid.id}/signings`, otherToken, { phone: SIGNER })).statusCode).toBe(404)
      const bank = await ctx.createUser({ role: ROLE.bank })
      expect((await ctx.call('GET', `/api/v1/bids/${bid.id}/documents/application.pdf`, await ctx.signIn(bank.phone, bank.password))).statusCode).toBe(404)
      const reader = await ctx.createUser({ role: ROLE.callCenterVerifier })
      const readerToken = await ctx.signIn(reader.phone, reader.password)
      expect((await ctx.call('GET', `/api/v1/bids/${bid.id}/documents/application.pdf`, readerToken)).statusCode).toBe(200)
      expect((await ctx.call('POST', `/api/v1/bids/${bid.id}/signings`, readerToken, { phone: SIGNER })).statusCode).toBe(403)
      expect((await ctx.call('GET', `/api/v1/bids/${bid.id}/documents/application.pdf`)).statusCode).toBe(401)
    })

    it('a signer signs with the SMS code: 60 s between codes, counted tries, the record, and the approved request moves 160 → 60', async () => {
      const { bid, token } = await setup(ctx)
      // Without documents there is nothing to sign.
      expect((await ctx.call('POST', `/api/v1/bids/${bid.id}/signings`, token, { phone: SIGNER })).statusCode).toBe(409)
      const docs = await generate(ctx, bid.id, token)
      expect(docs.map(d => d.kind)).toEqual(['application_pdf', 'questionnaire_pdf'])
      const [request] = await ctx.db
        .insert(bidRequests)
        .values({ bid_id: bid.id, partner_id: 1, status: REQUEST_STATUS.clientApproved, created_at: new Date(ctx.clock.now()), updated_at: new Date(ctx.clock.now()) })
        .returning()
      await ctx.db.update(bids).set({ status: 14 }).where(eq(bids.id, bid.id))

      const made = await link(ctx, bid.id, token)
      expect(made.path).toBe(`/sign/${made.hash}`)
      const url = `/api/v1/sign/${made.hash}`

      const view = await ctx.call('GET', url)
      expect(view.statusCode).toBe(200)
      const shown = json<SignView>(view).data
      expect(Object.keys(shown).sort()).toEqual(['code_sent', 'documents', 'expires_at', 'phone', 'resend_after_seconds', 'signature', 'signed_at', 'state'])
      expect(shown.phone).toBe('+7 (***) ***-**-34')
      expect(shown.documents.map(d => d.sha256)).toEqual(docs.map(d => d.sha256))
      expect(view.body).not.toContain('Ромашка')

      // The document downloads as the bytes whose hash is shown.
      const file = await ctx.call('GET', `${url}/documents/1`)
      expect(file.statusCode).toBe(200)
      expect(createHash('sha256').update(file.rawPayload).digest('hex')).toBe(shown.documents[0]!.sha256)
      expect(pdfText(file.rawPayload)).toContain(`Заявка № ${bid.id}`)
      expect((await ctx.call('GET', `${url}/documents/3`)).statusCode).toBe(404)

      // No code yet.
      const early = await ctx.call('POST', url, null, { code: '123456' })
      expect(early.statusCode).toBe(422)
      expect(json(early).validation?.code).toBeTruthy()

      expect((await ctx.call('POST', `${url}/code`, null, {})).statusCode).toBe(200)
      const again = await ctx.call('POST', `${url}/code`, null, {})
      expect(again.statusCode).toBe(429)
      expect(Number(again.headers['retry-after'])).toBeGreaterThan(0)
      expect(json<SignView>(await ctx.call('GET', url)).data.resend_after_seconds).toBe(60)
      ctx.clock.advance(60_000)
      expect((await ctx.call('POST', `${url}/code`, null, {})).statusCode).toBe(200)
      const code = await lastSmsCode(ctx, SIGNER_DIGITS)

      const wrong = await ctx.call('POST', url, null, { code: code === '000000' ? '111111' : '000000' })
      expect(wrong.statusCode).toBe(422)
      expect(json(wrong).validation?.code).toMatch(/4/)
      expect((await ctx.call('POST', url, null, { code: 'abc' })).statusCode).toBe(422)

      const signed = await ctx.call('POST', url, null, { code }, { 'user-agent': 'vitest' })
      expect(signed.statusCode, signed.body).toBe(200)
      const record = json<SignView>(signed).data
      expect(record.state).toBe('signed')
      expect(record.signed_at).toBe(new Date(ctx.clock.now()).toISOString())
      expect(record.signature?.documents.map(d => d.sha256)).toEqual(docs.map(d => d.sha256))

      const [after] = await ctx.db.select().from(bidRequests).where(eq(bidRequests.id, request!.id))
      expect(after!.status).toBe(REQUEST_STATUS.documentsSigned)
      const lines = await ctx.db
        .select()
        .from(workflowHistory)
        .where(and(eq(workflowHistory.workflow, requestWorkflow.id), eq(workflowHistory.record_id, request!.id)))
      expect(lines.map(l => [l.action, l.from_status, l.to_status])).toEqual([['documentsSigned', 160, 60]])

      expect((await ctx.call('POST', url, null, { code })).statusCode).toBe(409)
      expect((await ctx.call('POST', `${url}/code`, null, {})).statusCode).toBe(409)
      // A signed link stays readable, with what was signed.
      expect(json<SignView>(await ctx.call('GET', url)).data.state).toBe('signed')
      // The certificate adapter is off by default.
      expect((await ctx.call('POST', `${url}/certificate`, null, { adapter: 'cryptopro', signatures: [] })).statusCode).toBe(404)
    })

    it('spends a code after the allowed wrong tries', async () => {
      const { bid, token } = await setup(ctx)
      await generate(ctx, bid.id, token)
      const made = await link(ctx, bid.id, token)
      const url = `/api/v1/sign/${made.hash}`
      await ctx.call('POST', `${url}/code`, null, {})
      const code = await lastSmsCode(ctx, SIGNER_DIGITS)
      const wrong = code === '000000' ? '111111' : '000000'
      for (let i = 0; i < ctx.config.registerCodeTries; i++) expect((await ctx.call('POST', url, null, { code: wrong })).statusCode).toBe(422)
      const spent = await ctx.call('POST', url, null, { code })
      expect(spent.statusCode).toBe(422)
      expect(json<SignView>(await ctx.call('GET', url)).data.state).toBe('pending')
    })

    it('answers a revoked link 410, an expired one 410 with their codes, a tampered one 404; changed documents need a new link', async () => {
      const { bid, client, token: firstToken } = await setup(ctx)
      let token = firstToken
      await generate(ctx, bid.id, token)
      const first = await link(ctx, bid.id, token)
      const revoked = await ctx.call('POST', `/api/v1/bids/${bid.id}/signings/${first.id}/revoke`, token, {})
      expect(json<SigningLink>(revoked).data.revoked_at).not.toBeNull()
      const gone = await ctx.call('GET', `/api/v1/sign/${first.hash}`)
      expect(gone.statusCode).toBe(410)
      expect(json(gone).code).toBe(SIGN_LINK_REVOKED_CODE)

      const short = await link(ctx, bid.id, token, { phone: SIGNER, days: 1 })
      ctx.clock.advance(24 * 60 * 60_000 + 1)
      const expired = await ctx.call('GET', `/api/v1/sign/${short.hash}`)
      expect(expired.statusCode).toBe(410)
      expect(json(expired).code).toBe(SIGN_LINK_EXPIRED_CODE)
      // A day later the session has gone idle: sign in again.
      token = await ctx.signIn(client.phone, client.password)

      const tampered = short.hash.slice(0, -1) + (short.hash.endsWith('A') ? 'B' : 'A')
      expect((await ctx.call('GET', `/api/v1/sign/${tampered}`)).statusCode).toBe(404)
      expect((await ctx.call('GET', '/api/v1/sign/nonsense')).statusCode).toBe(404)

      const fresh = await link(ctx, bid.id, token)
      await generate(ctx, bid.id, token)
      await ctx.call('POST', `/api/v1/sign/${fresh.hash}/code`, null, {})
      const code = await lastSmsCode(ctx, SIGNER_DIGITS)
      const changed = await ctx.call('POST', `/api/v1/sign/${fresh.hash}`, null, { code })
      expect(changed.statusCode).toBe(409)

      const listed = json<SigningLink[]>(await ctx.call('GET', `/api/v1/bids/${bid.id}/signings`, token)).data
      expect(listed.map(l => l.id)).toEqual([fresh.id, short.id, first.id])
    })

    it('/live shows the status and timeline without an account, nothing private, until revoked', async () => {
      const { bid, token } = await setup(ctx)
      await ctx.db.insert(workflowHistory).values({ workflow: 'bids.status', record_id: bid.id, action: 'submit', from_status: 0, to_status: 10, user_id: null, created_at: new Date(ctx.clock.now()) })
      const made = json<LiveLink>(await ctx.call('POST', `/api/v1/bids/${bid.id}/live-links`, token, {})).data
      expect(made.path).toBe(`/live?h=${encodeURIComponent(made.hash)}`)
      const res = await ctx.call('GET', `/api/v1/live/${made.hash}`)
      expect(res.statusCode).toBe(200)
      const live = json<LiveView>(res).data
      expect(live).toMatchObject({ number: bid.id, service_type: 1, status: 10, amount: '617283.95' })
      expect(live.history.map(h => [h.action, h.status])).toEqual([['submit', 10]])
      expect(res.body).not.toContain('Ромашка')

      await ctx.db.update(bids).set({ status: 20 }).where(eq(bids.id, bid.id))
      expect(json<LiveView>(await ctx.call('GET', `/api/v1/live/${made.hash}`)).data.status).toBe(20)

      await ctx.call('POST', `/api/v1/bids/${bid.id}/live-links/${made.id}/revoke`, token, {})
      const revoked = await ctx.call('GET', `/api/v1/live/${made.hash}`)
      expect(revoked.statusCode).toBe(410)
      expect(json(revoked).code).toBe(LIVE_LINK_REVOKED_CODE)
      expect((await ctx.call('GET', `/api/v1/live/${made.hash.replace(/^\d+/, '999')}`)).statusCode).toBe(404)
    })
  },
  { env: { DATA_DIR: dataDir() } },
)
