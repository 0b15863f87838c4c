import { expect, it } from 'vitest'
import { buildApp } from './app'
import { describeEachDb } from './testing/harness'
import { testModules } from './testing/modules'
import { installShutdown } from './shutdown'

/** The in-process side of server/shutdown.ts; tests/shutdown.server.test.ts drives the real process. */
describeEachDb('graceful shutdown', ctx => {
  const app = () => buildApp({ db: ctx.db, config: ctx.config, clock: ctx.clock, modules: testModules() })

  it('exits 0 after closing the app and then the database', async () => {
    const server = app()
    const steps: string[] = []
    server.addHook('onClose', async () => void steps.push('app closed'))
    const exited = new Promise<number>(resolve => {
      const shutdown = installShutdown({
        app: server,
        deadlineMs: 5_000,
        stopTimers: () => steps.push('timers stopped'),
        closeDatabase: async () => void steps.push('database closed'),
        exit: resolve,
      })
      void server.listen({ port: 0, host: '127.0.0.1' }).then(() => shutdown.run('SIGTERM'))
    })
    expect(await exited).toBe(0)
    expect(steps).toEqual(['timers stopped', 'app closed', 'database closed'])
  })

  it('exits 1 when something hangs past the deadline', async () => {
    const server = app()
    const codes: number[] = []
    const shutdown = installShutdown({ app: server, deadlineMs: 200, closeDatabase: () => new Promise(() => {}), exit: code => codes.push(code) })
    await server.ready()
    void shutdown.run('SIGTERM')
    void shutdown.run('SIGTERM') // a second signal changes nothing
    await new Promise(resolve => setTimeout(resolve, 600))
    expect(codes).toEqual([1])
  })
})
