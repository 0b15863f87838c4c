import { expect, it } from 'vitest'
import { formatPhone } from '../../core/validation'
import { smsOutbox } from '../db/schema'
import { describeEachDb } from '../testing/harness'
import { lastSmsCode } from '../testing/registration'
import { addressKey } from './address-limit'

const signIn = (phone11: string, password: string) => ({ phone: formatPhone(phone11), password })
const fromAddress = (remoteAddress: string) => ({ remoteAddress })

describeEachDb(
  'limits per address across phones',
  ctx => {
    const post = (url: string, body: object, remoteAddress = '10.0.0.1') =>
      ctx.app.inject({ method: 'POST', url, payload: body, headers: { 'accept-language': 'en' }, ...fromAddress(remoteAddress) })

    it('stops one address spraying sign-ins over many phones with 429, the envelope and Retry-After', async () => {
      const user = await ctx.createUser()
      // Each attempt names another phone, so the per-address-and-phone limit (10/min) never trips.
      for (let i = 0; i < 5; i++) {
        expect((await post('/api/v1/users/sign-in', signIn(`7700900000${i}`, 'guess-123'))).statusCode).toBe(422)
      }
      const limited = await post('/api/v1/users/sign-in', signIn(user.phone, user.password))
      expect(limited.statusCode).toBe(429)
      expect(limited.json()).toEqual({ result: false, message: 'Too many attempts, please try again later' })
      expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0)
      expect(Number(limited.headers['retry-after'])).toBeLessThanOrEqual(60)

      // Another address is not affected, and the window passes.
      expect((await post('/api/v1/users/sign-in', signIn(user.phone, user.password), '10.0.0.2')).statusCode).toBe(200)
      ctx.clock.advance(60_000)
      expect((await post('/api/v1/users/sign-in', signIn(user.phone, user.password))).statusCode).toBe(200)
    })

    it('limits registrations per address', async () => {
      const form = (i: number) => ({
        phone: formatPhone(`7701555000${i}`),
        password: 'kalina-2024',
        full_name: 'Новый Клиент',
        email: '',
        agree_personal_data: true,
        agree_edo: true,
      })
      // Each phone confirmed first, its code asked for from an address of its own (codes are limited on their own below).
      const withCode = async (i: number) => {
        expect((await post('/api/v1/users/register/code', { phone: form(i).phone }, `10.0.1.${i}`)).statusCode).toBe(200)
        return { ...form(i), code: await lastSmsCode(ctx, form(i).phone) }
      }
      expect((await post('/api/v1/users/register', await withCode(1))).statusCode).toBe(200)
      expect((await post('/api/v1/users/register', await withCode(2))).statusCode).toBe(200)
      const third = await withCode(3)
      const limited = await post('/api/v1/users/register', third)
      expect(limited.statusCode).toBe(429)
      expect(limited.headers['retry-after']).toBeDefined()
      expect(limited.json().result).toBe(false)
      expect((await post('/api/v1/users/register', third, '10.0.0.2')).statusCode).toBe(200)
    })

    it('limits registration codes per address across phones (SMS pumping), sending nothing past it', async () => {
      const ask = (i: number, address = '10.0.0.1') => post('/api/v1/users/register/code', { phone: formatPhone(`7701555100${i}`) }, address)
      expect((await ask(1)).statusCode).toBe(200)
      expect((await ask(2)).statusCode).toBe(200)
      const limited = await ask(3)
      expect(limited.statusCode).toBe(429)
      expect(limited.headers['retry-after']).toBeDefined()
      expect(limited.json()).toEqual({ result: false, message: 'Too many attempts, please try again later' })
      expect(await ctx.db.select().from(smsOutbox)).toHaveLength(2)
      expect((await ask(3, '10.0.0.2')).statusCode).toBe(200)
    })

    it('limits recovery requests per address across phones, matched or not (SMS pumping)', async () => {
      const user = await ctx.createUser({ full_name: 'Иванов Иван' })
      const other = await ctx.createUser({ full_name: 'Петров Пётр' })
      expect((await post('/api/v1/users/restore-password', { phone: formatPhone(user.phone), full_name: 'Иванов Иван' })).statusCode).toBe(200)
      expect((await post('/api/v1/users/restore-password', { phone: formatPhone(other.phone), full_name: 'Петров Пётр' })).statusCode).toBe(200)
      expect((await post('/api/v1/users/restore-password', { phone: formatPhone('77009999999'), full_name: 'Никто' })).statusCode).toBe(200)
      const limited = await post('/api/v1/users/restore-password', { phone: formatPhone(other.phone), full_name: 'Петров Пётр' })
      expect(limited.statusCode).toBe(429)
      expect(limited.headers['retry-after']).toBeDefined()
      expect(limited.json()).toEqual({ result: false, message: 'Too many attempts, please try again later' })
    })
  },
  { env: { SIGNIN_ADDRESS_RATE_LIMIT: '5/min', REGISTER_RATE_LIMIT: '2/hour', RESTORE_ADDRESS_RATE_LIMIT: '3/hour', REGISTER_CODE_ADDRESS_RATE_LIMIT: '2/hour' } },
)

it('keys IPv4 addresses as they are and IPv6 addresses by their /64', () => {
  expect(addressKey('10.0.0.1')).toBe('10.0.0.1')
  expect(addressKey('::ffff:10.0.0.1')).toBe('10.0.0.1')
  expect(addressKey('2001:db8:1:2:aaaa::1')).toBe('2001:db8:1:2::/64')
  expect(addressKey('2001:0db8:0001:0002:bbbb:cccc:dddd:eeee')).toBe('2001:db8:1:2::/64')
  expect(addressKey('2001:db8::1')).toBe('2001:db8:0:0::/64')
  expect(addressKey('::1')).toBe('0:0:0:0::/64')
  expect(addressKey('2001:db8:1:3::1')).not.toBe(addressKey('2001:db8:1:2::1'))
})
