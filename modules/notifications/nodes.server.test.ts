import { testModules } from '../../server/testing/modules'
import { randomBytes } from 'node:crypto'
import type { FastifyInstance } from 'fastify'
import { isNull } from 'drizzle-orm'
import pg from 'pg'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { formatPhone } from '../../core/validation'
import { buildApp } from '../../server/app'
import { createPasswordHasher } from '../../server/auth/password'
import { loadConfig } from '../../server/config'
import { openPostgres, type DbHandle } from '../../server/db/client'
import { migrateDb } from '../../server/db/migrate'
import { users } from '../../server/db/schema'
import { mailOutbox, notifications } from './tables'
import { createPgBroadcaster, encode } from '../../server/socket/pg-broadcaster'
import type { NotifyInput } from '../../server/notify'
import { TEST_ENV } from '../../server/testing/harness'
import { claim } from './server/outbox'
import { connect, declaredType, sequenced, socketUrl } from './server/testing'

const adminUrl = process.env.TEST_DATABASE_URL
const config = loadConfig(TEST_ENV)
const passwords = createPasswordHasher({ N: config.scryptN })

interface Node {
  app: FastifyInstance
  handle: DbHandle
  base: string
}

it('splits a fan-out over NOTIFY payloads under 8000 bytes, and sends a large message by reference', () => {
  const targets = Array.from({ length: 3000 }, (_, i): [number, number] => [i + 1, 1000 + i])
  const payloads = encode({ type: 2, action: 'updateTopNotifications' }, targets, true)
  expect(payloads.length).toBeGreaterThan(1)
  expect(payloads.every(p => Buffer.byteLength(p) < 8000)).toBe(true)
  expect(payloads.flatMap(p => JSON.parse(p).d)).toEqual(targets)
  const big = encode({ type: 1, action: 'x', data: 'я'.repeat(5000) }, [[1, 2]], true)
  expect(JSON.parse(big[0]!)).toEqual({ f: [[1, 2]] })
  expect(() => encode({ type: 2, action: 'x', data: 'я'.repeat(5000) }, [[1, 0]], false)).toThrow(/too large/)
})

/** Two API nodes, each with its own pool and LISTEN connection, on one throw-away database of the test server. */
describe.skipIf(!adminUrl)('several API nodes on one Postgres (LISTEN/NOTIFY)', () => {
  const name = `cabinet_nodes_${process.pid}_${randomBytes(4).toString('hex')}`
  let admin: pg.Client
  let url: string
  let phone = 0
  const nodes: Node[] = []

  beforeAll(async () => {
    admin = new pg.Client({ connectionString: adminUrl })
    await admin.connect()
    await admin.query(`CREATE DATABASE "${name}"`)
    const u = new URL(adminUrl!)
    u.pathname = `/${name}`
    url = u.toString()
    const handle = openPostgres(url, 2)
    await migrateDb(handle, testModules())
    await handle.close()
  })

  afterEach(async () => {
    for (const node of nodes.splice(0)) {
      await node.app.close()
      await node.handle.close()
    }
  })

  afterAll(async () => {
    await admin.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`)
    await admin.end()
  })

  async function startNode(label: string): Promise<Node> {
    const handle = openPostgres(url, 4)
    const broadcaster = createPgBroadcaster({ db: handle.db, connection: { connectionString: url, application_name: `${label}-listen` }, reconnectMs: 200 })
    const app = buildApp({ db: handle.db, config, broadcaster, modules: testModules() })
    const base = await app.listen({ port: 0, host: '127.0.0.1' })
    const node = { app, handle, base }
    nodes.push(node)
    return node
  }

  /** notify in a transaction on `node`; resolves once every node has delivered what it claimed. */
  async function notifyOn(node: Node, input: NotifyInput) {
    const result = await node.handle.db.transaction(tx => node.app.notify(tx, input))
    await Promise.all(nodes.map(n => n.app.notify.flush()))
    return result
  }

  async function user(node: Node, fields: { email?: string; language?: string } = {}) {
    const phone11 = `7700300${String(++phone).padStart(4, '0')}`
    const [row] = await node.handle.db
      .insert(users)
      .values({ phone: phone11, password_hash: await passwords.hash('secret1'), full_name: 'Узлов Узел', role: 10, created_at: new Date(), ...fields })
      .returning({ id: users.id })
    const res = await fetch(`${node.base}/api/v1/users/sign-in`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ phone: formatPhone(phone11), password: 'secret1' }),
    })
    const token = ((await res.json()) as { data: { token: string } }).data.token
    return { id: row!.id, token }
  }

  it('a notification created through node A reaches a socket on node B (and one on A, with the same seq)', async () => {
    const a = await startNode('a')
    const b = await startNode('b')
    const alice = await user(a)
    const onB = await connect(await socketUrl(b.base, alice.token, 'latest'))
    const onA = await connect(await socketUrl(a.base, alice.token, 'latest'))
    await onB.waitFor(1)
    await onA.waitFor(1)

    await notifyOn(a, { to: [alice.id], type: declaredType(a.app, 3), params: { id: 12, context: 'approved', amount: 1_000_000 } })
    expect((await onB.waitFor(2))[1]).toEqual({ type: 2, action: 'updateTopNotifications', seq: 1 })
    expect((await onA.waitFor(2))[1]).toEqual({ type: 2, action: 'updateTopNotifications', seq: 1 })
    // What the reload then asks node B for is there too.
    const list = await fetch(`${b.base}/api/v1/notifications`, { headers: { authorization: `Bearer ${alice.token}` } })
    expect(((await list.json()) as { data: Array<{ data: { title: string } }> }).data.map(n => n.data.title)).toEqual(['Заявка № 12 одобрена банком'])
    expect(await onB.quiet()).toBe(true)
    await onA.close()
    await onB.close()
  })

  it('notifications committed on both nodes at once are each pushed and mailed once, woken by the commit, in each recipient’s language', async () => {
    const a = await startNode('a')
    const b = await startNode('b')
    const ru = await user(a, { email: 'ru@example.com' })
    const en = await user(b, { email: 'en@example.com', language: 'en' })
    const tabs = [await connect(await socketUrl(a.base, ru.token)), await connect(await socketUrl(b.base, ru.token)), await connect(await socketUrl(a.base, en.token))]
    const system = declaredType(a.app, 6)
    // 40 transactions, half through each node; nobody flushes: each commit's NOTIFY wakes both dispatchers.
    await Promise.all(
      Array.from({ length: 40 }, (_, i) => {
        const node = i % 2 ? a : b
        return node.handle.db.transaction(tx => node.app.notify(tx, { to: [ru.id, en.id], type: system, params: { message: `#${i}` } }))
      }),
    )
    const undelivered = async () => (await a.handle.db.select({ id: notifications.id }).from(notifications).where(isNull(notifications.delivered_at))).length
    await expect.poll(undelivered, { timeout: 15_000, interval: 50 }).toBe(0)

    const mails = (await a.handle.db.select().from(mailOutbox)).map(m => ({ to: m.to, subject: m.subject, body: m.text.split('\n')[2] }))
    expect(mails).toHaveLength(80)
    for (let i = 0; i < 40; i++) {
      expect(mails.filter(m => m.body === `#${i}`).sort((x, y) => x.to.localeCompare(y.to))).toEqual([
        { to: 'en@example.com', subject: 'System notice', body: `#${i}` },
        { to: 'ru@example.com', subject: 'Системное уведомление', body: `#${i}` },
      ])
    }
    // Pushes: batched per claim, so 1…40 per user, but never a duplicate, in seq order on every socket.
    for (const tab of tabs) {
      await tab.waitFor(1)
      expect(await tab.quiet(300)).toBe(true)
      const seqs = tab.received.map(m => m.seq ?? 0)
      expect(tab.received.every(m => m.action === 'updateTopNotifications')).toBe(true)
      expect(seqs).toEqual(Array.from({ length: seqs.length }, (_, i) => i + 1))
      expect(seqs.length).toBeLessThanOrEqual(40)
      await tab.close()
    }
    // A sweep finds nothing left to do: nothing is delivered twice.
    await Promise.all(nodes.map(n => n.app.notify.flush()))
    expect(await a.handle.db.select().from(mailOutbox)).toHaveLength(80)
  })

  it('two nodes claiming at the same moment take disjoint notifications, and a claimed one is nobody else’s until its lease ends', async () => {
    // The dispatchers' claim itself, from two pools, without apps (nothing else claims meanwhile).
    const one = openPostgres(url, 4)
    const two = openPostgres(url, 4)
    try {
      const [owner] = await one.db
        .insert(users)
        .values({ phone: `7700300${String(++phone).padStart(4, '0')}`, password_hash: 'x', full_name: 'Узлов Узел', role: 10, created_at: new Date() })
        .returning({ id: users.id })
      const now = new Date()
      const rows = Array.from({ length: 300 }, (_, i) => ({ user_id: owner!.id, type: 6, key: 'notifications:types.system', params: { message: `#${i}` }, created_at: now }))
      const written = await one.db.insert(notifications).values(rows).returning({ id: notifications.id })
      const until = new Date(now.getTime() + 60_000)
      const claimAll = async (db: typeof one.db) => {
        const got: number[] = []
        for (;;) {
          const batch = await claim(db, { now, until, limit: 7 })
          if (batch.length === 0) return got
          got.push(...batch.map(r => r.id))
        }
      }
      const [byOne, byTwo] = await Promise.all([claimAll(one.db), claimAll(two.db)])
      expect(byOne.length).toBeGreaterThan(0)
      expect(byTwo.length).toBeGreaterThan(0)
      expect(byOne.filter(id => byTwo.includes(id))).toEqual([])
      expect([...byOne, ...byTwo].sort((x, y) => x - y)).toEqual(written.map(r => r.id).sort((x, y) => x - y))
      // Leased: nobody takes them again before `until`; after it, they are free for the taking.
      expect(await claim(two.db, { now: new Date(until.getTime() - 1), until, limit: 1000 })).toEqual([])
      expect(await claim(two.db, { now: new Date(until.getTime() + 1), until: new Date(until.getTime() + 60_000), limit: 1000 })).toHaveLength(300)
    } finally {
      await one.close()
      await two.close()
    }
  })

  it('one user’s messages published on both nodes at once arrive in seq order everywhere, once each', async () => {
    const a = await startNode('a')
    const b = await startNode('b')
    const bob = await user(a)
    const tabs = [await connect(await socketUrl(a.base, bob.token)), await connect(await socketUrl(b.base, bob.token))]
    await Promise.all(
      Array.from({ length: 40 }, (_, i) => (i % 2 ? a : b).app.hub.send([bob.id], { type: 100, action: JSON.stringify({ text: `#${i}` }) })),
    )
    for (const tab of tabs) {
      await tab.waitFor(40)
      expect(await tab.quiet()).toBe(true)
      expect(tab.received.map(m => m.seq)).toEqual(Array.from({ length: 40 }, (_, i) => i + 1))
      await tab.close()
    }
  })

  it('a socket resumes on either node with what the other published meanwhile; a large message goes by reference', async () => {
    const a = await startNode('a')
    const b = await startNode('b')
    const carol = await user(a)
    const first = await connect(await socketUrl(b.base, carol.token, 'latest'))
    await first.waitFor(1)
    await notifyOn(a, { to: [carol.id], type: declaredType(a.app, 5), params: { id: 1 } })
    await first.waitFor(2)
    await first.close()

    await notifyOn(a, { to: [carol.id], type: declaredType(a.app, 5), params: { id: 2 } })
    const big = { type: 1, action: JSON.stringify({ type: 'info', text: 'Большое' }), data: { rows: 'строка '.repeat(2000) } } as const
    await a.app.hub.send([carol.id], big)
    const back = await connect(await socketUrl(b.base, carol.token, 1))
    expect(await back.waitFor(3)).toEqual([
      { type: 2, action: 'updateTopNotifications', seq: 2 },
      { ...big, seq: 3 },
      { type: 2, action: 'sync', data: { seq: 3 } },
    ])
    // Live, by reference through NOTIFY: too large for a payload, fetched from the outbox by node B.
    await a.app.hub.send([carol.id], big)
    expect((await back.waitFor(4))[3]).toEqual({ ...big, seq: 4 })
    await back.close()
  })

  it('when a node loses its LISTEN connection its sockets are told to resume, and nothing is lost', async () => {
    const a = await startNode('a')
    const b = await startNode('b')
    const dave = await user(a)
    const tab = await connect(await socketUrl(b.base, dave.token, 'latest'))
    await tab.waitFor(1)
    await notifyOn(a, { to: [dave.id], type: declaredType(a.app, 7), params: { id: 3 } })
    await tab.waitFor(2)

    await admin.query(`select pg_terminate_backend(pid) from pg_stat_activity where datname = $1 and application_name = 'b-listen'`, [name])
    expect(await tab.closed).toBe(1012)
    await notifyOn(a, { to: [dave.id], type: declaredType(a.app, 7), params: { id: 4 } })

    // The client reconnects (to B, whose listener comes back by itself) from the last seq it saw.
    const lastSeen = sequenced(tab.received).at(-1)?.[1] ?? 0
    await expect.poll(async () => (await admin.query(`select 1 from pg_stat_activity where datname = $1 and application_name = 'b-listen'`, [name])).rowCount).toBe(1)
    // Sockets attached while B was deaf are closed with 1012 once it hears again; a moment later it is settled.
    await new Promise(resolve => setTimeout(resolve, 200))
    const back = await connect(await socketUrl(b.base, dave.token, lastSeen))
    expect(await back.waitFor(2)).toEqual([
      { type: 2, action: 'updateTopNotifications', seq: 2 },
      { type: 2, action: 'sync', data: { seq: 2 } },
    ])
    await notifyOn(a, { to: [dave.id], type: declaredType(a.app, 7), params: { id: 5 } })
    expect((await back.waitFor(3))[2]).toEqual({ type: 2, action: 'updateTopNotifications', seq: 3 })
    await back.close()
  })
})
