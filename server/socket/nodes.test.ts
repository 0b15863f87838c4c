import { randomBytes } from 'node:crypto'
import type { FastifyInstance } from 'fastify'
import pg from 'pg'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { formatPhone } from '../../core/validation'
import { buildApp } from '../app'
import { createPasswordHasher } from '../auth/password'
import { loadConfig } from '../config'
import { openPostgres, type DbHandle } from '../db/client'
import { migrateDb } from '../db/migrate'
import { users } from '../db/schema'
import { TEST_ENV } from '../testing/harness'
import { testModules } from '../testing/modules'
import { createPgBroadcaster } from './pg-broadcaster'
import { CLOSE_SESSION_ENDED } from './session-control'
import { connect, freshUrl } from './test-client'

const adminUrl = process.env.TEST_DATABASE_URL
const config = loadConfig(TEST_ENV)
const passwords = createPasswordHasher({ N: config.scryptN })

interface Node {
  app: FastifyInstance
  handle: DbHandle
  base: string
}

/** Two API nodes (own pool, own LISTEN connection) on one throw-away Postgres database: a session ends everywhere. */
describe.skipIf(!adminUrl)('sockets end with their session on every node (Postgres LISTEN/NOTIFY)', () => {
  const name = `cabinet_sockets_${process.pid}_${randomBytes(4).toString('hex')}`
  let admin: pg.Client
  let url: string
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

  async function signIn(node: Node, phone11: string): Promise<string> {
    const res = await fetch(`${node.base}/api/v1/users/sign-in`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ phone: formatPhone(phone11), password: 'secret1' }),
    })
    return ((await res.json()) as { data: { token: string } }).data.token
  }

  it('logout on node A closes the session’s socket on node B with 4001; another session stays', async () => {
    const a = await startNode('a')
    const b = await startNode('b')
    const phone11 = '77003109001'
    await a.handle.db.insert(users).values({ phone: phone11, password_hash: await passwords.hash('secret1'), full_name: 'Узлов Узел', role: 10, created_at: new Date() })
    const token = await signIn(a, phone11)
    const other = await signIn(b, phone11)
    const onB = await connect(await freshUrl(b.base, token))
    const otherOnB = await connect(await freshUrl(b.base, other))

    expect((await fetch(`${a.base}/api/v1/users/logout`, { headers: { authorization: `Bearer ${token}` } })).status).toBe(200)
    expect(await onB.closed).toBe(CLOSE_SESSION_ENDED)
    await otherOnB.expectQuiet()
    expect(otherOnB.ws.readyState).toBe(otherOnB.ws.OPEN)
    otherOnB.close()
  })
})
