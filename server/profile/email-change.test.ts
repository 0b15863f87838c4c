import { eq } from 'drizzle-orm'
import { expect, it } from 'vitest'
import { mailOutbox } from '../../modules/notifications/tables'
import { emailChanges, users } from '../db/schema'
import { sha256 } from '../auth/tokens'
import { describeEachDb } from '../testing/harness'
import { EMAIL_LINK_HOURS, EMAIL_RESEND_MS } from './email-change'

const EN = { 'accept-language': 'en' }

describeEachDb('profile: changing the e-mail, confirmed by a link sent to the new address', ctx => {
  const tokenOf = (text: string) => /confirm-email\?token=([\w-]+)/.exec(text)?.[1] ?? ''
  const emailOf = async (id: number) => (await ctx.db.select({ email: users.email }).from(users).where(eq(users.id, id)))[0]?.email

  it('sends the link to the new address in the account’s language; the old e-mail stays until the link is opened', async () => {
    const user = await ctx.createUser({ email: 'old@example.com', full_name: 'Смирнова Елена', language: 'en' })
    const token = await ctx.signIn(user.phone, user.password)
    const res = await ctx.call('POST', '/api/v1/profile/email', token, { email: ' new@example.com ' })
    expect(res.statusCode, res.body).toBe(200)
    expect(res.json().data).toEqual({ pending_email: 'new@example.com' })

    const [letter] = await ctx.db.select().from(mailOutbox)
    expect(letter).toMatchObject({ to: 'new@example.com', user_id: user.id, subject: 'Confirm your new e-mail' })
    expect(letter?.text).toContain('Hello, Смирнова Елена!')
    const link = tokenOf(letter!.text)
    expect(letter?.html).toContain(`confirm-email?token=${link}`)
    // Stored hashed, valid 24 hours.
    const [row] = await ctx.db.select().from(emailChanges)
    expect(row).toMatchObject({ user_id: user.id, new_email: 'new@example.com', token_hash: sha256(link) })
    expect(row?.expires_at.getTime()).toBe(ctx.clock.now() + EMAIL_LINK_HOURS * 3_600_000)

    // Until confirmed: the old address is the account's, the profile shows the pending one.
    expect(await emailOf(user.id)).toBe('old@example.com')
    expect((await ctx.call('GET', '/api/v1/profile', token)).json().data).toMatchObject({ email: 'old@example.com', pending_email: 'new@example.com' })

    // The link works signed out, once.
    const confirmed = await ctx.call('POST', '/api/v1/profile/email/confirm', null, { token: link })
    expect(confirmed.json()).toEqual({ result: true, data: { email: 'new@example.com' } })
    expect(await emailOf(user.id)).toBe('new@example.com')
    expect((await ctx.call('GET', '/api/v1/profile', token)).json().data).toMatchObject({ email: 'new@example.com', pending_email: null })
    const again = await ctx.call('POST', '/api/v1/profile/email/confirm', null, { token: link }, EN)
    expect(again.statusCode).toBe(410)
    expect(again.json().message).toContain('not valid')
  })

  it('a link past 24 hours does nothing; a newer request voids the older link', async () => {
    const user = await ctx.createUser({ email: 'old@example.com' })
    let token = await ctx.signIn(user.phone, user.password)
    await ctx.call('POST', '/api/v1/profile/email', token, { email: 'first@example.com' })
    const first = tokenOf((await ctx.db.select().from(mailOutbox))[0]!.text)
    ctx.clock.advance(EMAIL_LINK_HOURS * 3_600_000)
    // The session idled out meanwhile.
    token = await ctx.signIn(user.phone, user.password)
    const expired = await ctx.call('POST', '/api/v1/profile/email/confirm', null, { token: first }, EN)
    expect(expired.statusCode).toBe(410)
    expect(expired.json().message).toBe('This confirmation link has expired: ask for a new one in your profile')
    expect(await emailOf(user.id)).toBe('old@example.com')
    expect((await ctx.call('GET', '/api/v1/profile', token)).json().data.pending_email).toBeNull()

    await ctx.call('POST', '/api/v1/profile/email', token, { email: 'second@example.com' })
    // One letter a minute.
    const soon = await ctx.call('POST', '/api/v1/profile/email', token, { email: 'third@example.com' })
    expect(soon.statusCode).toBe(429)
    expect(soon.headers['retry-after']).toBe('60')
    ctx.clock.advance(EMAIL_RESEND_MS)
    await ctx.call('POST', '/api/v1/profile/email', token, { email: 'third@example.com' })
    const letters = await ctx.db.select().from(mailOutbox)
    expect(letters.map(l => l.to)).toEqual(['first@example.com', 'second@example.com', 'third@example.com'])
    // Russian by default.
    expect(letters[1]?.subject).toBe('Подтвердите новый e-mail')
    expect((await ctx.call('POST', '/api/v1/profile/email/confirm', null, { token: tokenOf(letters[1]!.text) })).statusCode).toBe(410)
    expect((await ctx.call('POST', '/api/v1/profile/email/confirm', null, { token: tokenOf(letters[2]!.text) })).json().data.email).toBe('third@example.com')
    expect(await ctx.db.select().from(emailChanges)).toEqual([])
  })

  it('refuses a bad or unchanged address and a malformed token with 4xx; needs a session to ask', async () => {
    const user = await ctx.createUser({ email: 'Same@example.com' })
    const token = await ctx.signIn(user.phone, user.password)
    const bad = await ctx.call('POST', '/api/v1/profile/email', token, { email: 'nope' }, EN)
    expect(bad.statusCode).toBe(422)
    expect(bad.json().validation).toEqual({ email: expect.any(String) })
    const same = await ctx.call('POST', '/api/v1/profile/email', token, { email: 'same@example.com' }, EN)
    expect(same.json().validation).toEqual({ email: 'This is your e-mail already' })
    expect((await ctx.call('POST', '/api/v1/profile/email', null, { email: 'x@example.com' })).statusCode).toBe(401)
    for (const body of [{}, { token: 'short' }, { token: 'a'.repeat(43) }, { token: 5 }]) {
      const res = await ctx.call('POST', '/api/v1/profile/email/confirm', null, body)
      expect(res.statusCode, JSON.stringify(body)).toBeGreaterThanOrEqual(400)
      expect(res.statusCode).toBeLessThan(500)
    }
    expect(await ctx.db.select().from(mailOutbox)).toEqual([])
  })
})
