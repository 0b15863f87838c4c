import { companies } from '../../server/db/schema'
import { DEMO_PASSWORD, DEMO_USERS, demoPhone, seedDemo } from '../../server/seed'
import { formatPhone } from '../../core/validation'
import type { TestContext } from '../../server/testing/harness'
import { testModules } from '../../server/testing/modules'

/** The demo data seeded into the test database and a signed-in session of each of the 14 demo users. */
export interface DemoCast {
  /** suffix (`0100`) → bearer token. */
  tokens: Map<string, string>
  /** A company id every test may upload to (the first seeded one). */
  companyId: number
}

export async function seedDemoCast(ctx: TestContext): Promise<DemoCast> {
  await seedDemo(ctx.db, { passwords: ctx.passwords, clock: ctx.clock }, testModules())
  const tokens = new Map<string, string>()
  for (const { suffix } of DEMO_USERS) {
    const res = await ctx.call('POST', '/api/v1/users/sign-in', null, { phone: formatPhone(demoPhone(suffix)), password: DEMO_PASSWORD })
    if (res.statusCode !== 200) throw new Error(`demo sign-in ${suffix}: ${res.statusCode} ${res.body}`)
    tokens.set(suffix, res.json<{ data: { token: string } }>().data.token)
  }
  const [company] = await ctx.db.select({ id: companies.id }).from(companies).orderBy(companies.id).limit(1)
  if (!company) throw new Error('the demo seed has no company')
  return { tokens, companyId: company.id }
}

/** The envelope of every failure (server/http/envelope.ts): `result: false` and a message. */
export function isFailureEnvelope(body: unknown): boolean {
  if (typeof body !== 'object' || body === null) return false
  const b = body as Record<string, unknown>
  if (b.result !== false || typeof b.message !== 'string' || b.message === '') return false
  if (b.validation !== undefined && (typeof b.validation !== 'object' || b.validation === null)) return false
  return true
}
