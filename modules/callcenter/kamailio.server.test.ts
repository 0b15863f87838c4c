import { execFile, spawnSync } from 'node:child_process'
import { createSocket } from 'node:dgram'
import { mkdtempSync, rmSync } from 'node:fs'
import { createServer } from 'node:net'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import { promisify } from 'node:util'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { REPO_ROOT } from '../../server/config'
import { demoSipPassword } from '../../server/seed'
import { SipWsUa } from './server/sip-ws-client'

/**
 * The project's SIP peer for real (issue 3 §3): sip/kamailio.cfg passes `kamailio -c`, scripts/sip-peer.sh
 * starts it on free loopback ports, and hand-written SIP over WebSocket (the `sip` sub-protocol, as JsSIP
 * speaks it) gets a 401 digest challenge, registers with the demo credentials, is refused with wrong ones,
 * reaches another registered user, and gets a BYE after reconnecting (TESTBED: in-dialog retry through the
 * current registration). Runs only where kamailio is installed (scripts/ensure-kamailio.sh).
 */

const run = promisify(execFile)
const installed = spawnSync('sh', ['-c', 'command -v kamailio'], { encoding: 'utf8' }).status === 0
const title = installed
  ? 'SIP peer: Kamailio with sip/kamailio.cfg'
  : 'SIP peer: Kamailio with sip/kamailio.cfg — SKIPPED: kamailio is not installed (run scripts/ensure-kamailio.sh as root)'
if (!installed) console.warn(`[kamailio.server.test] ${title}`)

const SCRIPT = resolve(REPO_ROOT, 'scripts/sip-peer.sh')
const CFG = resolve(REPO_ROOT, 'sip/kamailio.cfg')

function freeTcpPort(): Promise<number> {
  return new Promise((done, fail) => {
    const server = createServer()
    server.once('error', fail)
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number }
      server.close(() => done(port))
    })
  })
}

function freeUdpPort(): Promise<number> {
  return new Promise((done, fail) => {
    const socket = createSocket('udp4')
    socket.once('error', fail)
    socket.bind(0, '127.0.0.1', () => {
      const { port } = socket.address()
      socket.close(() => done(port))
    })
  })
}

describe.skipIf(!installed)(title, () => {
  let dir = ''
  let env: NodeJS.ProcessEnv = {}
  let url = ''
  const agents: SipWsUa[] = []
  const ua = (user: string, password = demoSipPassword(user)) => {
    const agent = new SipWsUa({ url, user, password })
    agents.push(agent)
    return agent
  }
  const peer = (command: string) => run('bash', [SCRIPT, command], { env, cwd: REPO_ROOT })

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'sip-peer-'))
    const wsPort = await freeTcpPort()
    env = { ...process.env, SIP_DIR: dir, SIP_WS_PORT: String(wsPort), SIP_UDP_PORT: String(await freeUdpPort()) }
    url = `ws://127.0.0.1:${wsPort}`
    await peer('start')
  }, 60_000)

  afterAll(async () => {
    for (const agent of agents) await agent.close().catch(() => {})
    if (dir) {
      await peer('stop').catch(() => {})
      rmSync(dir, { recursive: true, force: true })
    }
  })

  it('has a configuration that passes kamailio -c', async () => {
    const { stderr, stdout } = await run('kamailio', ['-c', '-f', CFG])
    expect(`${stdout}${stderr}`).toContain('config file ok')
    expect((await peer('status')).stdout).toContain(`running (pid`)
    expect((await peer('url')).stdout.trim()).toBe(url)
  })

  it('challenges a REGISTER over WebSocket with 401, then accepts the demo credentials with 200', async () => {
    const operator = ua('1150')
    await operator.connect()
    const [challenge, accepted] = await operator.register({ authenticate: true })
    expect(challenge?.status).toBe(401)
    expect(challenge?.header('www-authenticate')).toMatch(/^Digest realm="127\.0\.0\.1", nonce="[^"]+"/)
    expect(accepted?.status).toBe(200)
    // The registrar keeps the contact with the connection it came on.
    expect(accepted?.header('contact')).toContain(operator.contact.slice(1, -1))
  })

  it('refuses a wrong password, an unknown user, and registering as someone else', async () => {
    const wrong = ua('1160', 'not-the-password')
    await wrong.connect()
    expect((await wrong.register({ authenticate: true })).map(m => m.status)).toEqual([401, 401])

    const stranger = ua('9999', 'whatever')
    await stranger.connect()
    expect((await stranger.register({ authenticate: true })).map(m => m.status)).toEqual([401, 401])

    // The right password of 1035, to register the address of 1150.
    const impostor = ua('1150', demoSipPassword('1035'))
    await impostor.connect()
    expect((await impostor.register({ authenticate: true, authUser: '1035' })).map(m => m.status)).toEqual([401, 403])
  })

  it('routes a call between two registered users and delivers the BYE after the callee reconnects', async () => {
    const caller = ua('1035')
    const callee = ua('1160')
    await caller.connect()
    await callee.connect()
    expect((await caller.register({ authenticate: true })).at(-1)?.status).toBe(200)
    expect((await callee.register({ authenticate: true })).at(-1)?.status).toBe(200)

    const dialing = caller.invite('1160')
    const invite = await callee.waitFor(m => m.method === 'INVITE', 5000, 'INVITE')
    expect(invite.header('from')).toContain('sip:1035@')
    callee.reply(invite, 200, 'OK', 'callee-tag')
    const dialog = await dialing
    expect(dialog.response.status).toBe(200)
    caller.inDialog('ACK', dialog, 2)
    await callee.waitFor(m => m.method === 'ACK', 5000, 'ACK')

    // The callee's WebSocket drops; it reconnects and registers again (as JsSIP does by itself).
    await callee.reconnect()
    expect((await callee.register({ authenticate: true })).at(-1)?.status).toBe(200)
    caller.inDialog('BYE', dialog, 3)
    const bye = await callee.waitFor(m => m.method === 'BYE', 5000, 'BYE after the reconnect')
    callee.reply(bye, 200, 'OK')
    const done = await caller.waitFor(m => m.status === 200 && /BYE$/.test(m.header('cseq') ?? ''), 5000, '200 for BYE')
    expect(done.status).toBe(200)
  })

  it('registers JsSIP itself (the softphone’s library, over `ws` in Node), and fails it with a wrong password', async () => {
    const g = globalThis as { WebSocket?: unknown }
    const had = g.WebSocket
    g.WebSocket ??= (await import('ws')).default
    try {
      const JsSIP = (await import('jssip')).default
      const register = (user: string, password: string) =>
        new Promise<string>(done => {
          const phone = new JsSIP.UA({ sockets: [new JsSIP.WebSocketInterface(url)], uri: `sip:${user}@127.0.0.1`, password, register: true })
          phone.on('registered', () => (phone.stop(), done('registered')))
          phone.on('registrationFailed', e => (phone.stop(), done(`failed: ${e.cause}`)))
          phone.start()
        })
      expect(await register('1160', demoSipPassword('1160'))).toBe('registered')
      expect(await register('1035', 'wrong')).toBe('failed: Authentication Error')
    } finally {
      g.WebSocket = had
    }
  })

  it('answers 404 for a user who is not registered', async () => {
    const caller = ua('1150')
    await caller.connect()
    await caller.register({ authenticate: true })
    expect((await caller.invite('1152')).response.status).toBe(404)
  })
})
