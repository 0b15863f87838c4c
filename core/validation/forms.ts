import * as v from 'valibot'
import { email, FEEDBACK_MAX, line, loginPhone, msg, multiline, optionalEmail, password, phone, required, smsCode } from './rules'

/** Request bodies shared by the forms and the server's routes. */
export const signInForm = v.object({ phone: loginPhone, password: v.pipe(v.string(msg.required), line(), v.nonEmpty(msg.required)) })
export type SignInForm = v.InferOutput<typeof signInForm>

export const certificateSignInForm = v.object({ signature: required, hash: required })

export const restorePasswordForm = v.object({ full_name: required, phone })
export type RestorePasswordForm = v.InferOutput<typeof restorePasswordForm>

/** Registration's first step: who registers and their consents; the SMS code is asked for next. */
export const registerDetailsForm = v.object({
  phone: loginPhone,
  password,
  full_name: required,
  email: optionalEmail,
  agree_personal_data: v.literal(true, msg.mustAgree),
  agree_edo: v.literal(true, msg.mustAgree),
})
export type RegisterDetailsForm = v.InferOutput<typeof registerDetailsForm>

/** POST v1/users/register/code: an SMS code to the phone being registered. */
export const registerCodeRequest = v.object({ phone: loginPhone })
export type RegisterCodeRequest = v.InferOutput<typeof registerCodeRequest>

/** The code step of the registration form. */
export const smsCodeForm = v.object({ code: smsCode })

/** POST v1/users/register: the details with the code the phone received (SPEC §5: the phone is confirmed first). */
export const registerForm = v.object({ ...registerDetailsForm.entries, code: smsCode })
export type RegisterForm = v.InferOutput<typeof registerForm>

export const feedbackForm = v.object({
  message: v.pipe(v.string(msg.required), multiline(), v.trim(), v.nonEmpty(msg.required), v.maxLength(FEEDBACK_MAX, msg.tooLong)),
  url: v.pipe(v.string(), line(), v.maxLength(2000)),
  /** Redacted JSON Lines of the latest bus events, so a report is a replayable scenario. */
  events: v.optional(v.pipe(v.string(), multiline(), v.maxLength(500_000))),
})
export type FeedbackForm = v.InferOutput<typeof feedbackForm>

export const changePasswordForm = v.pipe(
  v.object({ old_password: v.pipe(v.string(msg.required), line(), v.nonEmpty(msg.required)), password, password_repeat: password }),
  v.forward(v.partialCheck([['password'], ['password_repeat']], i => i.password === i.password_repeat, msg.passwordsDiffer), ['password_repeat']),
)
export type ChangePasswordForm = v.InferOutput<typeof changePasswordForm>

export const profileSettingsForm = v.object({
  notify_messages: v.boolean(),
  notify_events: v.boolean(),
  is_agent: v.boolean(),
})
export type ProfileSettingsForm = v.InferOutput<typeof profileSettingsForm>

/** POST v1/profile/language: the account's language, the one its notifications and e-mails are written in. */
export const profileLanguageForm = v.object({
  language: v.picklist(['ru', 'en'], 'validation:invalid'),
})
export type ProfileLanguageForm = v.InferOutput<typeof profileLanguageForm>

/** POST v1/profile/email: the new address, confirmed by a link sent to it. */
export const profileEmailForm = v.object({ email })
export type ProfileEmailForm = v.InferOutput<typeof profileEmailForm>

/** POST v1/profile/email/confirm: the token of that link. */
export const confirmEmailForm = v.object({ token: v.pipe(v.string(msg.required), v.regex(/^[\w-]{20,100}$/, 'validation:invalid')) })
export type ConfirmEmailForm = v.InferOutput<typeof confirmEmailForm>

