import { mkdtempSync, readFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { expect, it } from 'vitest'
import { createOutboxSms } from '../../server/sms/provider'
import { describeEachDb } from '../../server/testing/harness'

const logFile = join(mkdtempSync(join(tmpdir(), 'cabinet-sms-')), 'nested', 'sms.jsonl')

describeEachDb('SMS: queued in the outbox, copied to SMS_LOG_FILE, statuses only on the /sms screen', ctx => {
  it('appends each SMS to the log file and lists it for an administrator without its text', async () => {
    const sms = createOutboxSms(ctx.db, ctx.clock, logFile)
    await sms.send('77001234567', 'Код регистрации: 4821')
    await sms.send('77001234568', 'Новый пароль: Zx81-qq')
    const logged = readFileSync(logFile, 'utf8').trim().split('\n').map(l => JSON.parse(l) as { phone: string; text: string })
    expect(logged.slice(-2).map(({ phone, text }) => ({ phone, text }))).toEqual([
      { phone: '77001234567', text: 'Код регистрации: 4821' },
      { phone: '77001234568', text: 'Новый пароль: Zx81-qq' },
    ])

    const admin = await ctx.createUser({ role: 100 })
    const res = await ctx.call('GET', '/api/v1/sms?phone=77001234568', await ctx.signIn(admin.phone, admin.password))
    const items = res.json<{ data: Record<string, unknown>[] }>().data
    expect(items).toEqual([{ id: expect.any(Number), phone: '77001234568', status: 1, created_at: expect.any(String) }])
    expect(res.body).not.toContain('Zx81-qq')
  })
})
