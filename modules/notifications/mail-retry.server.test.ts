import type { AddressInfo } from 'node:net'
import { eq } from 'drizzle-orm'
import { SMTPServer } from 'smtp-server'
import { afterAll, beforeEach, expect, it } from 'vitest'
import { buildApp } from '../../server/app'
import { jobs } from '../../server/db/schema'
import { JOB_STATUS } from '../../server/jobs/types'
import { describeEachDb, type TestContext } from '../../server/testing/harness'
import { testModules } from '../../server/testing/modules'
import { MAIL_FIRST_RETRY_MS, MAIL_RETRY, MAIL_RETRY_ATTEMPTS, mailRetryBackoff } from './server/mail/retry'
import { declaredType, notifyNow } from './server/testing'
import { notifications } from './tables'

// ─── A real SMTP server on loopback that answers RCPT with the reply the test sets ─────────────────────────

const inbox: Array<{ to: string[]; raw: string }> = []
/** Replies to give RCPT before accepting, in order (451: try later; 550: no such mailbox). */
const refusals: number[] = []
const smtp = new SMTPServer({
  authOptional: true,
  disabledCommands: ['STARTTLS'],
  logger: false,
  onRcptTo(_address, _session, callback) {
    const code = refusals.shift()
    if (code === undefined) return callback()
    callback(Object.assign(new Error(code < 500 ? 'Mailbox busy, try again later' : 'No such mailbox'), { responseCode: code }))
  },
  onData(stream, session, callback) {
    const chunks: Buffer[] = []
    stream.on('data', (c: Buffer) => chunks.push(c))
    stream.on('end', () => {
      inbox.push({ to: session.envelope.rcptTo.map(r => r.address), raw: Buffer.concat(chunks).toString('utf8') })
      callback()
    })
  },
})
await new Promise<void>(resolve => smtp.listen(0, '127.0.0.1', resolve))
const smtpPort = (smtp.server.address() as AddressInfo).port
afterAll(() => new Promise<void>(resolve => smtp.close(() => resolve())))

const TASK = 5
const params = { id: 5, context: 'assigned', name: 'Позвонить клиенту' }

const retryJobs = (ctx: TestContext) => ctx.db.select().from(jobs).where(eq(jobs.kind, MAIL_RETRY))

describeEachDb(
  'notification e-mail retried through the job queue',
  ctx => {
    beforeEach(() => {
      inbox.splice(0)
      refusals.splice(0)
    })

    it('a send the mail server refuses for now is queued and sent by a later attempt, once', async () => {
      const user = await ctx.createUser({ email: 'client@example.com' })
      refusals.push(451, 421)
      const t0 = ctx.clock.now()
      const { ids } = await notifyNow(ctx.app, ctx.db, { to: user.id, type: declaredType(ctx.app, TASK), params })
      expect(inbox).toEqual([])
      // The bell has it regardless: the notification is delivered, the e-mail waits in the queue.
      const [row] = await ctx.db.select({ delivered: notifications.delivered_at }).from(notifications).where(eq(notifications.id, ids[0]!))
      expect(row?.delivered).not.toBeNull()
      const [queued] = await retryJobs(ctx)
      expect(queued).toMatchObject({ key: `notification-mail:${ids[0]}`, status: JOB_STATUS.queued, attempts: 0, run_at: new Date(t0 + MAIL_FIRST_RETRY_MS), max_attempts: MAIL_RETRY_ATTEMPTS })
      expect(queued?.payload).toMatchObject({ to: 'client@example.com', subject: 'Задача назначена вам', userId: user.id })

      // First retry: refused again (421), so the next waits for the backoff.
      ctx.clock.advance(MAIL_FIRST_RETRY_MS)
      await ctx.app.jobs.runDue()
      expect(inbox).toEqual([])
      const [again] = await retryJobs(ctx)
      expect(again).toMatchObject({ status: JOB_STATUS.queued, attempts: 1, run_at: new Date(t0 + MAIL_FIRST_RETRY_MS + mailRetryBackoff(1)) })
      expect(again?.last_error).toMatch(/421/)

      ctx.clock.advance(mailRetryBackoff(1) - 1)
      await ctx.app.jobs.runDue()
      expect(inbox).toEqual([])
      ctx.clock.advance(1)
      await ctx.app.jobs.runDue()
      expect(inbox.map(m => m.to)).toEqual([['client@example.com']])
      // The very letter the first send rendered: subject, text, the unsubscribe header.
      expect(inbox[0]!.raw).toMatch(/^List-Unsubscribe:\s+<https:\/\/cabinet\.example\/unsubscribe\?token=u1\./m)
      expect((await retryJobs(ctx))[0]).toMatchObject({ status: JOB_STATUS.done, attempts: 2, last_error: null })

      ctx.clock.advance(86_400_000)
      await ctx.app.jobs.runDue()
      expect(inbox).toHaveLength(1)
    })

    it('gives up after its attempts, keeping the last refusal; a refusal for good (5xx) is not queued at all', async () => {
      const user = await ctx.createUser({ email: 'busy@example.com' })
      refusals.push(...Array.from({ length: MAIL_RETRY_ATTEMPTS + 1 }, () => 452))
      await notifyNow(ctx.app, ctx.db, { to: user.id, type: declaredType(ctx.app, TASK), params })
      ctx.clock.advance(MAIL_FIRST_RETRY_MS)
      for (let attempt = 1; attempt <= MAIL_RETRY_ATTEMPTS; attempt++) {
        await ctx.app.jobs.runDue()
        ctx.clock.advance(mailRetryBackoff(attempt))
      }
      await ctx.app.jobs.runDue()
      expect(inbox).toEqual([])
      expect(refusals).toEqual([])
      const [failed] = await retryJobs(ctx)
      expect(failed).toMatchObject({ status: JOB_STATUS.failed, attempts: MAIL_RETRY_ATTEMPTS })
      expect(failed?.last_error).toMatch(/452/)

      const gone = await ctx.createUser({ email: 'gone@example.com' })
      refusals.push(550)
      await notifyNow(ctx.app, ctx.db, { to: gone.id, type: declaredType(ctx.app, TASK), params })
      expect(await retryJobs(ctx)).toHaveLength(1)
      expect(inbox).toEqual([])
    })

    it('a retry queued by one node is sent by whichever node is up when it falls due', async () => {
      const user = await ctx.createUser({ email: 'client@example.com' })
      refusals.push(451)
      await notifyNow(ctx.app, ctx.db, { to: user.id, type: declaredType(ctx.app, TASK), params })
      expect(await retryJobs(ctx)).toHaveLength(1)
      // This node goes away; the next one starting after the retry fell due sends it.
      await ctx.app.close()
      ctx.clock.advance(MAIL_FIRST_RETRY_MS)
      ctx.app = buildApp({ db: ctx.db, config: ctx.config, clock: ctx.clock, modules: testModules() })
      await ctx.app.ready()
      await ctx.app.jobs.runDue()
      expect(inbox.map(m => m.to)).toEqual([['client@example.com']])
      expect((await retryJobs(ctx))[0]).toMatchObject({ status: JOB_STATUS.done, attempts: 1 })
    })
  },
  {
    env: {
      SMTP_HOST: '127.0.0.1',
      SMTP_PORT: String(smtpPort),
      SMTP_FROM: 'Кабинет <cabinet@test.example>',
      PUBLIC_URL: 'https://cabinet.example/',
    },
  },
)
