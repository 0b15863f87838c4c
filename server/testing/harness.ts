import type { FastifyInstance, LightMyRequestResponse } from 'fastify'
import { afterAll, afterEach, beforeAll, beforeEach, describe } from 'vitest'
import { formatPhone } from '../../core/validation'
import type { Role } from '../../core/auth/profile'
import { buildApp, type BuildAppOptions } from '../app'
import { createPasswordHasher, type PasswordHasher } from '../auth/password'
import { ManualClock } from '../clock'
import { loadConfig, type Config } from '../config'
import type { Db } from '../db/client'
import { users } from '../db/schema'
import { testModules } from './modules'
import { openTestDb, testDbKinds, type TestDb, type TestDbKind } from './test-db'

/** Real scrypt, just cheap enough for tests; set through config like any deployment would. */
export const TEST_ENV: Record<string, string> = {
  SCRYPT_N: '1024',
  LOG_LEVEL: 'silent',
  SMS_LOG_FILE: 'off',
  STATIC_DIR: '/nonexistent-dist',
  SIGNIN_RATE_LIMIT: '10/min',
  // Per address across phones: high here, as every injected request comes from one address; the limits
  // themselves are tested with their own values (server/auth/address-limit.test.ts).
  SIGNIN_ADDRESS_RATE_LIMIT: '1000/min',
  REGISTER_RATE_LIMIT: '1000/hour',
  RESTORE_ADDRESS_RATE_LIMIT: '1000/hour',
  REGISTER_CODE_ADDRESS_RATE_LIMIT: '1000/hour',
}

export interface TestContext {
  kind: TestDbKind
  db: Db
  app: FastifyInstance
  clock: ManualClock
  config: Config
  passwords: PasswordHasher
  /** Inserts a user with a real hash; phone is the 11 digits. */
  createUser(fields?: Partial<typeof users.$inferInsert> & { password?: string }): Promise<{ id: number; phone: string; password: string }>
  /** Signs in through the API and returns the bearer token. */
  signIn(phone11: string, password: string): Promise<string>
  /** app.inject with the bearer token set. */
  call(method: 'GET' | 'POST', url: string, token?: string | null, body?: unknown, headers?: Record<string, string>): Promise<LightMyRequestResponse>
}

export interface HarnessOptions {
  env?: Record<string, string>
  app?: Partial<Omit<BuildAppOptions, 'db' | 'config' | 'clock'>>
}

/**
 * Runs `define` once per database kind. The database opens once per kind (beforeAll); every test gets
 * empty tables, a fresh ManualClock and a fresh app (so rate-limit counters never leak between tests).
 */
export function describeEachDb(title: string, define: (ctx: TestContext) => void, options: HarnessOptions = {}): void {
  for (const kind of testDbKinds()) {
    describe(`${title} [${kind}]`, () => {
      let testDb: TestDb
      let phoneCounter = 0
      const config = loadConfig({ ...TEST_ENV, ...options.env })
      const passwords = createPasswordHasher({ N: config.scryptN })
      const ctx = { kind, config, passwords } as TestContext

      beforeAll(async () => {
        testDb = await openTestDb(kind)
        ctx.db = testDb.db
      })
      afterAll(async () => {
        await testDb?.close()
      })
      beforeEach(async () => {
        await testDb.reset()
        phoneCounter = 0
        ctx.clock = new ManualClock()
        ctx.app = buildApp({ db: testDb.db, config, clock: ctx.clock, modules: testModules(), ...options.app })
        await ctx.app.ready()
      })
      afterEach(async () => {
        await ctx.app?.close()
      })

      ctx.createUser = async (fields = {}) => {
        const { password = 'secret1', ...rest } = fields
        const phone = rest.phone ?? `7700200${String(++phoneCounter).padStart(4, '0')}`
        const [row] = await ctx.db
          .insert(users)
          .values({
            full_name: 'Тестов Тест Тестович',
            role: 10 satisfies Role,
            created_at: new Date(ctx.clock.now()),
            ...rest,
            phone,
            password_hash: await passwords.hash(password),
          })
          .returning({ id: users.id })
        if (!row) throw new Error('user not created')
        return { id: row.id, phone, password }
      }

      ctx.call = (method, url, token, body, headers = {}) =>
        ctx.app.inject({
          method,
          url,
          headers: { ...(token ? { authorization: `Bearer ${token}` } : {}), ...headers },
          ...(body === undefined ? {} : { payload: body as string | object }),
        })

      ctx.signIn = async (phone11, password) => {
        const res = await ctx.call('POST', '/api/v1/users/sign-in', null, { phone: formatPhone(phone11), password })
        const body = res.json<{ result: boolean; data?: { token: string } }>()
        if (!body.result || !body.data) throw new Error(`sign-in failed: ${res.body}`)
        return body.data.token
      }

      define(ctx)
    })
  }
}
