import pg from 'pg'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { DEMO_PASSWORD, launchBrowser, newSession, signInAndWait } from './support/browser'
import { startServer, type RunningServer } from './support/server'

/**
 * Issue 4 §2/§3: two server processes on one Postgres server. A notification created through node A reaches
 * a browser connected to node B (LISTEN/NOTIFY), live. Runs when TEST_DATABASE_URL names a Postgres server.
 */
const base = process.env.TEST_DATABASE_URL
const database = `e2e_nodes_${process.pid}_${Date.now()}`

let a: RunningServer | undefined
let b: RunningServer | undefined

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

describe.skipIf(!base)('two API nodes on one Postgres (TEST_DATABASE_URL)', () => {
  beforeAll(async () => {
    await admin(`create database ${database}`)
    const env = { DATABASE_URL: urlOf(database), SIGNIN_RATE_LIMIT: '1000/min' }
    // Node A migrates and seeds the empty database; node B starts on it as a second node would.
    a = await startServer({ env: { ...env, SEED: 'always' } })
    b = await startServer({ env: { ...env, SEED: 'never' } })
  })
  afterAll(async () => {
    await b?.destroy()
    await a?.destroy()
    await admin(`drop database if exists ${database} with (force)`).catch(() => undefined)
  })

  it('a support message sent through node A rings the bell of an administrator connected to node B', async () => {
    const browser = await launchBrowser()
    try {
      const session = await newSession(browser, b!.url)
      await signInAndWait(session.page, '+7 (700) 100-01-00')
      const bell = session.page.locator('[data-testid="bell"]')
      await bell.waitFor()
      const count = async () => Number((await session.page.locator('[data-testid="bell-count"]').textContent().catch(() => '0')) || 0)
      const before = await count()

      const signIn = await fetch(`${a!.url}/api/v1/users/sign-in`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ phone: '+7 (700) 100-00-10', password: DEMO_PASSWORD }),
      })
      const { data } = (await signIn.json()) as { data: { token: string } }
      const sent = await fetch(`${a!.url}/api/v1/users/feedback`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${data.token}` },
        body: JSON.stringify({ message: 'Через узел A', url: '/bids' }),
      })
      expect(sent.status).toBe(200)

      await expect.poll(count, { timeout: 15_000, interval: 100 }).toBe(before + 1)
      await bell.click()
      await expect.poll(() => session.page.locator('[data-testid="bell-list"]').innerText()).toContain('Через узел A')
    } finally {
      await browser.close()
    }
  })
})
