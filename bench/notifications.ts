/**
 * Issue 4 §4, measured (never asserted):
 *   - latency from creating a notification on the server (a support message → every administrator) to the
 *     bell's badge changing in a real Chromium page, p50/p95 (goal p95 ≤ 50 ms on loopback). The path is the
 *     real one: `notify(tx, …)` writes the outbox in the feedback's transaction, its commit wakes the dispatcher
 *     (pg_notify), which pushes `updateTopNotifications`; the bell reloads the list rendered in the admin's language;
 *   - socket fan-out: 1 000 connected clients of one user, a burst of notifications, deliveries per second
 *     and the time until the last client has its last push. Notifications committed close together may go out as
 *     one push (the dispatcher claims them as one batch), so pushes a socket can be fewer than notifications.
 */
import WebSocket from 'ws'
import { launchBrowser, newSession, signInAndWait } from '../tests/e2e/support/browser'

const ADMIN = '+7 (700) 100-01-00'
const CLIENT = '+7 (700) 100-00-10'
const PASSWORD = 'demo123'

const pct = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? NaN
const ms = (n: number) => `${n.toFixed(1)} ms`

async function token(url: string, phone: string): Promise<string> {
  const res = await fetch(`${url}/api/v1/users/sign-in`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ phone, password: PASSWORD }) })
  const body = (await res.json()) as { data?: { token: string } }
  if (!body.data) throw new Error(`sign-in failed: ${JSON.stringify(body)}`)
  return body.data.token
}

/** One notification for every administrator, through the public API (a client's support message). */
async function createNotification(url: string, clientToken: string, n: number): Promise<void> {
  const res = await fetch(`${url}/api/v1/users/feedback`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${clientToken}` },
    body: JSON.stringify({ message: `bench ${n}`, url: '/bench' }),
  })
  if (!res.ok) throw new Error(`feedback ${res.status}`)
}

async function bellLatency(url: string, clientToken: string, samples: number): Promise<void> {
  const browser = await launchBrowser()
  try {
    const session = await newSession(browser, url)
    await signInAndWait(session.page, ADMIN)
    await session.page.locator('[data-testid="bell"]').waitFor()
    // The page notes the wall-clock time of every badge change; node notes when it asked the server.
    await session.page.evaluate(() => {
      const w = window as unknown as { badgeChanges: { at: number; text: string }[] }
      w.badgeChanges = []
      new MutationObserver(() => {
        const text = document.querySelector('[data-testid="bell-count"]')?.textContent ?? '0'
        w.badgeChanges.push({ at: Date.now(), text })
      }).observe(document.body, { subtree: true, childList: true, characterData: true })
    })
    const count = async () => Number((await session.page.locator('[data-testid="bell-count"]').textContent().catch(() => '0')) || 0)
    const latencies: number[] = []
    let expected = await count()
    for (let i = 0; i < samples; i++) {
      expected += 1
      const started = Date.now()
      await createNotification(url, clientToken, i)
      const want = String(expected > 99 ? '99+' : expected)
      const handle = await session.page.waitForFunction(
        ({ want, after }) => (window as unknown as { badgeChanges: { at: number; text: string }[] }).badgeChanges.find(c => c.text === want && c.at >= after)?.at,
        { want, after: started },
        { timeout: 10_000, polling: 5 },
      )
      latencies.push(Number(await handle.jsonValue()) - started)
    }
    latencies.sort((a, b) => a - b)
    console.log(`  notification → bell badge updated: n=${samples} p50 ${ms(pct(latencies, 50))} p95 ${ms(pct(latencies, 95))} max ${ms(latencies.at(-1)!)} (goal p95 ≤ 50 ms)`)
  } finally {
    await browser.close()
  }
}

async function fanOut(url: string, adminToken: string, clientToken: string, clients: number, burst: number): Promise<void> {
  const headers = { authorization: `Bearer ${adminToken}` }
  const sockets: WebSocket[] = []
  const received: number[][] = []
  try {
    for (let i = 0; i < clients; i++) {
      const res = await fetch(`${url}/api/v1/socket/ticket`, { headers })
      const { data } = (await res.json()) as { data: { ws_connection_string: string } }
      const socketUrl = new URL(data.ws_connection_string)
      socketUrl.searchParams.set('since', 'latest')
      const ws = new WebSocket(socketUrl, { origin: url })
      const times: number[] = []
      received.push(times)
      await new Promise<void>((resolve, reject) => {
        ws.on('message', raw => {
          const message = JSON.parse(String(raw)) as { action?: string }
          if (message.action === 'sync') resolve()
          else if (message.action === 'updateTopNotifications') times.push(performance.now())
        })
        ws.once('error', reject)
      })
      sockets.push(ws)
    }
    const started = performance.now()
    await Promise.all(Array.from({ length: burst }, (_, i) => createNotification(url, clientToken, i)))
    // Every notification is committed now. Those committed close together may go out as one push (one claim), so
    // the run is over when every socket has had a push and none has come for a while.
    const deadline = started + 60_000
    const total = () => received.reduce((n, t) => n + t.length, 0)
    let seen = -1
    let quietSince = performance.now()
    while (performance.now() < deadline) {
      const now = performance.now()
      if (total() !== seen) [seen, quietSince] = [total(), now]
      else if (now - quietSince > 500 && received.every(t => t.length > 0)) break
      await new Promise(r => setTimeout(r, 20))
    }
    const delivered = total()
    const last = Math.max(...received.flat()) - started
    const perSocket = received.map(t => t.length)
    const silent = perSocket.filter(n => n === 0).length
    console.log(
      `  fan-out: ${clients} sockets × ${burst} notifications → ${delivered} deliveries (${Math.min(...perSocket)}–${Math.max(...perSocket)} pushes a socket) ` +
        `in ${ms(last)} (${Math.round(delivered / (last / 1000))} deliveries/s)` +
        (silent > 0 ? ` — ${silent} sockets got nothing in 60 s` : ''),
    )
  } finally {
    for (const ws of sockets) ws.close()
  }
}

export async function reportNotifications(url: string, options: { browser: boolean }): Promise<void> {
  console.log('\n## Notifications (loopback)')
  try {
    const clientToken = await token(url, CLIENT)
    if (options.browser) await bellLatency(url, clientToken, 30)
    await fanOut(url, await token(url, ADMIN), clientToken, 1000, 10)
  } catch (e) {
    console.log(`  could not measure: ${e instanceof Error ? e.message : String(e)}`)
  }
}
