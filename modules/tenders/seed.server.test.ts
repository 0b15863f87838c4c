import { expect, it } from 'vitest'
import { DEMO_PASSWORD, seedDemo } from '../../server/seed'
import { describeEachDb } from '../../server/testing/harness'
import { testModules } from '../../server/testing/modules'
import { DEMO_TENDERS } from './server/seed'
import { tenderHistory } from './tables'

describeEachDb('tenders demo seed', ctx => {
  it('fills the registry; the tender agent and the operator each have tenders in work and favourites', async () => {
    await seedDemo(ctx.db, { passwords: ctx.passwords, clock: ctx.clock }, testModules())
    const tabs = async (phone: string) => {
      const token = await ctx.signIn(phone, DEMO_PASSWORD)
      const read = async (tab: string) => (await ctx.call('GET', `/api/v1/tenders?tab=${tab}`, token)).json().data.total as number
      return { registry: await read('registry'), work: await read('work'), favourites: await read('favourites') }
    }
    expect(await tabs('77001000030')).toEqual({ registry: DEMO_TENDERS, work: 5, favourites: 5 })
    expect(await tabs('77001000150')).toMatchObject({ work: 5, favourites: 5 })
    // The call-center manager sees the work of the operator's office.
    expect((await tabs('77001000160')).work).toBe(5)
    expect((await ctx.db.select().from(tenderHistory)).filter(h => h.type === 2)).toHaveLength(10)
  })
})
