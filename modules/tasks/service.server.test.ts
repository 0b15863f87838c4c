import { sql } from 'drizzle-orm'
import { expect, it } from 'vitest'
import { DEMO_PASSWORD, demoPhone, seedDemo } from '../../server/seed'
import { describeEachDb, type TestContext } from '../../server/testing/harness'
import { testModules } from '../../server/testing/modules'
import type { TaskDetails, TaskPage } from './contract'

/** Rows of another module's table, read as plain SQL (the boundaries forbid importing its tables). */
async function rows<T>(ctx: TestContext, query: ReturnType<typeof sql>): Promise<T[]> {
  return ((await ctx.db.execute(query)) as unknown as { rows: T[] }).rows
}

describeEachDb('tasks: the service other modules create tasks with (app.extensions.tasks)', ctx => {
  it('creates a call-back task with its links, history and the executor reminder at the start; notifies the responsible', async () => {
    const author = await ctx.createUser({ role: 150 })
    const executor = await ctx.createUser({ role: 150 })
    const tasks = ctx.app.extensions.tasks
    expect(tasks).not.toBeNull()
    // The clock is 2026-01-01 00:00 UTC (03:00 Moscow); the task starts 2026-01-01 15:00 Moscow = 12:00 UTC.
    const { id } = await ctx.db.transaction(tx =>
      tasks!.create(tx, { type: 20, name: 'Перезвонить', responsibleId: executor.id, authorId: author.id, date: '2026-01-01', time: '15:00', remindExecutor: [0, 30], links: [{ kind: 'call', id: 7 }] }),
    )
    const [task] = await rows<{ status: number; remind_executor: number[] }>(ctx, sql`select * from tasks where id = ${id}`)
    expect(task).toMatchObject({ status: 10, remind_executor: [0, 30] })
    expect(await rows(ctx, sql`select kind, record_id from task_links where task_id = ${id}`)).toEqual([{ kind: 'call', record_id: 7 }])
    expect(await rows(ctx, sql`select kind, user_id from task_history where task_id = ${id}`)).toEqual([{ kind: 'created', user_id: author.id }])
    const jobs = await rows<{ key: string; run_at: Date }>(ctx, sql`select key, run_at from jobs where key like ${`tasks:remind:${id}:%`} order by run_at`)
    expect(jobs.map(j => [j.key, new Date(j.run_at).toISOString()])).toEqual([
      [`tasks:remind:${id}:executor:30`, '2026-01-01T11:30:00.000Z'],
      [`tasks:remind:${id}:executor:0`, '2026-01-01T12:00:00.000Z'],
    ])
    const notes = await rows<{ user_id: number; params: Record<string, unknown> }>(ctx, sql`select user_id, params from notifications where type = 5`)
    expect(notes).toEqual([{ user_id: executor.id, params: { id, name: 'Перезвонить', context: 'assigned' } }])

    // The reminder at the start (offset 0) fires at 15:00 Moscow with its own text.
    ctx.clock.advance(Date.UTC(2026, 0, 1, 11, 30) - ctx.clock.now())
    await ctx.app.jobs.runDue()
    ctx.clock.advance(30 * 60_000 - 1)
    await ctx.app.jobs.runDue()
    expect(await rows(ctx, sql`select id from notifications where type = 5 and params->>'context' = 'reminder'`)).toHaveLength(1)
    ctx.clock.advance(1)
    await ctx.app.jobs.runDue()
    const fired = await rows<{ params: Record<string, unknown> }>(ctx, sql`select params from notifications where type = 5 and params->>'context' = 'reminder' order by id`)
    expect(fired.map(f => f.params.count)).toEqual([30, 0])
    const bell = await ctx.call('GET', '/api/v1/notifications', await ctx.signIn(executor.phone, executor.password))
    expect(bell.body).toContain('Задача начинается: «Перезвонить».')
    expect(bell.body).toContain('Через 30 минут: «Перезвонить».')

    await ctx.db.transaction(tx => tasks!.finish(tx, id, 30, executor.id))
    expect(await rows(ctx, sql`select status from tasks where id = ${id}`)).toEqual([{ status: 30 }])
    expect(await rows(ctx, sql`select key from jobs where key like ${`tasks:remind:${id}:%`} and status = 1`)).toEqual([])
    const done = await rows<{ user_id: number; params: Record<string, unknown> }>(ctx, sql`select user_id, params from notifications where type = 5 and params->>'context' = 'done'`)
    expect(done).toHaveLength(1)
    expect(done[0]).toMatchObject({ user_id: author.id, params: { id, context: 'done' } })
  })

  it('seeds demo tasks: the administrator sees them all, Сидорова her own (task 1 among them), the agent without an office none', async () => {
    await seedDemo(ctx.db, { passwords: ctx.passwords, clock: ctx.clock }, testModules())
    const admin = await ctx.signIn(demoPhone('0100'), DEMO_PASSWORD)
    const agent = await ctx.signIn(demoPhone('0030'), DEMO_PASSWORD)
    const lone = await ctx.signIn(demoPhone('0031'), DEMO_PASSWORD)
    const all = (await ctx.call('GET', '/api/v1/tasks?limit=100', admin)).json<{ data: TaskPage }>().data
    expect(all.total).toBeGreaterThanOrEqual(8)
    expect(new Set(all.items.map(i => i.status))).toEqual(new Set([10, 20, 30, 40]))
    const own = (await ctx.call('GET', '/api/v1/tasks', agent)).json<{ data: TaskPage }>().data
    expect(own.items.map(i => i.id)).toContain(1)
    const one = (await ctx.call('GET', '/api/v1/tasks/1', agent)).json<{ data: TaskDetails }>().data
    expect(one).toMatchObject({ id: 1, editable: true, history: [{ kind: 'created' }] })
    expect((await ctx.call('GET', '/api/v1/tasks', lone)).statusCode).toBe(403)
  })
})
