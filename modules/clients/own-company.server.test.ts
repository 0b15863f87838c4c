import { readFileSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import { eq, sql } from 'drizzle-orm'
import { expect, it } from 'vitest'
import { ROLE } from '../../core/auth/profile'
import { companies } from '../../server/db/schema'
import { describeEachDb } from '../../server/testing/harness'
import { createClientsServer } from './server'
import { LEGAL, testDataDir } from './server/test-helpers'
import { bankAccounts, companyDetails } from './tables'

const clients = createClientsServer({ env: {} })
const en = { 'accept-language': 'en' }

describeEachDb(
  "clients: a client's own company, entered after registration",
  ctx => {
    const newClient = async () => {
      const user = await ctx.createUser({ role: ROLE.client, full_name: 'Новый Клиент' })
      return { id: user.id, token: await ctx.signIn(user.phone, user.password) }
    }

    it('a client without a company creates its own on the first save; a second one is refused', async () => {
      const client = await newClient()
      expect((await ctx.call('GET', '/api/v1/company', client.token)).json().data).toBeNull()

      const bad = await ctx.call('POST', '/api/v1/companies', client.token, { kind: 'legal', inn: '12' }, en)
      expect(bad.statusCode).toBe(422)
      expect(await ctx.db.select().from(companies)).toHaveLength(0)

      const res = await ctx.call('POST', '/api/v1/companies', client.token, LEGAL, en)
      expect(res.statusCode).toBe(200)
      expect(res.json().data).toMatchObject({ inn: LEGAL.inn, short_name: LEGAL.short_name, agent: null })
      const [row] = await ctx.db.select().from(companies)
      expect(row).toMatchObject({ owner_user_id: client.id, agent_user_id: null })
      expect((await ctx.call('GET', '/api/v1/company', client.token)).json().data).toEqual({ id: row!.id, inn: LEGAL.inn, ogrn: LEGAL.ogrn, short_name: LEGAL.short_name, full_name: LEGAL.full_name })

      const second = await ctx.call('POST', '/api/v1/companies', client.token, LEGAL, en)
      expect(second.statusCode).toBe(403)
      expect(second.json()).toEqual({ result: false, message: 'A client cannot add companies' })
      expect(await ctx.db.select().from(companies)).toHaveLength(1)
    })

    it('two first saves at once make one company', async () => {
      const client = await newClient()
      const answers = await Promise.all([0, 1].map(() => ctx.call('POST', '/api/v1/companies', client.token, LEGAL, en)))
      expect(answers.map(a => a.statusCode).sort()).toEqual(expect.arrayContaining([200]))
      expect(answers.filter(a => a.statusCode === 200)).toHaveLength(1)
      expect(await ctx.db.select().from(companies).where(eq(companies.owner_user_id, client.id))).toHaveLength(1)
    })

    it("the migration drops registration's empty companies and keeps every company with something in it", async () => {
      const now = new Date(ctx.clock.now())
      const empty = await newClient()
      const named = await newClient()
      const withDetails = await newClient()
      const withAccount = await newClient()
      const agent = await ctx.createUser({ role: ROLE.agent })
      const rows = await ctx.db
        .insert(companies)
        .values([
          { owner_user_id: empty.id, created_at: now },
          { owner_user_id: named.id, short_name: 'ООО «Есть имя»', created_at: now },
          { owner_user_id: withDetails.id, created_at: now },
          { owner_user_id: withAccount.id, created_at: now },
          { owner_user_id: null, agent_user_id: agent.id, created_at: now },
        ])
        .returning({ id: companies.id })
      await ctx.db.insert(companyDetails).values({ company_id: rows[2]!.id, kind: 'sole', updated_at: now })
      await ctx.db.insert(bankAccounts).values({ company_id: rows[3]!.id, bank_name: 'Банк', bik: '044525225', settlement_account: '40702810938000000001', is_main: true, created_at: now })

      const migration = readFileSync(fileURLToPath(new URL('./migrations/0003_drop_placeholder_companies.sql', import.meta.url)), 'utf8')
      await ctx.db.execute(sql.raw(migration))

      const left = (await ctx.db.select({ id: companies.id }).from(companies)).map(r => r.id).sort((a, b) => a - b)
      expect(left).toEqual(rows.slice(1).map(r => r.id))
    })
  },
  { env: { DATA_DIR: testDataDir() }, app: { modules: [clients] } },
)
