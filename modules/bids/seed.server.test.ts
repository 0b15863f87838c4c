import { eq } from 'drizzle-orm'
import { expect, it } from 'vitest'
import { users } from '../../server/db/schema'
import { seedDemo } from '../../server/seed'
import { describeEachDb } from '../../server/testing/harness'
import { testModules } from '../../server/testing/modules'
import { BID_STATUS, REQUEST_STATUS, bidStatusFromRequests } from './contract'
import { bidRequests, bids } from './server/index'

describeEachDb('bids demo seed', ctx => {
  it('gives the demo client and the demo agent a bid in every client-side status, and requests in every bank-side one', async () => {
    await seedDemo(ctx.db, { passwords: ctx.passwords, clock: ctx.clock }, testModules())
    const [client] = await ctx.db.select({ id: users.id }).from(users).where(eq(users.phone, '77001000010'))
    const [agent] = await ctx.db.select({ id: users.id }).from(users).where(eq(users.phone, '77001000030'))
    const rows = await ctx.db.select().from(bids)
    for (const who of [client!.id, agent!.id]) {
      const theirs = rows.filter(b => b.owner_user_id === who || b.agent_user_id === who)
      expect(new Set(theirs.map(b => b.status)), `user ${who}`).toEqual(new Set(Object.values(BID_STATUS)))
    }
    const requests = await ctx.db.select().from(bidRequests)
    expect(new Set(requests.map(r => r.status))).toEqual(new Set(Object.values(REQUEST_STATUS)))
    // Each bid at the banks has the status its requests give.
    for (const bid of rows) {
      const own = requests.filter(r => r.bid_id === bid.id)
      if (own.length > 0) expect(bidStatusFromRequests(own.map(r => r.status)), `bid ${bid.id}`).toBe(bid.status)
    }
  })
})
