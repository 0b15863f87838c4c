import { eq } from 'drizzle-orm'
import { expect, it } from 'vitest'
import { DEMO_PASSWORD } from '../seed'
import { offices, users } from '../db/schema'
import { describeEachDb } from '../testing/harness'
import { registrationCode } from '../testing/registration'
import { isCommonPassword } from './common-passwords'

it('finds common passwords whatever their case and spaces, and lets uncommon ones through', () => {
  for (const common of ['123456', 'password', 'QWERTY', ' Qwerty ', 'secret1', 'pass word']) expect(isCommonPassword(common), common).toBe(true)
  for (const fine of ['kalina-2024', 'old-pass', 'caller-pass-1', 'Ёлка-на-крыше']) expect(isCommonPassword(fine), fine).toBe(false)
  // The demo accounts must keep signing in with the documented password (they are seeded, not set via the API).
  expect(isCommonPassword(DEMO_PASSWORD)).toBe(false)
})

const EN = { 'accept-language': 'en' }

describeEachDb('common passwords are refused wherever a password is set', ctx => {
  it('on registration, with a message on the password field (ru and en), creating nobody', async () => {
    // The code is checked after the password, so a well-formed one is enough to reach the password's check.
    const form = { phone: '+7 (701) 555-12-34', password: 'Password1', full_name: 'Новый Клиент', email: '', agree_personal_data: true, agree_edo: true, code: '000000' }
    const en = await ctx.call('POST', '/api/v1/users/register', null, form, EN)
    expect(en.statusCode).toBe(422)
    expect(en.json().validation).toEqual({ password: 'This password is too common, please choose another' })
    const ru = await ctx.call('POST', '/api/v1/users/register', null, { ...form, password: ' QWERTY123 ' })
    expect(ru.json().validation).toEqual({ password: 'Этот пароль слишком распространён, выберите другой' })
    expect(await ctx.db.select().from(users)).toHaveLength(0)
    const code = await registrationCode(ctx, form.phone)
    expect((await ctx.call('POST', '/api/v1/users/register', null, { ...form, password: 'kalina-2024', code })).statusCode).toBe(200)
  })

  it('on a password change, keeping the old password', async () => {
    const user = await ctx.createUser({ password: 'old-pass' })
    const token = await ctx.signIn(user.phone, 'old-pass')
    const res = await ctx.call('POST', '/api/v1/profile/password', token, { old_password: 'old-pass', password: 'iloveyou', password_repeat: 'iloveyou' }, EN)
    expect(res.statusCode).toBe(422)
    expect(res.json().validation).toEqual({ password: 'This password is too common, please choose another' })
    expect(await ctx.signIn(user.phone, 'old-pass')).toEqual(expect.any(String))
  })

  it('when a manager creates or edits an employee', async () => {
    const [office] = await ctx.db.insert(offices).values({ name: 'Офис', created_at: new Date(ctx.clock.now()) }).returning({ id: offices.id })
    const manager = await ctx.createUser({ role: 35, office_id: office!.id })
    const token = await ctx.signIn(manager.phone, manager.password)
    const caller = (password: string) => ({
      full_name: 'Новикова Вера',
      role: 150,
      phone: '(700) 555-12-34',
      email: 'vera@example.com',
      office_id: null,
      sip: '',
      emails: [],
      password,
      enabled: true,
    })
    const refused = await ctx.call('POST', '/api/v1/call-center/callers', token, caller('abc123'), EN)
    expect(refused.statusCode).toBe(422)
    expect(refused.json().validation).toEqual({ password: 'This password is too common, please choose another' })
    expect(await ctx.db.select().from(users).where(eq(users.phone, '77005551234'))).toHaveLength(0)

    const created = await ctx.call('POST', '/api/v1/call-center/callers', token, caller('caller-pass-1'), EN)
    expect(created.statusCode, created.body).toBe(200)
    const edit = await ctx.call('POST', `/api/v1/call-center/callers/${created.json().data.id}`, token, caller('12345678'), EN)
    expect(edit.statusCode).toBe(422)
    expect(edit.json().validation).toEqual({ password: 'This password is too common, please choose another' })
    expect(await ctx.signIn('77005551234', 'caller-pass-1')).toEqual(expect.any(String))
  })
})
