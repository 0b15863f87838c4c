import { resolve } from 'node:path'
import { fileURLToPath } from 'node:url'

/** The repository root (server/ sits directly under it), so paths do not depend on the working directory. */
export const REPO_ROOT = resolve(fileURLToPath(new URL('.', import.meta.url)), '..')

export type SeedMode = 'auto' | 'always' | 'never'

export interface RateLimit {
  max: number
  windowMs: number
}

export interface Config {
  port: number
  host: string
  dataDir: string
  /** A Postgres server; when absent the embedded PGlite at `<dataDir>/db` is used. */
  databaseUrl: string | null
  /** Origins (scheme://host[:port]) besides the request's own host allowed to open the socket. */
  allowedOrigins: string[]
  sessionIdleMs: number
  sessionAbsoluteMs: number
  socketTicketMs: number
  scryptN: number
  signInRateLimit: RateLimit
  /** The telephony server's WebSocket URL for JsSIP; empty when there is none. */
  sipWsUrl: string
  seed: SeedMode
  /** The built SPA (vite build output). */
  staticDir: string
  /** Honour X-Forwarded-* (only behind a proxy you control). */
  trustProxy: boolean
  logLevel: string
}

type Env = Record<string, string | undefined>

/** Reads the environment once; throws on values that would silently misbehave (a typo in a number). */
export function loadConfig(env: Env = process.env): Config {
  const dataDir = resolve(env.DATA_DIR || './data')
  return {
    port: int(env, 'PORT', 8080),
    host: env.HOST || '127.0.0.1',
    dataDir,
    databaseUrl: env.DATABASE_URL || null,
    allowedOrigins: list(env.PUBLIC_ORIGIN).map(normalizeOrigin),
    sessionIdleMs: int(env, 'SESSION_IDLE_MS', 3_600_000),
    sessionAbsoluteMs: int(env, 'SESSION_ABSOLUTE_MS', 7 * 24 * 3_600_000),
    socketTicketMs: int(env, 'SOCKET_TICKET_MS', 60_000),
    scryptN: scryptN(int(env, 'SCRYPT_N', 2 ** 17)),
    signInRateLimit: rateLimit(env.SIGNIN_RATE_LIMIT || '10/min'),
    sipWsUrl: env.SIP_WS_URL ?? '',
    seed: seedMode(env.SEED),
    staticDir: resolve(env.STATIC_DIR || resolve(REPO_ROOT, 'dist')),
    trustProxy: env.TRUST_PROXY === '1' || env.TRUST_PROXY === 'true',
    logLevel: env.LOG_LEVEL || 'info',
  }
}

function int(env: Env, name: string, fallback: number): number {
  const raw = env[name]
  if (raw === undefined || raw === '') return fallback
  const value = Number(raw.replace(/_/g, ''))
  if (!Number.isSafeInteger(value) || value < 0) throw new Error(`${name} must be a non-negative integer, got "${raw}"`)
  return value
}

function list(raw: string | undefined): string[] {
  return (raw ?? '')
    .split(',')
    .map(s => s.trim())
    .filter(Boolean)
}

function normalizeOrigin(raw: string): string {
  try {
    return new URL(raw).origin
  } catch {
    throw new Error(`PUBLIC_ORIGIN must be a list of origins like https://cabinet.example, got "${raw}"`)
  }
}

/** scrypt needs a power of two above 1. */
function scryptN(n: number): number {
  if (n < 2 || (n & (n - 1)) !== 0) throw new Error(`SCRYPT_N must be a power of two, got ${n}`)
  return n
}

/** `10/min`, `5/10s`, `100/hour` or a bare number (per minute). */
export function rateLimit(raw: string): RateLimit {
  const match = /^\s*(\d+)\s*(?:\/\s*(\d*)\s*(s|sec|m|min|h|hour)?)?\s*$/.exec(raw)
  if (!match) throw new Error(`SIGNIN_RATE_LIMIT must look like 10/min, got "${raw}"`)
  const unitMs = { s: 1000, sec: 1000, m: 60_000, min: 60_000, h: 3_600_000, hour: 3_600_000 }[match[3] ?? 'min'] ?? 60_000
  return { max: Number(match[1]), windowMs: Number(match[2] || 1) * unitMs }
}

function seedMode(raw: string | undefined): SeedMode {
  if (!raw || raw === 'auto') return 'auto'
  if (raw === 'always' || raw === 'never') return raw
  throw new Error(`SEED must be auto, always or never, got "${raw}"`)
}
