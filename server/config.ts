import { join, resolve } from 'node:path'
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
  /** PUBLIC_ORIGIN: origins (scheme://host[:port]) allowed to open the socket (never the request's Host header). */
  allowedOrigins: string[]
  sessionIdleMs: number
  sessionAbsoluteMs: number
  socketTicketMs: number
  scryptN: number
  signInRateLimit: RateLimit
  /** Sign-in attempts per client address across every phone (password spraying); an office behind one NAT shares it. */
  signInAddressRateLimit: RateLimit
  /** Registrations per client address. */
  registerRateLimit: RateLimit
  /** Registration code requests per client address across phones (each may send an SMS: SMS pumping). */
  registerCodeAddressRateLimit: RateLimit
  /** Registration code SMS per phone, on top of the 60 s between two of them (SPEC §5). */
  registerSmsPerPhone: RateLimit
  /** How long a registration code can be entered. */
  registerCodeTtlMs: number
  /** Entries of one registration code (right or wrong) before it is spent and a new one must be asked for. */
  registerCodeTries: number
  /** Password recovery requests per client address across phones (each may send an SMS: SMS pumping). */
  restoreAddressRateLimit: RateLimit
  /** Recovery SMS per phone; past it the answer stays the same and nothing is sent. */
  restoreSmsPerPhone: RateLimit
  /** How long a recovered (pending) password can be used to sign in. */
  restorePendingMs: number
  /** Password hashes computed at once; below libuv's thread pool (4) so file reads keep a thread. */
  hashConcurrency: number
  /** Password hashes waiting for a slot; past it the request answers 503 at once. */
  hashQueueLength: number
  /** PASSWORD_HASH_QUEUE_PER_ADDRESS: hashes one address may have waiting (more: 429); the line serves addresses in turn. */
  hashQueuePerAddress: number
  /** How long a password hash may wait for a slot before the request answers 503. */
  hashQueueWaitMs: number
  /** The telephony server's WebSocket URL for JsSIP; empty when there is none. */
  sipWsUrl: string
  seed: SeedMode
  /** The built SPA (vite build output). */
  staticDir: string
  /** Honour X-Forwarded-* (only behind a proxy you control). */
  trustProxy: boolean
  logLevel: string
  /** Base of the links in e-mails (unsubscribe): PUBLIC_URL, else the first PUBLIC_ORIGIN, else http://HOST:PORT. */
  publicUrl: string
  /** Outgoing mail server (SMTP_URL, or SMTP_HOST/PORT/SECURE/USER/PASS); null: e-mails go to the mail_outbox table. */
  smtp: SmtpConfig | null
  /** SMTP_FROM: the sender of notification e-mails. */
  mailFrom: string
  /** UNSUBSCRIBE_SECRET: the HMAC key of unsubscribe links; null: one is generated once and kept in the database. */
  unsubscribeSecret: string | null
  /**
   * SMS_LOG_FILE: every SMS queued is also appended here as a JSON line — the stand-in for a gateway, which this
   * project has none of (`<dataDir>/sms.jsonl` by default; `off` for none). The outbox table holds the same texts.
   */
  smsLogFile: string | null
  /** The SMS gateway (SMS_HTTP_URL, SMS_HTTP_TOKEN, SMS_HTTP_FROM, SMS_HTTP_TIMEOUT_MS); null: SMS stay in sms_outbox as new. */
  smsHttp: SmsHttpConfig | null
  /** SMS_MAX_ATTEMPTS: sending attempts of one SMS (the job queue retries with backoff) before it is marked error. */
  smsMaxAttempts: number
  /** PUBLIC_URL or PUBLIC_ORIGIN was set: the socket URL and origin check use them; otherwise the listening address. */
  publicUrlConfigured: boolean
  /** SESSION_TOUCH_STEP_MS: a session's last_seen_at is written at most once per step (the idle limit is exact to within it). */
  sessionTouchStepMs: number
  /** SOCKET_SESSION_CHECK_MS: how often each node checks its open sockets' sessions for idle/absolute expiry (0: never). */
  socketSessionCheckMs: number
  /** SOCKET_FRAME_LIMIT: frames a socket may send — a bucket of `max` refilled at `max` per window; more are dropped. */
  socketFrameLimit: RateLimit
  /** FEEDBACK_RATE_LIMIT: support messages one user may send per window (counted from the stored messages). */
  feedbackRateLimit: RateLimit
  /** FEEDBACK_DIGEST_MS: administrators get at most one e-mail of new support messages this often. */
  feedbackDigestMs: number
  /** SHUTDOWN_TIMEOUT_MS: a graceful shutdown (server/shutdown.ts) that takes longer exits non-zero. */
  shutdownTimeoutMs: number
  /** FILE_STORAGE: uploaded files on this node's disk (`disk`, DATA_DIR/files) or in the Postgres server (`postgres`). */
  fileStorage: FileStorageKind
}

export type FileStorageKind = 'disk' | 'postgres'

/** An HTTP SMS gateway: POST JSON `{ to, text, from }` with `Authorization: Bearer <token>`; any 2xx is sent. */
export interface SmsHttpConfig {
  url: string
  token: string | null
  from: string | null
  timeoutMs: number
}

export type SmtpConfig = { url: string } | { host: string; port: number; secure: boolean; user: string | null; pass: string | null }

type Env = Record<string, string | undefined>

/** Reads the environment once; throws on values that would silently misbehave (a typo in a number). */
export function loadConfig(env: Env = process.env): Config {
  const dataDir = resolve(env.DATA_DIR || './data')
  const port = int(env, 'PORT', 8080)
  const host = env.HOST || '127.0.0.1'
  const allowedOrigins = list(env.PUBLIC_ORIGIN).map(normalizeOrigin)
  const publicUrl = publicBase(env.PUBLIC_URL, allowedOrigins[0] ?? `http://${host.includes(':') ? `[${host}]` : host}:${port}`)
  return {
    port,
    host,
    dataDir,
    databaseUrl: env.DATABASE_URL || null,
    allowedOrigins,
    sessionIdleMs: int(env, 'SESSION_IDLE_MS', 3_600_000),
    sessionAbsoluteMs: int(env, 'SESSION_ABSOLUTE_MS', 7 * 24 * 3_600_000),
    socketTicketMs: int(env, 'SOCKET_TICKET_MS', 60_000),
    scryptN: scryptN(int(env, 'SCRYPT_N', 2 ** 17)),
    signInRateLimit: rateLimit(env.SIGNIN_RATE_LIMIT || '10/min'),
    signInAddressRateLimit: rateLimit(env.SIGNIN_ADDRESS_RATE_LIMIT || '30/min', 'SIGNIN_ADDRESS_RATE_LIMIT'),
    registerRateLimit: rateLimit(env.REGISTER_RATE_LIMIT || '20/hour', 'REGISTER_RATE_LIMIT'),
    registerCodeAddressRateLimit: rateLimit(env.REGISTER_CODE_ADDRESS_RATE_LIMIT || '10/hour', 'REGISTER_CODE_ADDRESS_RATE_LIMIT'),
    registerSmsPerPhone: rateLimit(env.REGISTER_SMS_PER_PHONE || '5/hour', 'REGISTER_SMS_PER_PHONE'),
    registerCodeTtlMs: int(env, 'REGISTER_CODE_TTL_MS', 10 * 60_000),
    registerCodeTries: Math.max(1, int(env, 'REGISTER_CODE_TRIES', 5)),
    restoreAddressRateLimit: rateLimit(env.RESTORE_ADDRESS_RATE_LIMIT || '20/hour', 'RESTORE_ADDRESS_RATE_LIMIT'),
    restoreSmsPerPhone: rateLimit(env.RESTORE_SMS_PER_PHONE || '3/hour', 'RESTORE_SMS_PER_PHONE'),
    restorePendingMs: int(env, 'RESTORE_PENDING_MS', 24 * 3_600_000),
    hashConcurrency: Math.max(1, int(env, 'PASSWORD_HASH_CONCURRENCY', 2)),
    hashQueueLength: int(env, 'PASSWORD_HASH_QUEUE', 64),
    hashQueuePerAddress: Math.max(1, int(env, 'PASSWORD_HASH_QUEUE_PER_ADDRESS', 4)),
    hashQueueWaitMs: int(env, 'PASSWORD_HASH_WAIT_MS', 10_000),
    sipWsUrl: env.SIP_WS_URL ?? '',
    seed: seedMode(env.SEED),
    staticDir: resolve(env.STATIC_DIR || resolve(REPO_ROOT, 'dist')),
    trustProxy: env.TRUST_PROXY === '1' || env.TRUST_PROXY === 'true',
    logLevel: env.LOG_LEVEL || 'info',
    publicUrl,
    smtp: smtp(env),
    mailFrom: env.SMTP_FROM || `Cabinet <no-reply@${new URL(publicUrl).hostname}>`,
    unsubscribeSecret: env.UNSUBSCRIBE_SECRET || null,
    smsLogFile: env.SMS_LOG_FILE === 'off' ? null : resolve(env.SMS_LOG_FILE || join(dataDir, 'sms.jsonl')),
    smsHttp: smsHttp(env),
    smsMaxAttempts: Math.max(1, int(env, 'SMS_MAX_ATTEMPTS', 5)),
    publicUrlConfigured: Boolean(env.PUBLIC_URL || allowedOrigins.length > 0),
    sessionTouchStepMs: int(env, 'SESSION_TOUCH_STEP_MS', 60_000),
    socketSessionCheckMs: int(env, 'SOCKET_SESSION_CHECK_MS', 30_000),
    socketFrameLimit: rateLimit(env.SOCKET_FRAME_LIMIT || '20/10s', 'SOCKET_FRAME_LIMIT'),
    feedbackRateLimit: rateLimit(env.FEEDBACK_RATE_LIMIT || '10/hour', 'FEEDBACK_RATE_LIMIT'),
    feedbackDigestMs: int(env, 'FEEDBACK_DIGEST_MS', 10 * 60_000),
    shutdownTimeoutMs: int(env, 'SHUTDOWN_TIMEOUT_MS', 10_000),
    fileStorage: fileStorage(env),
  }
}

function publicBase(raw: string | undefined, fallback: string): string {
  if (!raw) return fallback
  try {
    const url = new URL(raw)
    if (url.protocol !== 'http:' && url.protocol !== 'https:') throw new Error('scheme')
    return url.toString().replace(/\/+$/, '')
  } catch {
    throw new Error(`PUBLIC_URL must be an http(s) URL like https://cabinet.example, got "${raw}"`)
  }
}

function smtp(env: Env): SmtpConfig | null {
  if (env.SMTP_URL) {
    if (!/^smtps?:\/\//.test(env.SMTP_URL)) throw new Error('SMTP_URL must look like smtp://user:pass@host:587 or smtps://host:465')
    return { url: env.SMTP_URL }
  }
  if (!env.SMTP_HOST) return null
  const port = int(env, 'SMTP_PORT', 587)
  const secure = env.SMTP_SECURE ? env.SMTP_SECURE === '1' || env.SMTP_SECURE === 'true' : port === 465
  return { host: env.SMTP_HOST, port, secure, user: env.SMTP_USER || null, pass: env.SMTP_PASS || null }
}

function smsHttp(env: Env): SmsHttpConfig | null {
  if (!env.SMS_HTTP_URL) {
    // A token or sender without the gateway's address is a half-done setup that would silently send nothing.
    if (env.SMS_HTTP_TOKEN || env.SMS_HTTP_FROM) throw new Error('SMS_HTTP_TOKEN and SMS_HTTP_FROM need SMS_HTTP_URL')
    return null
  }
  let url: URL
  try {
    url = new URL(env.SMS_HTTP_URL)
  } catch {
    url = new URL('invalid:')
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') throw new Error(`SMS_HTTP_URL must be an http(s) URL like https://sms.example/send, got "${env.SMS_HTTP_URL}"`)
  return {
    url: url.toString(),
    token: env.SMS_HTTP_TOKEN || null,
    from: env.SMS_HTTP_FROM || null,
    timeoutMs: Math.max(1, int(env, 'SMS_HTTP_TIMEOUT_MS', 10_000)),
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
export function rateLimit(raw: string, name = 'SIGNIN_RATE_LIMIT'): RateLimit {
  const match = /^\s*(\d+)\s*(?:\/\s*(\d*)\s*(s|sec|m|min|h|hour)?)?\s*$/.exec(raw)
  if (!match) throw new Error(`${name} must look like 10/min, got "${raw}"`)
  const unitMs = { s: 1000, sec: 1000, m: 60_000, min: 60_000, h: 3_600_000, hour: 3_600_000 }[match[3] ?? 'min'] ?? 60_000
  return { max: Number(match[1]), windowMs: Number(match[2] || 1) * unitMs }
}

function fileStorage(env: Env): FileStorageKind {
  const raw = env.FILE_STORAGE || 'disk'
  if (raw !== 'disk' && raw !== 'postgres') throw new Error(`FILE_STORAGE must be disk or postgres, got "${raw}"`)
  // Files in the database are for several nodes sharing a Postgres server; the embedded one has a disk of its own.
  if (raw === 'postgres' && !env.DATABASE_URL) throw new Error('FILE_STORAGE=postgres needs DATABASE_URL (a Postgres server)')
  return raw
}

function seedMode(raw: string | undefined): SeedMode {
  if (!raw || raw === 'auto') return 'auto'
  if (raw === 'always' || raw === 'never') return raw
  throw new Error(`SEED must be auto, always or never, got "${raw}"`)
}
