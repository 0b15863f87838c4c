/**
 * Starts the real server (`node --import tsx server/main.ts`) for tests that need their own instance: a restart over
 * the same data dir, other settings, a second node. The SPA must already be built (scripts/e2e.sh builds
 * it once before the suite).
 */
import { spawn, type ChildProcess } from 'node:child_process'
import { closeSync, existsSync, mkdirSync, mkdtempSync, openSync, readFileSync, rmSync } from 'node:fs'
import { createServer } from 'node:net'
import { join, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'

export const REPO_ROOT = resolve(fileURLToPath(new URL('.', import.meta.url)), '../../..')
/** The path polled until the server answers; any HTTP status counts (the server listens after migrations and seed). */
export const READY_PATH = '/api/v1/health'

export interface StartServerOptions {
  /** Reuse a data dir (e.g. to restart over the same database); a fresh one under .tmp/ by default. */
  dataDir?: string
  /** A free loopback port is picked by default. */
  port?: number
  /** Extra environment for the server (merged over the defaults below). */
  env?: Record<string, string | undefined>
  /** Seconds to wait for the first answer (default 90: PGlite's cold start with seeding takes a few). */
  startTimeoutS?: number
}

export interface RunningServer {
  url: string
  port: number
  dataDir: string
  logPath: string
  pid: number
  /** The server's output so far. */
  log(): string
  /** Resolves with the exit status once the process has exited (null when a signal ended it). */
  exited: Promise<number | null>
  /** SIGTERM, then SIGKILL after `graceMs`; resolves once the process has exited. Safe to call twice. */
  stop(graceMs?: number): Promise<void>
  /** stop(), then delete the data dir when startServer created it (a dataDir passed in is left alone). */
  destroy(): Promise<void>
}

export async function freePort(): Promise<number> {
  return new Promise((ok, fail) => {
    const srv = createServer()
    srv.once('error', fail)
    srv.listen(0, '127.0.0.1', () => {
      const address = srv.address()
      const port = typeof address === 'object' && address ? address.port : 0
      srv.close(() => ok(port))
    })
  })
}

export function tmpRoot(): string {
  const dir = process.env.E2E_RUN_DIR ?? join(REPO_ROOT, '.tmp')
  mkdirSync(dir, { recursive: true })
  return dir
}

function killGroup(child: ChildProcess, signal: NodeJS.Signals): void {
  if (child.pid === undefined) return
  try {
    process.kill(-child.pid, signal)
  } catch {
    try {
      child.kill(signal)
    } catch {
      // already gone
    }
  }
}

const running = new Set<ChildProcess>()
let exitHookInstalled = false
function installExitHook(): void {
  if (exitHookInstalled) return
  exitHookInstalled = true
  // A test that forgets stop() (or a crashed worker) must not leave servers behind.
  process.on('exit', () => {
    for (const child of running) killGroup(child, 'SIGKILL')
  })
}

export async function startServer(options: StartServerOptions = {}): Promise<RunningServer> {
  const port = options.port ?? (await freePort())
  const dataDir = options.dataDir ?? join(mkdtempSync(join(tmpRoot(), 'server-')), 'data')
  mkdirSync(dataDir, { recursive: true })
  const logPath = join(dataDir, '..', `server-${port}-${Date.now()}.log`)
  const logFd = openSync(logPath, 'a')
  const url = `http://127.0.0.1:${port}`

  // node with tsx as a loader, not the tsx CLI: the CLI runs the server as its child and relays SIGTERM only if the
  // child acknowledges it within 30 ms, else SIGKILLs it (a busy PGlite server misses that: no graceful shutdown).
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
    cwd: REPO_ROOT,
    env: {
      ...process.env,
      HOST: '127.0.0.1',
      PORT: String(port),
      DATA_DIR: dataDir,
      // The socket URL and origin check come from configuration, never the Host header.
      PUBLIC_URL: url,
      // Every e2e request comes from 127.0.0.1: the per-address sign-in limit would trip otherwise.
      SIGNIN_RATE_LIMIT: '10000/min',
      ...options.env,
    },
    stdio: ['ignore', logFd, logFd],
    detached: true, // own process group, so stop() reaches anything the server starts too
  })
  closeSync(logFd)
  running.add(child)
  installExitHook()

  let exited = false
  const exitStatus = new Promise<number | null>(ok => {
    child.once('exit', code => {
      exited = true
      running.delete(child)
      ok(code)
    })
  })
  const exitPromise = exitStatus.then(() => undefined)

  const log = () => {
    try {
      return readFileSync(logPath, 'utf8')
    } catch {
      return ''
    }
  }
  const stop = async (graceMs = 5000) => {
    if (exited) return
    killGroup(child, 'SIGTERM')
    const timer = setTimeout(() => killGroup(child, 'SIGKILL'), graceMs)
    await exitPromise
    clearTimeout(timer)
  }

  const deadline = Date.now() + (options.startTimeoutS ?? 90) * 1000
  for (;;) {
    try {
      const res = await fetch(url + READY_PATH, { signal: AbortSignal.timeout(2000) })
      await res.arrayBuffer().catch(() => undefined)
      break
    } catch {
      // not listening yet
    }
    if (exited) {
      throw new Error(`The server exited before answering (log ${logPath}):\n${tail(log())}`)
    }
    if (Date.now() >= deadline) {
      await stop()
      throw new Error(`The server did not answer ${url}${READY_PATH} in time (log ${logPath}):\n${tail(log())}`)
    }
    await new Promise(r => setTimeout(r, 250))
  }

  const destroy = async () => {
    await stop()
    if (!options.dataDir) rmSync(dataDir, { recursive: true, force: true })
  }

  return { url, port, dataDir, logPath, pid: child.pid ?? -1, log, exited: exitStatus, stop, destroy }
}

function tail(text: string, lines = 40): string {
  return text.split('\n').slice(-lines).join('\n')
}

let shared: Promise<RunningServer> | undefined
/**
 * The server under test: E2E_BASE_URL when scripts/e2e.sh started one, otherwise (a test file run on
 * its own with `npx vitest run --project e2e`) one started here for this worker over a fresh data dir.
 */
export function baseUrl(): Promise<string> {
  const fromEnv = process.env.E2E_BASE_URL
  if (fromEnv) return Promise.resolve(fromEnv.replace(/\/+$/, ''))
  if (!existsSync(join(REPO_ROOT, 'dist', 'index.html'))) {
    return Promise.reject(new Error('E2E_BASE_URL is not set and dist/ is not built: run `npm run test:e2e` (scripts/e2e.sh).'))
  }
  shared ??= startServer()
  return shared.then(s => s.url)
}

/**
 * Stops the server baseUrl() started for this worker, if it did (call from afterAll; vitest may end a
 * worker without running 'exit' handlers, so this is the reliable cleanup).
 */
export async function releaseBaseUrl(): Promise<void> {
  const started = shared
  shared = undefined
  if (started) await (await started.catch(() => undefined))?.destroy()
}
