import { execFile, spawnSync } from 'node:child_process'
import { createSocket } from 'node:dgram'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { promisify } from 'node:util'
import type { Page } from 'playwright-core'
import { REPO_ROOT, freePort } from './server'

const run = promisify(execFile)

/**
 * Installs Kamailio when missing (scripts/ensure-kamailio.sh, as root) and says why a suite is skipped when it
 * cannot be: '' when the real SIP peer is there.
 */
export function kamailioSkipReason(suite: string): string {
  const ensured = spawnSync('bash', [join(REPO_ROOT, 'scripts/ensure-kamailio.sh')], { encoding: 'utf8' })
  if (ensured.status === 0) return ''
  const reason = `kamailio cannot be installed here: ${(ensured.stderr || ensured.stdout).trim().split('\n').join(' ')}`
  console.warn(`[${suite}] SKIPPED — ${reason}`)
  return reason
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

export interface SipPeer {
  /** What the server's SIP_WS_URL names. */
  wsUrl: string
  /** Stops or starts it again (a restart mid-session). */
  stop(): Promise<void>
  start(): Promise<void>
  /** Stops it for good and removes its files. */
  destroy(): Promise<void>
}

/** A real Kamailio (scripts/sip-peer.sh) on free loopback ports with these accounts (`code:password,…`). */
export async function startSipPeer(users: string): Promise<SipPeer> {
  const dir = mkdtempSync(join(tmpdir(), 'sip-e2e-'))
  const wsPort = await freePort()
  const env = { ...process.env, SIP_DIR: dir, SIP_WS_PORT: String(wsPort), SIP_UDP_PORT: String(await freeUdpPort()), SIP_USERS: users }
  const peer = async (command: 'start' | 'stop') => {
    await run('bash', [join(REPO_ROOT, 'scripts/sip-peer.sh'), command], { env, cwd: REPO_ROOT })
  }
  await peer('start')
  return {
    wsUrl: `ws://127.0.0.1:${wsPort}`,
    stop: () => peer('stop'),
    start: () => peer('start'),
    destroy: async () => {
      await peer('stop').catch(() => undefined)
      rmSync(dir, { recursive: true, force: true })
    },
  }
}

/** Polls `probe` until `ok`, failing with the last value seen. */
export async function waitFor<T>(what: string, probe: () => Promise<T>, ok: (v: T) => boolean, timeoutMs = 15_000): Promise<T> {
  const deadline = Date.now() + timeoutMs
  let last: T = await probe()
  while (!ok(last)) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what} (last: ${JSON.stringify(last)})`)
    await new Promise(r => setTimeout(r, 200))
    last = await probe()
  }
  return last
}

// ─── the call panel ──────────────────────────────────────────────────────────────────────────────────────────

export const panel = (page: Page) => page.locator('[data-testid="call-panel"]')
export const panelState = (page: Page) => panel(page).getAttribute('data-state', { timeout: 2000 }).catch(() => null)
export const waitState = (page: Page, state: string, timeout = 20_000) => page.locator(`[data-testid="call-panel"][data-state="${state}"]`).waitFor({ timeout })

export async function openPanel(page: Page) {
  await page.locator('[data-testid="call-toggle"]').waitFor({ timeout: 30_000 })
  if (!(await panel(page).isVisible())) await page.locator('[data-testid="call-toggle"]').click()
  await panel(page).waitFor()
}

/** Calls a colleague by their SIP code from the open panel (in Russian, the suites' language). */
export async function dialExtension(page: Page, code: string) {
  await panel(page).getByRole('button', { name: 'Внутренний номер' }).click()
  await panel(page).getByRole('textbox', { name: /Внутренний номер/ }).fill(code)
  await panel(page).locator('[data-testid="call-button"]').click()
}
