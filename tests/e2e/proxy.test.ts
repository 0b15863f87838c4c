import { randomBytes } from 'node:crypto'
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import pg from 'pg'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { DEMO_PASSWORD, launchBrowser, newSession, signInAndWait } from './support/browser'
import { startNginx, type RunningNginx } from './support/nginx'
import { freePort, REPO_ROOT, startServer, type RunningServer } from './support/server'

/**
 * Issue 15: the cabinet behind Debian's nginx (deploy/nginx/cabinet.conf, the committed file with its ports and
 * paths substituted), two server processes on one Postgres server (TEST_DATABASE_URL), files in the database.
 * scripts/e2e.sh installs nginx-light when it is missing (scripts/ensure-nginx.sh).
 */
const base = process.env.TEST_DATABASE_URL
const database = `e2e_proxy_${process.pid}_${Date.now()}`
const ADMIN = '+7 (700) 100-01-00'
const CLIENT = '+7 (700) 100-00-10'

let a: RunningServer | undefined
let b: RunningServer | undefined
let nginx: RunningNginx | undefined
let proxy = ''

function urlOf(name: string): string {
  const url = new URL(base!)
  url.pathname = `/${name}`
  return url.toString()
}

async function admin(sql: string) {
  const client = new pg.Client({ connectionString: base })
  await client.connect()
  try {
    await client.query(sql)
  } finally {
    await client.end()
  }
}

/** The times of the socket upgrades a node logged (its request log: `GET /api/v1/socket?ticket=…`). */
function upgrades(node: RunningServer): number[] {
  return node
    .log()
    .split('\n')
    .filter(line => line.includes('"url":"/api/v1/socket?'))
    .map(line => (JSON.parse(line) as { time: number }).time)
}
const lastUpgrade = (node: RunningServer) => Math.max(0, ...upgrades(node))

async function waitReady(url: string, timeoutMs = 20_000): Promise<void> {
  const until = Date.now() + timeoutMs
  for (;;) {
    const res = await fetch(url).catch(() => null)
    if (res?.status === 200) return
    if (Date.now() > until) throw new Error(`${url} not ready: ${res?.status ?? 'no answer'}`)
    await new Promise(ok => setTimeout(ok, 200))
  }
}

async function signInToken(at: string, phone: string, password = DEMO_PASSWORD): Promise<string> {
  const res = await fetch(`${at}/api/v1/users/sign-in`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ phone, password }) })
  const body = (await res.json()) as { data?: { token: string } }
  if (!body.data) throw new Error(`sign-in at ${at} failed: ${res.status}`)
  return body.data.token
}

const feedback = (at: string, token: string, message: string) =>
  fetch(`${at}/api/v1/users/feedback`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
    body: JSON.stringify({ message, url: '/bids' }),
  })

describe.skipIf(!base)('the cabinet behind nginx: two nodes, one Postgres (TEST_DATABASE_URL)', () => {
  beforeAll(async () => {
    await admin(`create database ${database}`)
    const [portA, portB] = [await freePort(), await freePort()]
    // The proxy's address is known before it starts: the nodes put it in the socket URL (PUBLIC_URL).
    nginx = await startNginx([portA, portB])
    proxy = nginx.url
    const env = {
      DATABASE_URL: urlOf(database),
      FILE_STORAGE: 'postgres',
      TRUST_PROXY: 'true',
      PUBLIC_URL: proxy,
      // Low enough to reach in the test; counted per client address and phone across both nodes.
      SIGNIN_RATE_LIMIT: '5/min',
      SIGNIN_ADDRESS_RATE_LIMIT: '1000/min',
    }
    a = await startServer({ port: portA, env: { ...env, SEED: 'always' } })
    b = await startServer({ port: portB, env: { ...env, SEED: 'never' } })
    await waitReady(`${proxy}/readyz`)
  }, 120_000)
  afterAll(async () => {
    await nginx?.stop()
    await b?.destroy()
    await a?.destroy()
    await admin(`drop database if exists ${database} with (force)`).catch(() => undefined)
  })

  it('serves the build, health and readiness through the proxy, compressed', async () => {
    const index = await fetch(`${proxy}/`)
    expect(index.status).toBe(200)
    expect(await index.text()).toContain('<div id="root"')
    const asset = /\/assets\/[\w.-]+\.js/.exec(readFileSync(join(REPO_ROOT, 'dist/index.html'), 'utf8'))![0]
    const js = await fetch(`${proxy}${asset}`, { headers: { 'accept-encoding': 'gzip' } })
    expect(js.status).toBe(200)
    expect(js.headers.get('content-encoding')).toBe('gzip')
    expect(js.headers.get('cache-control')).toContain('immutable')
    expect((await fetch(`${proxy}/healthz`)).status).toBe(200)
    expect(await (await fetch(`${proxy}/readyz`)).json()).toMatchObject({ result: true, data: { database: true, migrations: true, shutting_down: false } })
  })

  it('a document uploaded through one node downloads whole from the other', async () => {
    const token = await signInToken(proxy, ADMIN)
    const bytes = Buffer.concat([Buffer.from('%PDF-1.4\n'), randomBytes(3 * 1024 * 1024)])
    const form = new FormData()
    form.append('file', new Blob([bytes], { type: 'application/pdf' }), 'договор.pdf')
    const uploaded = await fetch(`${a!.url}/api/v1/companies/1/files`, { method: 'POST', headers: { authorization: `Bearer ${token}` }, body: form })
    expect(uploaded.status).toBe(200)
    const { data: file } = (await uploaded.json()) as { data: { id: number; size: number } }
    expect(file.size).toBe(bytes.length)
    const downloaded = await fetch(`${b!.url}/api/v1/companies/1/files/${file.id}`, { headers: { authorization: `Bearer ${token}` } })
    expect(downloaded.status).toBe(200)
    expect(Buffer.from(await downloaded.arrayBuffer()).equals(bytes)).toBe(true)
    // And through the proxy, whichever node answers.
    for (let i = 0; i < 2; i++) {
      const again = await fetch(`${proxy}/api/v1/companies/1/files/${file.id}`, { headers: { authorization: `Bearer ${token}` } })
      expect(Buffer.from(await again.arrayBuffer()).equals(bytes)).toBe(true)
    }
  })

  it('the sign-in limit holds across both nodes', async () => {
    const phone = '+7 (700) 100-00-31'
    const tries = []
    // Five wrong passwords spread over the two nodes and the proxy (5/min per address and phone)…
    for (const at of [a!.url, b!.url, proxy, a!.url, b!.url]) {
      tries.push((await fetch(`${at}/api/v1/users/sign-in`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ phone, password: 'wrong-1' }) })).status)
    }
    expect(tries).toEqual([422, 422, 422, 422, 422])
    // …and the right one is refused on either node and through the proxy.
    for (const at of [a!.url, b!.url, proxy]) {
      const res = await fetch(`${at}/api/v1/users/sign-in`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ phone, password: DEMO_PASSWORD }) })
      expect(res.status).toBe(429)
      expect(Number(res.headers.get('retry-after'))).toBeGreaterThan(0)
    }
  })

  it('a notification made on either node reaches a browser on the proxy; stopping its node loses nothing', async () => {
    const browser = await launchBrowser()
    try {
      const session = await newSession(browser, proxy)
      await signInAndWait(session.page, ADMIN)
      const bell = session.page.locator('[data-testid="bell"]')
      await bell.waitFor()
      const count = async () => Number((await session.page.locator('[data-testid="bell-count"]').textContent().catch(() => '0')) || 0)
      const client = await signInToken(proxy, CLIENT)
      const before = await count()

      // The socket is on one of the nodes: a message sent on each reaches it (LISTEN/NOTIFY between them).
      expect((await feedback(a!.url, client, 'Через узел A')).status).toBe(200)
      await expect.poll(count, { timeout: 15_000, interval: 100 }).toBe(before + 1)
      expect((await feedback(b!.url, client, 'Через узел B')).status).toBe(200)
      await expect.poll(count, { timeout: 15_000, interval: 100 }).toBe(before + 2)

      // Stop the node holding the socket (its log has the upgrade), mid-session; a message sent at once on the
      // other node arrives when the socket resumes there through the proxy (the missed message is replayed).
      const holder = lastUpgrade(a!) > lastUpgrade(b!) ? a! : b!
      const other = holder === a ? b! : a!
      expect(lastUpgrade(holder)).toBeGreaterThan(0)
      const upgradesBefore = upgrades(other).length
      await holder.stop(15_000)
      expect((await feedback(other.url, client, 'Пока узел остановлен')).status).toBe(200)
      await expect.poll(count, { timeout: 30_000, interval: 200 }).toBe(before + 3)
      // The socket did resume on the other node.
      expect(upgrades(other).length).toBeGreaterThan(upgradesBefore)
      await bell.click()
      await expect.poll(() => session.page.locator('[data-testid="bell-list"]').innerText()).toContain('Пока узел остановлен')
      // The session goes on: pages still load through the proxy (the session lives in Postgres).
      await session.page.reload()
      await bell.waitFor({ timeout: 20_000 })
      expect(new URL(session.page.url()).pathname).not.toBe('/login')
    } finally {
      await browser.close()
    }
  }, 120_000)
})
