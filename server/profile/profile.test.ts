import { eq } from 'drizzle-orm'
import { expect, it } from 'vitest'
import type { Profile } from '../../core/auth/profile'
import { socketTickets, users } from '../db/schema'
import { describeEachDb } from '../testing/harness'

describeEachDb('profile and socket tickets', ctx => {
  it('returns the Profile shape and issues no socket ticket (the client asks for one when it connects)', async () => {
    const user = await ctx.createUser({ role: 35, full_name: 'Смирнова Елена', email: 'e@example.com', tender_service: true, sip_code: '1035', sip_password: 'sip-pass' })
    const token = await ctx.signIn(user.phone, user.password)
    const res = await ctx.call('GET', '/api/v1/profile', token, undefined, { host: 'cabinet.example:8443' })
    expect(res.statusCode).toBe(200)
    const profile = res.json<{ result: true; data: Profile }>().data
    expect(profile).toEqual({
      id: user.id,
      name: 'Смирнова Елена',
      full_name: 'Смирнова Елена',
      phone: user.phone,
      email: 'e@example.com',
      role: 35,
      office_id: null,
      settings: { services: { tender: true }, notify_messages: true, notify_events: true, is_agent: false },
      language: 'ru',
      sip: { code: '1035', password: 'sip-pass', ws_url: '' },
      pending_email: null,
      impersonated_by: null,
    })
    expect(await ctx.db.select().from(socketTickets)).toEqual([])
  })

  it('issues a one-time socket URL on the configured public address, whatever the Host header says', async () => {
    const user = await ctx.createUser()
    const token = await ctx.signIn(user.phone, user.password)
    const res = await ctx.call('GET', '/api/v1/socket/ticket', token, undefined, { host: 'evil.example:8443', 'x-forwarded-host': 'evil.example' })
    const url: string = res.json().data.ws_connection_string
    expect(url).toMatch(/^wss:\/\/cabinet\.example\/api\/v1\/socket\?ticket=[\w-]{43}$/)
    // The ticket is stored hashed, bound to this session, valid 60 s.
    const ticket = new URL(url).searchParams.get('ticket') ?? ''
    const [row] = await ctx.db.select().from(socketTickets)
    expect(row?.ticket_hash).not.toBe(ticket)
    expect(row?.expires_at.getTime()).toBe(ctx.clock.now() + 60_000)
    expect(row?.session_id).toEqual(expect.any(Number))
  })

  it('has no sip block for a user without a SIP code', async () => {
    const user = await ctx.createUser({ role: 10 })
    const token = await ctx.signIn(user.phone, user.password)
    expect((await ctx.call('GET', '/api/v1/profile', token)).json().data.sip).toBeNull()
  })

  it('gives a fresh socket URL for reconnects', async () => {
    const user = await ctx.createUser()
    const token = await ctx.signIn(user.phone, user.password)
    const a = (await ctx.call('GET', '/api/v1/socket/ticket', token)).json()
    const b = (await ctx.call('GET', '/api/v1/socket/ticket', token)).json()
    expect(a).toEqual({ result: true, data: { ws_connection_string: expect.stringContaining('/api/v1/socket?ticket=') } })
    expect(a.data.ws_connection_string).not.toBe(b.data.ws_connection_string)
    expect((await ctx.call('GET', '/api/v1/socket/ticket')).json().code).toBe(6969)
  })

  it('saves notification settings and returns the updated profile', async () => {
    const user = await ctx.createUser()
    const token = await ctx.signIn(user.phone, user.password)
    const res = await ctx.call('POST', '/api/v1/profile/settings', token, { notify_messages: false, notify_events: true, is_agent: true })
    expect(res.statusCode).toBe(200)
    expect(res.json().data.settings).toEqual({ services: { tender: false }, notify_messages: false, notify_events: true, is_agent: true })
    const [row] = await ctx.db.select().from(users).where(eq(users.id, user.id))
    expect(row).toMatchObject({ notify_messages: false, notify_events: true, is_agent: true })
  })

  it('refuses settings that are not booleans', async () => {
    const user = await ctx.createUser()
    const token = await ctx.signIn(user.phone, user.password)
    const res = await ctx.call('POST', '/api/v1/profile/settings', token, { notify_messages: 'yes', notify_events: true }, { 'accept-language': 'en' })
    expect(res.statusCode).toBe(422)
    expect(res.json().validation).toEqual({ notify_messages: 'Invalid value', is_agent: 'Required field' })
    expect((await ctx.call('POST', '/api/v1/profile/settings', null, {})).statusCode).toBe(401)
  })

  it('saves the account’s language and returns the updated profile; the next profile and the notification list follow it', async () => {
    const user = await ctx.createUser()
    const token = await ctx.signIn(user.phone, user.password)
    expect((await ctx.call('GET', '/api/v1/profile', token)).json().data.language).toBe('ru')

    const res = await ctx.call('POST', '/api/v1/profile/language', token, { language: 'en' })
    expect(res.statusCode).toBe(200)
    expect(res.json().data).toMatchObject({ id: user.id, language: 'en', settings: { notify_messages: true } })
    const [row] = await ctx.db.select({ language: users.language }).from(users).where(eq(users.id, user.id))
    expect(row?.language).toBe('en')
    expect((await ctx.call('GET', '/api/v1/profile', token)).json().data.language).toBe('en')

    // A notification stored before the change reads in the new language (rendered when read).
    await ctx.app.notify(ctx.db, { to: user.id, type: ctx.app.notificationTypes.get(5)!, params: { id: 1, context: 'assigned', name: 'Отчёт' } })
    const list = async () => (await ctx.call('GET', '/api/v1/notifications', token)).json().data.map((n: { data: { title: string } }) => n.data.title)
    expect(await list()).toEqual(['A task is assigned to you'])
    await ctx.call('POST', '/api/v1/profile/language', token, { language: 'ru' })
    expect(await list()).toEqual(['Задача назначена вам'])
  })

  it('refuses a language it has no texts in, and needs a session', async () => {
    const user = await ctx.createUser()
    const token = await ctx.signIn(user.phone, user.password)
    for (const [body, message] of [
      [{ language: 'de' }, 'Invalid value'],
      [{ language: 'EN' }, 'Invalid value'],
      [{ language: '' }, 'Invalid value'],
      [{ language: 1 }, 'Invalid value'],
      [{}, 'Required field'],
    ] as const) {
      const res = await ctx.call('POST', '/api/v1/profile/language', token, body, { 'accept-language': 'en' })
      expect(res.statusCode, JSON.stringify(body)).toBe(422)
      expect(res.json().validation).toEqual({ language: message })
    }
    const [row] = await ctx.db.select({ language: users.language }).from(users).where(eq(users.id, user.id))
    expect(row?.language).toBe('ru')
    expect((await ctx.call('POST', '/api/v1/profile/language', null, { language: 'en' })).statusCode).toBe(401)
  })
}, { env: { PUBLIC_URL: 'https://cabinet.example' } })
