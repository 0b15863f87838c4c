import { eq } from 'drizzle-orm'
import { expect, it } from 'vitest'
import { SESSION_EXPIRED_CODE } from '../../core/api/envelope'
import { purgeDeadSessions } from '../db/janitor'
import { sessions, socketTickets, users } from '../db/schema'
import { describeEachDb } from '../testing/harness'
import { sha256 } from './tokens'

describeEachDb('sign-in, sessions and logout', ctx => {
  const signInBody = (phone11: string, password: string) => ({ phone: `+7 (${phone11.slice(1, 4)}) ${phone11.slice(4, 7)}-${phone11.slice(7, 9)}-${phone11.slice(9)}`, password })

  it('signs in with phone and password and returns token, role and user_id', async () => {
    const user = await ctx.createUser({ role: 30 })
    const res = await ctx.call('POST', '/api/v1/users/sign-in', null, signInBody(user.phone, user.password))
    expect(res.statusCode).toBe(200)
    const body = res.json()
    expect(body).toEqual({ result: true, data: { token: expect.any(String), role: 30, user_id: user.id } })
    expect(body.data.token).toMatch(/^[A-Za-z0-9_-]{43}$/)
  })

  it('accepts the masked phone without the +7 prefix', async () => {
    const user = await ctx.createUser()
    const res = await ctx.call('POST', '/api/v1/users/sign-in', null, { phone: `(700) 200-00-01`, password: user.password })
    expect(res.statusCode).toBe(200)
  })

  it('stores only the sha256 of the token and a salted scrypt hash of the password', async () => {
    const user = await ctx.createUser({ password: 'plain-secret' })
    const token = await ctx.signIn(user.phone, 'plain-secret')
    const [session] = await ctx.db.select().from(sessions)
    expect(session?.token_hash).toBe(sha256(token))
    expect(session?.token_hash).not.toContain(token)
    expect(session?.sign_in_method).toBe('password')
    const [row] = await ctx.db.select().from(users).where(eq(users.id, user.id))
    expect(row?.password_hash).toMatch(/^scrypt\$1024\$8\$1\$[\w-]+\$[\w-]+$/)
    expect(row?.password_hash).not.toContain('plain-secret')
  })

  it('answers wrong credentials with 422, a message and a validation map, in the asked language', async () => {
    const user = await ctx.createUser()
    const wrong = await ctx.call('POST', '/api/v1/users/sign-in', null, signInBody(user.phone, 'nope-nope'))
    expect(wrong.statusCode).toBe(422)
    expect(wrong.json()).toEqual({ result: false, message: 'Неверный телефон или пароль', validation: { password: 'Неверный телефон или пароль' } })

    const unknown = await ctx.call('POST', '/api/v1/users/sign-in', null, signInBody('77009999999', 'whatever'), { 'accept-language': 'en-US,en;q=0.9' })
    expect(unknown.statusCode).toBe(422)
    expect(unknown.json()).toEqual({ result: false, message: 'Wrong phone or password', validation: { password: 'Wrong phone or password' } })
  })

  it('rejects malformed input with field messages, never a 500', async () => {
    const res = await ctx.call('POST', '/api/v1/users/sign-in', null, { phone: '12345', password: '' }, { 'accept-language': 'en' })
    expect(res.statusCode).toBe(422)
    const body = res.json()
    expect(body.result).toBe(false)
    expect(body.validation).toEqual({ phone: 'Enter a number starting with +7 (6XX) or +7 (7XX)', password: 'Required field' })

    const notJson = await ctx.call('POST', '/api/v1/users/sign-in', null, '{"phone":', { 'content-type': 'application/json' })
    expect(notJson.statusCode).toBe(400)
    expect(notJson.json()).toEqual({ result: false, message: 'Некорректный запрос' })

    const notObject = await ctx.call('POST', '/api/v1/users/sign-in', null, '[1,2]', { 'content-type': 'application/json' })
    expect(notObject.statusCode).toBe(400)

    const noBody = await ctx.call('POST', '/api/v1/users/sign-in')
    expect(noBody.statusCode).toBe(400)

    const wrongTypes = await ctx.call('POST', '/api/v1/users/sign-in', null, { phone: 7, password: null })
    expect(wrongTypes.statusCode).toBe(422)
    expect(wrongTypes.json().validation).toEqual({ phone: 'Обязательное поле', password: 'Обязательное поле' })
  })

  it('says certificate sign-in is not configured', async () => {
    const res = await ctx.call('POST', '/api/v1/users/sign-in', null, { signature: 'MIIB…', hash: 'abc' }, { 'accept-language': 'en' })
    expect(res.statusCode).toBe(422)
    expect(res.json().message).toMatch(/certificate sign-in is not configured/i)
  })

  it('gives a random hash to sign', async () => {
    const a = (await ctx.call('GET', '/api/v1/users/get-sign-code')).json()
    const b = (await ctx.call('GET', '/api/v1/users/get-sign-code')).json()
    expect(a.result).toBe(true)
    expect(a.data).toMatch(/^[0-9a-f]{64}$/)
    expect(a.data).not.toBe(b.data)
  })

  it('rate-limits sign-in per IP and phone with 429', async () => {
    const user = await ctx.createUser()
    for (let i = 0; i < ctx.config.signInRateLimit.max; i++) {
      const res = await ctx.call('POST', '/api/v1/users/sign-in', null, signInBody(user.phone, `wrong-${i}`))
      expect(res.statusCode).toBe(422)
    }
    const limited = await ctx.call('POST', '/api/v1/users/sign-in', null, signInBody(user.phone, user.password))
    expect(limited.statusCode).toBe(429)
    expect(limited.json()).toEqual({ result: false, message: 'Слишком много попыток, попробуйте позже' })
    // Another phone from the same IP is counted separately.
    const other = await ctx.createUser()
    expect((await ctx.call('POST', '/api/v1/users/sign-in', null, signInBody(other.phone, other.password))).statusCode).toBe(200)
  })

  it('answers 401 with code 6969 for a missing, unknown or malformed token', async () => {
    for (const headers of [{}, { authorization: 'Bearer not-a-token' }, { authorization: 'Basic abc' }]) {
      const res = await ctx.app.inject({ method: 'GET', url: '/api/v1/profile', headers })
      expect(res.statusCode).toBe(401)
      expect(res.json()).toEqual({ result: false, message: 'Сессия истекла, войдите снова', code: SESSION_EXPIRED_CODE })
    }
  })

  it('expires an idle session, and each request keeps it alive', async () => {
    const user = await ctx.createUser()
    const token = await ctx.signIn(user.phone, user.password)
    const idle = ctx.config.sessionIdleMs
    ctx.clock.advance(idle - 1000)
    expect((await ctx.call('GET', '/api/v1/profile', token)).statusCode).toBe(200)
    ctx.clock.advance(idle - 1000) // within the idle window of the last request
    expect((await ctx.call('GET', '/api/v1/profile', token)).statusCode).toBe(200)
    ctx.clock.advance(idle + 1)
    const expired = await ctx.call('GET', '/api/v1/profile', token)
    expect(expired.statusCode).toBe(401)
    expect(expired.json().code).toBe(SESSION_EXPIRED_CODE)
  })

  it('expires a session at its absolute limit even when active', async () => {
    const user = await ctx.createUser()
    const token = await ctx.signIn(user.phone, user.password)
    // A request every half idle window keeps it from idling out, up to just before the absolute limit.
    const step = ctx.config.sessionIdleMs / 2
    const steps = Math.floor(ctx.config.sessionAbsoluteMs / step) - 1
    for (let i = 0; i < steps; i++) {
      ctx.clock.advance(step)
      expect((await ctx.call('GET', '/api/v1/company', token)).statusCode).toBe(200)
    }
    ctx.clock.advance(step * 2)
    expect((await ctx.call('GET', '/api/v1/company', token)).json().code).toBe(SESSION_EXPIRED_CODE)
  })

  it('logout revokes the token at once and leaves other sessions alone', async () => {
    const user = await ctx.createUser()
    const token = await ctx.signIn(user.phone, user.password)
    const otherDevice = await ctx.signIn(user.phone, user.password)
    const res = await ctx.call('GET', '/api/v1/users/logout', token)
    expect(res.statusCode).toBe(200)
    expect(res.json()).toEqual({ result: true, data: null })
    const after = await ctx.call('GET', '/api/v1/profile', token)
    expect(after.statusCode).toBe(401)
    expect(after.json().code).toBe(SESSION_EXPIRED_CODE)
    expect((await ctx.call('GET', '/api/v1/users/logout', token)).json().code).toBe(SESSION_EXPIRED_CODE)
    expect((await ctx.call('GET', '/api/v1/profile', otherDevice)).statusCode).toBe(200)
    const [revoked] = await ctx.db.select().from(sessions).where(eq(sessions.token_hash, sha256(token)))
    expect(revoked?.revoked_at).toBeInstanceOf(Date)
  })
})

describeEachDb('session purge', ctx => {
  it('deletes revoked, idle and spent rows and keeps live sessions', async () => {
    const user = await ctx.createUser()
    const live = await ctx.signIn(user.phone, user.password)
    const revoked = await ctx.signIn(user.phone, user.password)
    await ctx.call('GET', '/api/v1/users/logout', revoked)
    await ctx.call('GET', '/api/v1/socket/ticket', live)
    ctx.clock.advance(61_000)
    await ctx.call('GET', '/api/v1/socket/ticket', live)
    await purgeDeadSessions(ctx.db, ctx.clock, ctx.config.sessionIdleMs)
    const left = await ctx.db.select().from(sessions)
    expect(left.map(s => s.token_hash)).toEqual([sha256(live)])
    expect(await ctx.db.select().from(socketTickets)).toHaveLength(1)
    expect((await ctx.call('GET', '/api/v1/profile', live)).statusCode).toBe(200)
  })
})
