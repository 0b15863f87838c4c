import { eq } from 'drizzle-orm'
import { expect, it } from 'vitest'
import { ROLE, type Role } from '../../core/auth/profile'
import { actionPath } from '../../core/workflow/keys'
import { users } from '../../server/db/schema'
import { describeEachDb, type TestContext } from '../../server/testing/harness'
import { socketTab } from '../../server/testing/socket'
import type { SplitBidDetails } from './contract'
import { splitBidForm } from './testForm'

interface Person {
  id: number
  token: string
}

async function person(ctx: TestContext, role: Role): Promise<Person> {
  const user = await ctx.createUser({ role })
  return { id: user.id, token: await ctx.signIn(user.phone, user.password) }
}

const act = (ctx: TestContext, who: Person, id: number, action: string, body: unknown = {}) => ctx.call('POST', `/api/v1/split-bids/${id}/actions/${actionPath(action)}`, who.token, body)

describeEachDb('split: live refresh over the socket (updateSplitBids)', ctx => {
  it('pushes a new or moved bid to its author, the verifiers and the administrators — not to other call-center employees', async () => {
    const base = await ctx.app.listen({ port: 0, host: '127.0.0.1' })
    const author = await person(ctx, ROLE.callCenter)
    const colleague = await person(ctx, ROLE.callCenter)
    const verifier = await person(ctx, ROLE.verifier)
    const admin = await person(ctx, ROLE.admin)
    const agent = await person(ctx, ROLE.agent)
    const tabs = await Promise.all([author, colleague, verifier, admin, agent].map(p => socketTab(base, p.token, 'updateSplitBids')))
    const got = async () => (await Promise.all(tabs.map(t => t.updates()))).map(list => list.length)

    const res = await ctx.call('POST', '/api/v1/split-bids', author.token, splitBidForm())
    expect(res.statusCode, res.body).toBe(200)
    const bid = res.json<{ data: SplitBidDetails }>().data
    expect(await tabs[2]!.updates()).toEqual([{ type: 2, action: 'updateSplitBids', data: { id: bid.id } }])
    expect(await got()).toEqual([1, 0, 0, 1, 0])

    // The verifier moves it: the author's open list and page read again.
    expect((await act(ctx, verifier, bid.id, 'verified')).statusCode).toBe(200)
    expect(await got()).toEqual([1, 0, 1, 1, 0])
    expect((await act(ctx, author, bid.id, 'goToPayment', { type: 2 })).statusCode).toBe(200)
    expect(await got()).toEqual([1, 0, 1, 1, 0])
    // Refused (a call-center employee may not decline; a wrong status): nothing changed, nothing pushed.
    expect((await act(ctx, author, bid.id, 'decline', { reason: 'Нет' })).statusCode).toBe(403)
    expect((await act(ctx, verifier, bid.id, 'complete')).statusCode).toBe(409)
    expect((await act(ctx, colleague, bid.id, 'clientPaid')).statusCode).toBe(404)
    expect(await got()).toEqual([0, 0, 0, 0, 0])
    expect((await act(ctx, admin, bid.id, 'clientPaid')).statusCode).toBe(200)
    expect(await got()).toEqual([1, 0, 1, 1, 0])
    for (const t of tabs) t.close()
  })

  it('a switched-off verifier is not pushed to; a bid an administrator made goes to the verifiers and administrators', async () => {
    const base = await ctx.app.listen({ port: 0, host: '127.0.0.1' })
    const admin = await person(ctx, ROLE.admin)
    const verifier = await person(ctx, ROLE.verifier)
    const cc = await person(ctx, ROLE.callCenter)
    const tabs = await Promise.all([admin, verifier, cc].map(p => socketTab(base, p.token, 'updateSplitBids')))
    const got = async () => (await Promise.all(tabs.map(t => t.updates()))).map(list => list.length)
    const res = await ctx.call('POST', '/api/v1/split-bids', admin.token, splitBidForm())
    expect(res.statusCode, res.body).toBe(200)
    expect(await got()).toEqual([1, 1, 0])
    // Switched off behind the app's back (the socket stays open in this test): the audience skips the account.
    await ctx.db.update(users).set({ disabled_at: new Date(ctx.clock.now()) }).where(eq(users.id, verifier.id))
    expect((await act(ctx, admin, res.json<{ data: SplitBidDetails }>().data.id, 'verified')).statusCode).toBe(200)
    expect(await got()).toEqual([1, 0, 0])
    for (const t of tabs) t.close()
  })
})
