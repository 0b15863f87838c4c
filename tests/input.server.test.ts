/**
 * Issue 9 regressions: inputs that came back as 500. A NUL in a list search, an office id past a Postgres
 * integer, a NUL in the public registration, a malformed multipart upload — each is a 4xx with the envelope
 * and, where it is a field, the field's message.
 */
import { expect, it } from 'vitest'
import { TEST_ENV, describeEachDb } from '../server/testing/harness'
import { isFailureEnvelope, seedDemoCast } from './fuzz/demo'

const ADMIN = '0100'
const en = { 'accept-language': 'en' }

describeEachDb(
  'input that once gave 500',
  ctx => {
    it('a NUL in any list search is a field message, not a database error', async () => {
      const { tokens } = await seedDemoCast(ctx)
      const admin = tokens.get(ADMIN)!
      const searches: Array<[string, string]> = [
        ['/api/v1/companies?q=%00', 'q'],
        ['/api/v1/physics?q=%00', 'q'],
        ['/api/v1/agents?q=%00', 'q'],
        ['/api/v1/call-center/callers?search=%00', 'search'],
        ['/api/v1/call-center/sips?search=%00', 'search'],
        ['/api/v1/companies/export?q=%00', 'q'],
        ['/api/v1/autocomplete/organization-search-kz/%00%00', 'query'],
      ]
      for (const [url, field] of searches) {
        const res = await ctx.call('GET', url, admin, undefined, en)
        expect(res.statusCode, url).toBe(422)
        const body = res.json()
        expect(isFailureEnvelope(body), url).toBe(true)
        expect(body.validation?.[field], url).toMatch(/control characters/)
      }
    })

    it('an office id of 2^31 or 1e308 is refused on the office field', async () => {
      const { tokens } = await seedDemoCast(ctx)
      const admin = tokens.get(ADMIN)!
      for (const office_id of [2 ** 31, 1e308]) {
        const caller = { full_name: 'Проверка Офиса', role: 150, phone: '+7 (700) 555-00-01', password: 'secret1', office_id }
        const sip = { name: 'Офис', code: '7777', password: 'secret1', office_id }
        for (const [url, body] of [['/api/v1/call-center/callers', caller], ['/api/v1/call-center/sips', sip]] as const) {
          const res = await ctx.call('POST', url, admin, body, en)
          expect(res.statusCode, `${url} ${office_id}`).toBe(422)
          expect(isFailureEnvelope(res.json())).toBe(true)
          expect(Object.keys(res.json().validation), `${url} ${office_id}`).toEqual(['office_id'])
        }
      }
      // The same number written in a JSON body that JavaScript rounds: still a field message.
      const res = await ctx.app.inject({
        method: 'POST',
        url: '/api/v1/call-center/sips',
        headers: { authorization: `Bearer ${admin}`, 'content-type': 'application/json', ...en },
        payload: '{"name":"Офис","code":"7778","password":"secret1","office_id":1e308}',
      })
      expect(res.statusCode).toBe(422)
      expect(res.json().validation.office_id).toBeTruthy()
    })

    it('a NUL in any public registration field is that field\'s message, and no user is created', async () => {
      const valid = { phone: '+7 (700) 555-00-02', password: 'secret1', full_name: 'Новиков Нов Новович', email: 'n@example.com', agree_personal_data: true, agree_edo: true }
      for (const field of ['phone', 'password', 'full_name', 'email'] as const) {
        const res = await ctx.call('POST', '/api/v1/users/register', null, { ...valid, [field]: `${valid[field]}\u0000` }, en)
        expect(res.statusCode, field).toBe(422)
        expect(isFailureEnvelope(res.json())).toBe(true)
        expect(res.json().validation[field], field).toMatch(/control characters/)
      }
      const signIn = await ctx.call('POST', '/api/v1/users/sign-in', null, { phone: valid.phone, password: valid.password })
      expect(signIn.statusCode).not.toBe(200)
    })

    it('a statistics range with a date that is no date is a field message (found by the fuzz suite)', async () => {
      const { tokens } = await seedDemoCast(ctx)
      const res = await ctx.call('GET', `/api/v1/call-center/statistics?from=${'a'.repeat(300)}&to=643`, tokens.get(ADMIN)!, undefined, en)
      expect(res.statusCode).toBe(422)
      expect(isFailureEnvelope(res.json())).toBe(true)
      expect(Object.keys(res.json().validation)).toContain('from')
    })

    it('a malformed multipart upload (wrong or missing boundary, truncated body) is a 400 with the envelope', async () => {
      const { tokens, companyId } = await seedDemoCast(ctx)
      const admin = tokens.get(ADMIN)!
      const url = `/api/v1/companies/${companyId}/files`
      const part = (boundary: string) =>
        `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="a.pdf"\r\nContent-Type: application/pdf\r\n\r\n%PDF-1.4\n%%EOF\n\r\n--${boundary}--\r\n`
      const cases: Array<[string, string, string]> = [
        ['wrong boundary', 'multipart/form-data; boundary=other', part('real')],
        ['missing boundary', 'multipart/form-data', part('real')],
        ['truncated body', 'multipart/form-data; boundary=real', part('real').slice(0, 60)],
        ['garbage', 'multipart/form-data; boundary=real', '\u0000\u0001garbage'],
      ]
      for (const [name, contentType, payload] of cases) {
        const res = await ctx.app.inject({ method: 'POST', url, payload, headers: { authorization: `Bearer ${admin}`, 'content-type': contentType, ...en } })
        expect(res.statusCode, name).toBe(400)
        expect(isFailureEnvelope(res.json()), name).toBe(true)
      }
      // An empty but well-formed request has no file part: the form's own message.
      const empty = await ctx.app.inject({ method: 'POST', url, payload: '--real--\r\n', headers: { authorization: `Bearer ${admin}`, 'content-type': 'multipart/form-data; boundary=real' } })
      expect(empty.statusCode).toBe(422)
      expect(isFailureEnvelope(empty.json())).toBe(true)
    })
  },
  { env: { ...TEST_ENV, SIGNIN_RATE_LIMIT: '1000/min' } },
)
