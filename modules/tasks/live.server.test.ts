import { expect, it } from 'vitest'
import { ROLE, type Role } from '../../core/auth/profile'
import { offices } from '../../server/db/schema'
import { socketTab } from '../../server/testing/socket'
import { describeEachDb, type TestContext } from '../../server/testing/harness'
import type { TaskDetails } from './contract'

// The harness's clock starts at 2026-01-01 00:00 UTC (03:00 Moscow): today 2026-01-01.
const TODAY = '2026-01-01'

interface Person {
  id: number
  token: string
}

async function person(ctx: TestContext, role: Role, officeId: number | null): Promise<Person> {
  const user = await ctx.createUser({ role, office_id: officeId })
  return { id: user.id, token: await ctx.signIn(user.phone, user.password) }
}

async function office(ctx: TestContext, name: string): Promise<number> {
  const [row] = await ctx.db.insert(offices).values({ name, created_at: new Date(ctx.clock.now()) }).returning({ id: offices.id })
  return row!.id
}


describeEachDb('tasks: live refresh over the socket (updateTasks)', ctx => {
  it('pushes to the author, the responsible, their office manager and the administrators on create, edit, status and comment', async () => {
    const base = await ctx.app.listen({ port: 0, host: '127.0.0.1' })
    const head = await office(ctx, 'Head')
    const other = await office(ctx, 'Other')
    const manager = await person(ctx, ROLE.agentManager, head)
    const agent = await person(ctx, ROLE.agent, head)
    const admin = await person(ctx, ROLE.admin, null)
    const colleague = await person(ctx, ROLE.agent, head)
    const stranger = await person(ctx, ROLE.agentManager, other)
    const people = [manager, agent, admin, colleague, stranger]
    const tabs = await Promise.all(people.map(p => socketTab(base, p.token, 'updateTasks')))
    const got = async () => (await Promise.all(tabs.map(t => t.updates()))).map(list => list.length)

    const res = await ctx.call('POST', '/api/v1/tasks', manager.token, { name: 'Позвонить', description: '', responsible_id: agent.id, date_from: TODAY, date_to: TODAY, time: '15:00' })
    expect(res.statusCode, res.body).toBe(200)
    const task = res.json<{ data: TaskDetails }>().data
    const message = (await tabs[1]!.updates())[0]
    expect(message).toEqual({ type: 2, action: 'updateTasks', data: { id: task.id } })
    // Author, responsible, administrator yes; a colleague and another office's manager no.
    expect(await got()).toEqual([1, 0, 1, 0, 0])

    const body = { name: 'Позвонить ещё раз', description: '', responsible_id: agent.id, date_from: TODAY, date_to: TODAY, time: '15:00' }
    expect((await ctx.call('POST', `/api/v1/tasks/${task.id}`, manager.token, body)).statusCode).toBe(200)
    expect(await got()).toEqual([1, 1, 1, 0, 0])
    // Saved without a change: nothing to push.
    expect((await ctx.call('POST', `/api/v1/tasks/${task.id}`, manager.token, body)).statusCode).toBe(200)
    expect(await got()).toEqual([0, 0, 0, 0, 0])

    expect((await ctx.call('POST', `/api/v1/tasks/${task.id}/actions/start`, agent.token, {})).statusCode).toBe(200)
    expect(await got()).toEqual([1, 1, 1, 0, 0])
    expect((await ctx.call('POST', `/api/v1/tasks/${task.id}/comments`, agent.token, { text: 'Звоню' })).statusCode).toBe(200)
    expect(await got()).toEqual([1, 1, 1, 0, 0])
    // A refused change pushes nothing.
    expect((await ctx.call('POST', `/api/v1/tasks/${task.id}/comments`, agent.token, { text: '' })).statusCode).toBe(422)
    expect(await got()).toEqual([0, 0, 0, 0, 0])
    for (const t of tabs) t.close()
  })

  it('a task made or finished by another module (app.extensions.tasks) is pushed once its transaction committed', async () => {
    const base = await ctx.app.listen({ port: 0, host: '127.0.0.1' })
    const agent = await person(ctx, ROLE.callCenter, null)
    const agentTab = await socketTab(base, agent.token, 'updateTasks')
    const service = ctx.app.extensions.tasks!
    const { id } = await ctx.db.transaction(tx => service.create(tx, { type: 20, name: 'Перезвонить', responsibleId: agent.id, authorId: null, date: TODAY, time: '15:00' }))
    // Queued in the caller's transaction, sent by the job once it committed (the running app's worker, or this pass).
    await ctx.app.jobs.runDue()
    expect(await agentTab.updates()).toEqual([{ type: 2, action: 'updateTasks', data: { id } }])

    // Rolled back: nothing queued, nothing pushed.
    await expect(
      ctx.db.transaction(async tx => {
        await service.finish(tx, id, 30, agent.id)
        throw new Error('rolled back')
      }),
    ).rejects.toThrow('rolled back')
    await ctx.app.jobs.runDue()
    expect(await agentTab.updates()).toEqual([])

    await ctx.db.transaction(tx => service.finish(tx, id, 30, agent.id))
    await ctx.app.jobs.runDue()
    expect(await agentTab.updates()).toEqual([{ type: 2, action: 'updateTasks', data: { id } }])
    agentTab.close()
  })
})
