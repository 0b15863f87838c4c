import * as v from 'valibot'
import { describe, expect, it } from 'vitest'
import { changePasswordForm, feedbackForm, issuesToValidationMap, registerDetailsForm, registerForm, restorePasswordForm, signInForm } from './index'
import { email, empty, optionalEmail, password, required } from './rules'

const errors = (schema: v.GenericSchema, value: unknown) => {
  const r = v.safeParse(schema, value)
  return r.success ? {} : issuesToValidationMap(r.issues)
}

describe('generic rules', () => {
  it('required rejects empty and blank strings', () => {
    expect(v.is(required, 'a')).toBe(true)
    expect(errors(required, '')).toEqual({ _: 'validation:required' })
    expect(errors(required, '   ')).toEqual({ _: 'validation:required' })
  })

  it('e-mail must look like an address; the optional variant allows empty', () => {
    expect(v.is(email, 'a@b.kz')).toBe(true)
    expect(errors(email, 'a@b')).toEqual({ _: 'validation:email' })
    expect(errors(email, '')).toEqual({ _: 'validation:required' })
    expect(v.is(optionalEmail, '')).toBe(true)
    expect(v.is(optionalEmail, undefined)).toBe(true)
    expect(v.is(optionalEmail, 'a@b.kz')).toBe(true)
    expect(errors(optionalEmail, 'nope')).toEqual({ _: 'validation:email' })
  })

  it('password needs at least 6 characters', () => {
    expect(v.is(password, '123456')).toBe(true)
    expect(errors(password, '12345')).toEqual({ _: 'validation:passwordMin' })
    expect(errors(password, '')).toEqual({ _: 'validation:required' })
  })

  it('the empty rule accepts only an empty value', () => {
    expect(v.is(empty, '')).toBe(true)
    expect(v.is(empty, 'x')).toBe(false)
  })
})

describe('forms', () => {
  it('sign-in: login phone and a non-empty password (length is not checked at sign-in)', () => {
    expect(v.is(signInForm, { phone: '(700) 100-00-10', password: '1' })).toBe(true)
    expect(errors(signInForm, { phone: '(900) 100-00-10', password: '' })).toEqual({
      phone: 'validation:loginPhone',
      password: 'validation:required',
    })
  })

  it('restore password needs full name and phone', () => {
    expect(errors(restorePasswordForm, { full_name: '', phone: '' })).toEqual({
      full_name: 'validation:required',
      phone: 'validation:required',
    })
    expect(errors(restorePasswordForm, { full_name: 'Иван', phone: '(700) 100-00' })).toEqual({ phone: 'validation:phone' })
  })

  it('register requires both consents, and the SMS code of 6 digits (spaces around forgiven)', () => {
    const good = { phone: '(700) 555-00-10', password: 'secret1', full_name: 'Иван', email: '', agree_personal_data: true, agree_edo: true, code: ' 012345 ' }
    expect(v.parse(registerForm, good).code).toBe('012345')
    expect(errors(registerForm, { ...good, agree_personal_data: false, agree_edo: false })).toEqual({
      agree_personal_data: 'validation:mustAgree',
      agree_edo: 'validation:mustAgree',
    })
    for (const code of ['12345', '1234567', '12 345', '12a456']) expect(errors(registerForm, { ...good, code })).toEqual({ code: 'validation:smsCode' })
    expect(errors(registerForm, { ...good, code: '' })).toEqual({ code: 'validation:required' })
    // The first step checks the same details without the code.
    const { code: _code, ...details } = good
    expect(v.is(registerDetailsForm, details)).toBe(true)
  })

  it('feedback: send refused when empty or longer than 2000 characters', () => {
    expect(v.is(feedbackForm, { message: 'x'.repeat(2000), url: '/bids' })).toBe(true)
    expect(errors(feedbackForm, { message: 'x'.repeat(2001), url: '/bids' })).toEqual({ message: 'validation:tooLong' })
    expect(errors(feedbackForm, { message: '  ', url: '/bids' })).toEqual({ message: 'validation:required' })
  })

  it('change password: new passwords must match', () => {
    expect(v.is(changePasswordForm, { old_password: 'a', password: 'secret1', password_repeat: 'secret1' })).toBe(true)
    expect(errors(changePasswordForm, { old_password: 'a', password: 'secret1', password_repeat: 'secret2' })).toEqual({
      password_repeat: 'validation:passwordsDiffer',
    })
  })
})
