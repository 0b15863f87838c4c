import { sql } from 'drizzle-orm'
import { expect, it } from 'vitest'
import { ROLE } from '../../core/auth/profile'
import { users } from '../../server/db/schema'
import { describeEachDb } from '../../server/testing/harness'
import { AGENT_SEARCH } from './server/agents'

type Agent = { full_name: string }

describeEachDb('agents: the list searches names by trigram and phones by prefix (server/search)', ctx => {
  it('finds agents by name (case, ё, typo) and by a phone typed with a mask or an 8; others never', async () => {
    const admin = await ctx.createUser({ role: ROLE.admin, full_name: 'Администратор' })
    const token = await ctx.signIn(admin.phone, admin.password)
    await ctx.createUser({ role: ROLE.agent, full_name: 'Алёна Смирнова', phone: '79161234567' })
    await ctx.createUser({ role: ROLE.agent, full_name: 'Smith John', phone: '79269876543' })
    await ctx.createUser({ role: ROLE.agentManager, full_name: 'Борис Кузнецов', phone: '79031112233' })
    await ctx.createUser({ role: ROLE.client, full_name: 'Алёна Клиентова', phone: '79165550000' })
    const names = async (q: string): Promise<string[]> => {
      const res = await ctx.call('GET', `/api/v1/agents?q=${encodeURIComponent(q)}`, token)
      expect(res.statusCode, res.body).toBe(200)
      return res.json().data.items.map((a: Agent) => a.full_name)
    }
    expect(await names('АЛЕНА')).toEqual(['Алёна Смирнова'])
    expect(await names('смирнава')).toEqual(['Алёна Смирнова'])
    expect(await names('smith')).toEqual(['Smith John'])
    expect(await names('+7 (916) 123-45-67')).toEqual(['Алёна Смирнова'])
    expect(await names('8 916 123')).toEqual(['Алёна Смирнова'])
    expect(await names('903 111')).toEqual(['Борис Кузнецов'])
    expect(await names('916 555')).toEqual([]) // a client's phone
    const first = (await ctx.call('GET', '/api/v1/agents?limit=2', token)).json().data
    const rest = (await ctx.call('GET', `/api/v1/agents?limit=2&cursor=${first.next}`, token)).json().data
    expect([...first.items, ...rest.items].map((a: Agent) => a.full_name)).toEqual(await names(''))
    expect(rest.next).toBeNull()
    expect((await ctx.call('GET', '/api/v1/agents?cursor=garbage!', token)).statusCode).toBe(422)
  })

  it('lists similar names only for a name no agent holds as typed, and says so (similar)', async () => {
    const admin = await ctx.createUser({ role: ROLE.admin, full_name: 'Администратор' })
    const token = await ctx.signIn(admin.phone, admin.password)
    await ctx.createUser({ role: ROLE.agent, full_name: 'Пётр Сидоров' })
    await ctx.createUser({ role: ROLE.agent, full_name: 'Анна Сидорина' })
    await ctx.createUser({ role: ROLE.client, full_name: 'Иван Сидоров' })
    const page = async (q: string): Promise<{ names: string[]; similar: boolean }> => {
      const res = await ctx.call('GET', `/api/v1/agents?q=${encodeURIComponent(q)}`, token)
      expect(res.statusCode, res.body).toBe(200)
      const data = res.json().data
      return { names: data.items.map((a: Agent) => a.full_name), similar: data.similar === true }
    }
    // Typed right: found alone, not among the names that share most of its letters.
    expect(await page('сидоров')).toEqual({ names: ['Пётр Сидоров'], similar: false })
    // A typo no agent holds: the names it may mean, flagged; a client's name is never among them.
    const typo = await page('сидороф')
    expect(typo.similar).toBe(true)
    expect(typo.names).toContain('Пётр Сидоров')
    expect(typo.names).not.toContain('Иван Сидоров')
    // A client holding the input as typed does not hide the agents' similar names: the list's scope decides.
    expect(await page('иван сидоров')).toMatchObject({ similar: true })
    expect(await page('')).toMatchObject({ similar: false })
  })

  it('answers the name search from the trigram index and the phone from the pattern index', async () => {
    const planOf = (q: string) =>
      ctx.db.transaction(async tx => {
        await tx.execute(sql`set local enable_seqscan = off`)
        const result = (await tx.execute(sql`explain select id from ${users} where ${AGENT_SEARCH.match(q)!.where}`)) as unknown as { rows: Record<string, string>[] }
        return result.rows.map(r => Object.values(r)[0]).join('\n')
      })
    expect(await planOf('смирнова')).toContain('users_full_name_search')
    expect(await planOf('+7 916 123')).toContain('users_phone_prefix')
    // The trigram indexes are on the stored normalised columns (drizzle/0010), not on search_text() expressions.
    const { rows } = (await ctx.db.execute(
      sql`select indexdef from pg_indexes where indexname in ('users_full_name_search', 'users_email_search') order by indexname`,
    )) as unknown as { rows: { indexdef: string }[] }
    expect(rows.map(r => r.indexdef.replace(/^.* USING /i, ''))).toEqual(['gin (search_email gin_trgm_ops)', 'gin (search_name gin_trgm_ops)'])
  })
})
