import { testModules } from '../testing/modules'
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib'
import { afterAll, expect, it } from 'vitest'
import { roles } from '../../core/access/rules'
import { buildApp } from '../app'
import type { ServerModule } from '../module'
import { describeEachDb } from '../testing/harness'
import { currentUser } from '../auth/require-user'
import { ok } from './envelope'

const dist = mkdtempSync(join(tmpdir(), 'cabinet-dist-'))
writeFileSync(join(dist, 'index.html'), '<!doctype html><title>cabinet</title><div id="root"></div>')
mkdirSync(join(dist, 'assets'))
writeFileSync(join(dist, 'assets', 'index-abc123.js'), 'console.log(1)')
// What the build's precompress plugin writes beside a script (vite.precompress.ts).
const script = Buffer.from(`export const texts = ${JSON.stringify(Array.from({ length: 400 }, (_, i) => `text ${i}`))}\n`)
writeFileSync(join(dist, 'assets', 'app-def456.js'), script)
writeFileSync(join(dist, 'assets', 'app-def456.js.br'), brotliCompressSync(script))
writeFileSync(join(dist, 'assets', 'app-def456.js.gz'), gzipSync(script))
afterAll(() => rmSync(dist, { recursive: true, force: true }))

/** A module as later issues will write them, plus one with a bug, to see the error handler. */
const testModule: ServerModule = {
  id: 'probe',
  register(app) {
    app.get('/probe/:token', async () => ok(null))
    app.get('/probe/me', { preHandler: app.requireUser(roles(10)) }, async request => ok({ id: currentUser(request).user.id }))
    app.get('/probe/boom', async () => {
      throw new Error('secret internals at /srv/app.ts:42')
    })
  },
}

describeEachDb(
  'HTTP shell: static SPA, errors, headers, modules',
  ctx => {
    it('answers the health check without a session, naming the database in use', async () => {
      const res = await ctx.app.inject({ url: '/api/v1/health' })
      expect(res.statusCode).toBe(200)
      expect(res.json()).toEqual({ result: true, data: { status: 'ok', database: expect.stringMatching(/^(embedded|postgres)$/) } })
    })

    it('serves index.html for app routes and hashed assets with long caching', async () => {
      for (const url of ['/', '/bids/12', '/tenders?tab=2']) {
        const res = await ctx.app.inject({ url })
        expect(res.statusCode).toBe(200)
        expect(res.headers['content-type']).toMatch(/text\/html/)
        expect(res.body).toContain('<div id="root">')
        expect(res.headers['cache-control']).toBe('no-cache')
      }
      const asset = await ctx.app.inject({ url: '/assets/index-abc123.js' })
      expect(asset.statusCode).toBe(200)
      expect(asset.headers['cache-control']).toContain('immutable')
    })

    it('sends a script pre-compressed as the browser accepts it, varying on Accept-Encoding, cached for good', async () => {
      const br = await ctx.app.inject({ url: '/assets/app-def456.js', headers: { 'accept-encoding': 'gzip, deflate, br, zstd' } })
      expect(br.statusCode).toBe(200)
      expect(br.headers['content-encoding']).toBe('br')
      expect(br.headers['content-type']).toMatch(/javascript/)
      expect(br.headers['vary']).toMatch(/accept-encoding/i)
      expect(br.headers['cache-control']).toBe('public, max-age=31536000, immutable')
      expect(brotliDecompressSync(br.rawPayload).equals(script)).toBe(true)
      expect(br.rawPayload.length).toBeLessThan(script.length / 3)

      const gz = await ctx.app.inject({ url: '/assets/app-def456.js', headers: { 'accept-encoding': 'gzip' } })
      expect(gz.headers['content-encoding']).toBe('gzip')
      expect(gz.headers['vary']).toMatch(/accept-encoding/i)
      expect(gunzipSync(gz.rawPayload).equals(script)).toBe(true)

      const plain = await ctx.app.inject({ url: '/assets/app-def456.js', headers: { 'accept-encoding': 'identity' } })
      expect(plain.headers['content-encoding']).toBeUndefined()
      expect(plain.headers['vary']).toMatch(/accept-encoding/i)
      expect(plain.rawPayload.equals(script)).toBe(true)

      // A file the build left without copies (too small to gain) still arrives, as it is.
      const small = await ctx.app.inject({ url: '/assets/index-abc123.js', headers: { 'accept-encoding': 'br, gzip' } })
      expect(small.statusCode).toBe(200)
      expect(small.headers['content-encoding']).toBeUndefined()
      expect(small.body).toBe('console.log(1)')
      // index.html (and every history route) is re-checked each time.
      const page = await ctx.app.inject({ url: '/clients', headers: { 'accept-encoding': 'br, gzip' } })
      expect(page.headers['cache-control']).toBe('no-cache')
      expect(page.body).toContain('<div id="root">')
    })

    it('answers unknown API paths and methods with a 404 envelope, never the SPA', async () => {
      const res = await ctx.app.inject({ url: '/api/v1/nope', headers: { 'accept-language': 'en' } })
      expect(res.statusCode).toBe(404)
      expect(res.json()).toEqual({ result: false, message: 'Not found' })
      expect((await ctx.app.inject({ method: 'POST', url: '/bids' })).statusCode).toBe(404)
      expect((await ctx.app.inject({ method: 'DELETE', url: '/api/v1/profile' })).json().result).toBe(false)
    })

    it('answers an over-long path parameter and a malformed URL with envelopes, not the framework body', async () => {
      const long = await ctx.app.inject({ url: `/api/v1/probe/${'a'.repeat(5000)}`, headers: { 'accept-language': 'en' } })
      expect(long.statusCode).toBe(404)
      expect(long.json()).toEqual({ result: false, message: 'Not found' })
      const bad = await ctx.app.inject({ url: '/api/v1/probe/%E0%A4%A', headers: { 'accept-language': 'en' } })
      expect(bad.statusCode).toBe(400)
      expect(bad.json().result).toBe(false)
    })

    it('sends a CSP that lets the SPA run and nothing else', async () => {
      const res = await ctx.app.inject({ url: '/' })
      const csp = String(res.headers['content-security-policy'])
      expect(csp).toContain("script-src 'self'")
      expect(csp).toContain("style-src 'self' 'unsafe-inline'")
      expect(csp).toContain("connect-src 'self' ws: wss:")
      expect(csp).toContain("frame-ancestors 'none'")
      expect(csp).not.toContain('upgrade-insecure-requests')
      expect(res.headers['x-content-type-options']).toBe('nosniff')
      // The same headers on the API's answers, errors included (they are set before any route runs).
      const missing = await ctx.app.inject({ url: '/api/v1/no-such-endpoint' })
      expect(missing.statusCode).toBe(404)
      expect(missing.headers['content-security-policy']).toBe(csp)
      expect(missing.headers['x-frame-options']).toBe('SAMEORIGIN')
    })

    it('registers module plugins under /api/v1 with requireUser available', async () => {
      const client = await ctx.createUser({ role: 10 })
      const agent = await ctx.createUser({ role: 30 })
      const res = await ctx.call('GET', '/api/v1/probe/me', await ctx.signIn(client.phone, client.password))
      expect(res.json()).toEqual({ result: true, data: { id: client.id } })
      expect((await ctx.call('GET', '/api/v1/probe/me', await ctx.signIn(agent.phone, agent.password))).statusCode).toBe(403)
      expect((await ctx.call('GET', '/api/v1/probe/me')).statusCode).toBe(401)
    })

    it('turns a bug into a 500 envelope without details', async () => {
      const res = await ctx.app.inject({ url: '/api/v1/probe/boom', headers: { 'accept-language': 'en' } })
      expect(res.statusCode).toBe(500)
      expect(res.json()).toEqual({ result: false, message: 'Internal server error, please try again later' })
      expect(res.body).not.toContain('secret internals')
    })

    it('answers wrong content types and oversized bodies with 4xx envelopes', async () => {
      const text = await ctx.app.inject({ method: 'POST', url: '/api/v1/users/sign-in', payload: 'phone=1', headers: { 'content-type': 'application/x-www-form-urlencoded' } })
      expect(text.statusCode).toBe(415)
      expect(text.json().result).toBe(false)
      const huge = await ctx.app.inject({ method: 'POST', url: '/api/v1/users/sign-in', payload: { phone: 'x'.repeat(2 * 1024 * 1024), password: 'x' } })
      expect(huge.statusCode).toBe(413)
      expect(huge.json()).toEqual({ result: false, message: 'Слишком большой запрос' })
    })

    it('refuses two modules with one id', () => {
      expect(() => buildApp({ db: ctx.db, config: ctx.config, modules: [testModule, testModule] })).toThrow(/probe/)
    })

    it('shows a "run npm run build" page when there is no build', async () => {
      const app = buildApp({ db: ctx.db, config: { ...ctx.config, staticDir: join(dist, 'missing') }, modules: testModules() })
      const res = await app.inject({ url: '/bids' })
      expect(res.statusCode).toBe(503)
      expect(res.body).toContain('npm run build')
      expect((await app.inject({ url: '/api/v1/nope' })).statusCode).toBe(404)
      await app.close()
    })
  },
  { env: { STATIC_DIR: dist }, app: { modules: [testModule] } },
)
