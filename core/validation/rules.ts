import * as v from 'valibot'
import { CONTROL_CHARS_MESSAGE, line, multiline } from './control'
import { isValidLoginPhone, isValidPhone } from './phone'

/**
 * Messages are i18n keys of the `validation` namespace, so the browser and the server
 * (which answers in the request's Accept-Language) show the same words.
 */
export const msg = {
  required: 'validation:required',
  email: 'validation:email',
  passwordMin: 'validation:passwordMin',
  phone: 'validation:phone',
  loginPhone: 'validation:loginPhone',
  tooLong: 'validation:tooLong',
  mustAgree: 'validation:mustAgree',
  passwordsDiffer: 'validation:passwordsDiffer',
  smsCode: 'validation:smsCode',
  controlChars: CONTROL_CHARS_MESSAGE,
} as const

export const PASSWORD_MIN = 6
export const FEEDBACK_MAX = 2000

export { line, multiline }

export const required = v.pipe(v.string(msg.required), line(), v.trim(), v.nonEmpty(msg.required))

export const email = v.pipe(v.string(msg.required), line(), v.trim(), v.nonEmpty(msg.required), v.email(msg.email))

/** The optional e-mail variant: empty is fine, anything else must look like an address. */
export const optionalEmail = v.pipe(
  v.optional(v.string(), ''),
  line(),
  v.trim(),
  v.check(s => s === '' || v.is(v.pipe(v.string(), v.email()), s), msg.email),
)

export const password = v.pipe(v.string(msg.required), line(), v.nonEmpty(msg.required), v.minLength(PASSWORD_MIN, msg.passwordMin))

export const phone = v.pipe(v.string(msg.required), line(), v.nonEmpty(msg.required), v.check(isValidPhone, msg.phone))

export const loginPhone = v.pipe(v.string(msg.required), line(), v.nonEmpty(msg.required), v.check(isValidLoginPhone, msg.loginPhone))

/** Digits in an SMS confirmation code (server/users/registration-code.ts makes them). */
export const SMS_CODE_LENGTH = 6

/** An SMS confirmation code as typed: spaces around it are forgiven, then exactly SMS_CODE_LENGTH digits. */
export const smsCode = v.pipe(v.string(msg.required), line(), v.trim(), v.nonEmpty(msg.required), v.regex(new RegExp(`^\\d{${SMS_CODE_LENGTH}}$`), msg.smsCode))

/** The value must be empty (SPEC §5 "empty rule"), e.g. a honeypot field. */
export const empty = v.pipe(v.optional(v.string(), ''), v.length(0))
