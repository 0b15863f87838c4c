import { eq } from 'drizzle-orm'
import { expect, it } from 'vitest'
import { companies, registrationCodes, sessions, smsOutbox, users } from '../db/schema'
import { SMS_STATUS } from '../sms/provider'
import { describeEachDb } from '../testing/harness'
import { registrationCode } from '../testing/registration'

const registration = {
  phone: '+7 (701) 555-12-34',
  password: 'kalina-2024',
  full_name: 'Новый Клиент Клиентович',
  email: 'new@example.com',
  agree_personal_data: true,
  agree_edo: true,
}

describeEachDb('registration and password recovery', ctx => {
  it('registers a client whose phone is confirmed, signs them in, and creates no company', async () => {
    const code = await registrationCode(ctx, registration.phone)
    const res = await ctx.call('POST', '/api/v1/users/register', null, { ...registration, code })
    expect(res.statusCode).toBe(200)
    const body = res.json()
    expect(body).toEqual({ result: true, data: { token: expect.any(String), role: 10, user_id: expect.any(Number) } })

    const [user] = await ctx.db.select().from(users).where(eq(users.id, body.data.user_id))
    expect(user).toMatchObject({ phone: '77015551234', role: 10, full_name: registration.full_name, email: 'new@example.com' })
    expect(user?.password_hash).not.toContain('kalina-2024')
    // No placeholder company: the client creates it by saving its company data (modules/clients).
    expect(await ctx.db.select().from(companies)).toHaveLength(0)
    const company = await ctx.call('GET', '/api/v1/company', body.data.token)
    expect(company.json()).toEqual({ result: true, data: null })
    // The code is used up with the account.
    expect(await ctx.db.select().from(registrationCodes)).toHaveLength(0)
    // The new password works for a normal sign-in too.
    expect(await ctx.signIn('77015551234', 'kalina-2024')).toEqual(expect.any(String))
  })

  it('stores an empty e-mail as null', async () => {
    const code = await registrationCode(ctx, registration.phone)
    const res = await ctx.call('POST', '/api/v1/users/register', null, { ...registration, email: '', code })
    expect(res.statusCode).toBe(200)
    const [user] = await ctx.db.select().from(users)
    expect(user?.email).toBeNull()
  })

  it('refuses a registered phone with 409 and a phone message', async () => {
    await ctx.createUser({ phone: '77015551234' })
    const res = await ctx.call('POST', '/api/v1/users/register', null, { ...registration, code: '123456' }, { 'accept-language': 'en' })
    expect(res.statusCode).toBe(409)
    expect(res.json()).toEqual({ result: false, message: 'This phone is already registered', validation: { phone: 'This phone is already registered' } })
    expect(await ctx.db.select().from(users)).toHaveLength(1)
  })

  it('requires both consents, a 6-character password and a valid e-mail', async () => {
    const res = await ctx.call(
      'POST',
      '/api/v1/users/register',
      null,
      { ...registration, password: '123', email: 'not-an-email', agree_edo: false, agree_personal_data: undefined, full_name: '  ', code: '12a' },
      { 'accept-language': 'en' },
    )
    expect(res.statusCode).toBe(422)
    expect(res.json().validation).toEqual({
      password: 'The password must be at least 6 characters',
      email: 'Invalid E-mail',
      agree_edo: 'Your consent is required',
      agree_personal_data: 'Required field',
      full_name: 'Required field',
      code: 'Enter the 6 digits of the code from the SMS',
    })
    expect(await ctx.db.select().from(users)).toHaveLength(0)
  })

  it('restores a password: a pending one by SMS; the old one and its sessions work until the new one is used', async () => {
    const user = await ctx.createUser({ full_name: 'Ёлкина Анна Петровна', password: 'old-pass' })
    const oldToken = await ctx.signIn(user.phone, 'old-pass')
    const res = await ctx.call('POST', '/api/v1/users/restore-password', null, { full_name: ' елкина  анна петровна ', phone: '+7 (700) 200-00-01' })
    expect(res.statusCode).toBe(200)
    expect(res.json()).toEqual({
      result: true,
      data: null,
      message: 'Если телефон и ФИО совпадают, новый пароль отправлен в SMS. Текущий пароль действует, пока вы не войдёте с новым.',
    })

    const outbox = await ctx.db.select().from(smsOutbox)
    expect(outbox).toHaveLength(1)
    expect(outbox[0]).toMatchObject({ phone: user.phone, status: SMS_STATUS.new })
    const newPassword = /: (\S+)$/.exec(outbox[0]?.text ?? '')?.[1] ?? ''
    expect(newPassword).toHaveLength(10)

    // Until the new password is used, both work and the old session lives on.
    const stillOld = await ctx.signIn(user.phone, 'old-pass')
    expect((await ctx.call('GET', '/api/v1/profile', oldToken)).statusCode).toBe(200)

    const fresh = await ctx.signIn(user.phone, newPassword)
    expect((await ctx.call('GET', '/api/v1/profile', fresh)).statusCode).toBe(200)
    // Using it made it the password: the old one and every other session are gone, and it keeps working.
    expect((await ctx.call('POST', '/api/v1/users/sign-in', null, { phone: '(700) 200-00-01', password: 'old-pass' })).statusCode).toBe(422)
    expect((await ctx.call('GET', '/api/v1/profile', oldToken)).statusCode).toBe(401)
    expect((await ctx.call('GET', '/api/v1/profile', stillOld)).statusCode).toBe(401)
    expect(await ctx.signIn(user.phone, newPassword)).toEqual(expect.any(String))
    const [row] = await ctx.db.select().from(users).where(eq(users.id, user.id))
    expect(row).toMatchObject({ pending_password_hash: null, pending_password_expires_at: null })
  })

  it('answers a match, an unknown phone and a wrong name alike, sending only for the match', async () => {
    await ctx.createUser({ full_name: 'Иванов Иван' })
    const ask = (body: object) => ctx.call('POST', '/api/v1/users/restore-password', null, body, { 'accept-language': 'en' })
    const wrongName = await ask({ full_name: 'Петров Пётр', phone: '(700) 200-00-01' })
    const unknownPhone = await ask({ full_name: 'Иванов Иван', phone: '(700) 999-99-99' })
    expect(await ctx.db.select().from(smsOutbox)).toHaveLength(0)
    const match = await ask({ full_name: 'Иванов Иван', phone: '(700) 200-00-01' })
    expect(await ctx.db.select().from(smsOutbox)).toHaveLength(1)
    for (const res of [wrongName, unknownPhone, match]) {
      expect(res.statusCode).toBe(200)
      expect(res.body).toBe(match.body)
    }
    expect(match.json()).toEqual({
      result: true,
      data: null,
      message: 'If the phone and full name match, a new password has been sent by SMS. Your current password still works until you sign in with the new one.',
    })
  })

  it('validates the recovery form', async () => {
    const res = await ctx.call('POST', '/api/v1/users/restore-password', null, { full_name: '', phone: '123' })
    expect(res.statusCode).toBe(422)
    expect(res.json().validation).toEqual({ full_name: 'Обязательное поле', phone: 'Неверный номер телефона' })
  })

  it('signs other sessions out after a password change, keeping this one', async () => {
    const user = await ctx.createUser({ password: 'first-pass' })
    const here = await ctx.signIn(user.phone, 'first-pass')
    const elsewhere = await ctx.signIn(user.phone, 'first-pass')
    const res = await ctx.call('POST', '/api/v1/profile/password', here, { old_password: 'first-pass', password: 'second-pass', password_repeat: 'second-pass' })
    expect(res.statusCode).toBe(200)
    expect((await ctx.call('GET', '/api/v1/profile', here)).statusCode).toBe(200)
    expect((await ctx.call('GET', '/api/v1/profile', elsewhere)).statusCode).toBe(401)
    expect(await ctx.signIn(user.phone, 'second-pass')).toEqual(expect.any(String))
    const live = await ctx.db.select().from(sessions).where(eq(sessions.user_id, user.id))
    expect(live.filter(s => s.revoked_at === null)).toHaveLength(2)
  })

  it('refuses a wrong old password and mismatched repeats', async () => {
    const user = await ctx.createUser({ password: 'first-pass' })
    const token = await ctx.signIn(user.phone, 'first-pass')
    const wrongOld = await ctx.call('POST', '/api/v1/profile/password', token, { old_password: 'nope', password: 'second-pass', password_repeat: 'second-pass' })
    expect(wrongOld.statusCode).toBe(422)
    expect(wrongOld.json()).toEqual({ result: false, message: 'Неверный текущий пароль', validation: { old_password: 'Неверный текущий пароль' } })

    const differ = await ctx.call('POST', '/api/v1/profile/password', token, { old_password: 'first-pass', password: 'second-pass', password_repeat: 'third-pass' })
    expect(differ.statusCode).toBe(422)
    expect(differ.json().validation).toEqual({ password_repeat: 'Пароли не совпадают' })
    expect(await ctx.signIn(user.phone, 'first-pass')).toEqual(expect.any(String))

    expect((await ctx.call('POST', '/api/v1/profile/password', null, { old_password: 'x' })).json().code).toBe(6969)
  })
})
