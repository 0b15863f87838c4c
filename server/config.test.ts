import { describe, expect, it } from 'vitest'
import { loadConfig, rateLimit } from './config'

it('has the documented defaults', () => {
  const c = loadConfig({})
  expect(c).toMatchObject({
    port: 8080,
    host: '127.0.0.1',
    databaseUrl: null,
    allowedOrigins: [],
    sessionIdleMs: 3_600_000,
    sessionAbsoluteMs: 7 * 24 * 3_600_000,
    socketTicketMs: 60_000,
    scryptN: 2 ** 17,
    signInRateLimit: { max: 10, windowMs: 60_000 },
    signInAddressRateLimit: { max: 30, windowMs: 60_000 },
    registerRateLimit: { max: 20, windowMs: 3_600_000 },
    restoreAddressRateLimit: { max: 20, windowMs: 3_600_000 },
    restoreSmsPerPhone: { max: 3, windowMs: 3_600_000 },
    restorePendingMs: 24 * 3_600_000,
    hashConcurrency: 2,
    hashQueueLength: 64,
    hashQueuePerAddress: 4,
    hashQueueWaitMs: 10_000,
    sipWsUrl: '',
    seed: 'auto',
    trustProxy: false,
  })
  expect(c.dataDir).toMatch(/\/data$/)
  expect(c.staticDir).toMatch(/\/dist$/)
})

it('reads the environment', () => {
  const c = loadConfig({
    PORT: '9000',
    DATABASE_URL: 'postgres://x@h/db',
    PUBLIC_ORIGIN: 'https://a.example/, http://b.example:8080',
    SCRYPT_N: '1024',
    SESSION_IDLE_MS: '1_000',
    SIGNIN_RATE_LIMIT: '5/10s',
    SEED: 'always',
    SIP_WS_URL: 'wss://sip.example:8089/ws',
  })
  expect(c).toMatchObject({
    port: 9000,
    databaseUrl: 'postgres://x@h/db',
    allowedOrigins: ['https://a.example', 'http://b.example:8080'],
    scryptN: 1024,
    sessionIdleMs: 1000,
    signInRateLimit: { max: 5, windowMs: 10_000 },
    seed: 'always',
    sipWsUrl: 'wss://sip.example:8089/ws',
  })
})

it('fails loudly on values that would silently misbehave', () => {
  expect(() => loadConfig({ PORT: 'eighty' })).toThrow(/PORT/)
  expect(() => loadConfig({ SCRYPT_N: '1000' })).toThrow(/power of two/)
  expect(() => loadConfig({ SEED: 'yes' })).toThrow(/SEED/)
  expect(() => loadConfig({ PUBLIC_ORIGIN: 'nope' })).toThrow(/PUBLIC_ORIGIN/)
  expect(() => rateLimit('ten a minute')).toThrow(/SIGNIN_RATE_LIMIT/)
  expect(rateLimit('100/hour')).toEqual({ max: 100, windowMs: 3_600_000 })
  expect(rateLimit('7')).toEqual({ max: 7, windowMs: 60_000 })
})

it('reads the sign-in, recovery and password-hash limits, naming the variable of a bad value', () => {
  const c = loadConfig({ SIGNIN_ADDRESS_RATE_LIMIT: '50/min', RESTORE_SMS_PER_PHONE: '5/2h', PASSWORD_HASH_CONCURRENCY: '1', PASSWORD_HASH_QUEUE: '8' })
  expect(c).toMatchObject({ signInAddressRateLimit: { max: 50, windowMs: 60_000 }, restoreSmsPerPhone: { max: 5, windowMs: 7_200_000 }, hashConcurrency: 1, hashQueueLength: 8 })
  expect(() => loadConfig({ REGISTER_RATE_LIMIT: 'lots' })).toThrow(/REGISTER_RATE_LIMIT/)
  expect(() => loadConfig({ PASSWORD_HASH_WAIT_MS: '-1' })).toThrow(/PASSWORD_HASH_WAIT_MS/)
})

it('reads the socket and session settings of issue 9, and whether a public address is configured', () => {
  expect(loadConfig({})).toMatchObject({
    publicUrlConfigured: false,
    sessionTouchStepMs: 60_000,
    socketSessionCheckMs: 30_000,
    socketFrameLimit: { max: 20, windowMs: 10_000 },
  })
  expect(loadConfig({ PUBLIC_URL: 'https://cabinet.example' }).publicUrlConfigured).toBe(true)
  expect(loadConfig({ PUBLIC_ORIGIN: 'https://cabinet.example' })).toMatchObject({ publicUrlConfigured: true, publicUrl: 'https://cabinet.example' })
  expect(loadConfig({ SESSION_TOUCH_STEP_MS: '0', SOCKET_SESSION_CHECK_MS: '5000', SOCKET_FRAME_LIMIT: '5/s' })).toMatchObject({
    sessionTouchStepMs: 0,
    socketSessionCheckMs: 5000,
    socketFrameLimit: { max: 5, windowMs: 1000 },
  })
  expect(() => loadConfig({ SOCKET_FRAME_LIMIT: 'lots' })).toThrow(/SOCKET_FRAME_LIMIT/)
})

it('reads the SMS gateway (none by default) and refuses a half-done or malformed one', () => {
  expect(loadConfig({}).smsHttp).toBeNull()
  expect(loadConfig({}).smsMaxAttempts).toBe(5)
  expect(loadConfig({ SMS_HTTP_URL: 'https://sms.example/send', SMS_HTTP_TOKEN: 't0k', SMS_HTTP_FROM: 'Cabinet', SMS_HTTP_TIMEOUT_MS: '3000', SMS_MAX_ATTEMPTS: '3' })).toMatchObject({
    smsHttp: { url: 'https://sms.example/send', token: 't0k', from: 'Cabinet', timeoutMs: 3000 },
    smsMaxAttempts: 3,
  })
  expect(loadConfig({ SMS_HTTP_URL: 'http://127.0.0.1:9000' }).smsHttp).toEqual({ url: 'http://127.0.0.1:9000/', token: null, from: null, timeoutMs: 10_000 })
  expect(() => loadConfig({ SMS_HTTP_URL: 'smtp://sms.example' })).toThrow(/SMS_HTTP_URL/)
  expect(() => loadConfig({ SMS_HTTP_URL: 'not a url' })).toThrow(/SMS_HTTP_URL/)
  expect(() => loadConfig({ SMS_HTTP_TOKEN: 't0k' })).toThrow(/SMS_HTTP_URL/)
  expect(() => loadConfig({ SMS_HTTP_URL: 'https://sms.example', SMS_HTTP_TIMEOUT_MS: 'soon' })).toThrow(/SMS_HTTP_TIMEOUT_MS/)
})

describe('FILE_STORAGE', () => {
  it('is disk by default, postgres only with a Postgres server, and nothing else', () => {
    expect(loadConfig({}).fileStorage).toBe('disk')
    expect(loadConfig({ FILE_STORAGE: 'postgres', DATABASE_URL: 'postgres://u@h/db' }).fileStorage).toBe('postgres')
    expect(() => loadConfig({ FILE_STORAGE: 'postgres' })).toThrow(/needs DATABASE_URL/)
    expect(() => loadConfig({ FILE_STORAGE: 's3' })).toThrow(/disk or postgres/)
  })
})
