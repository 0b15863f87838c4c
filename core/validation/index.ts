export { PHONE_MASK, PHONE_MASKED_LENGTH, PHONE_COUNTRY_CODE, applyMask, normalizePhoneInput, phoneDigits, formatPhone, isValidPhone, isValidLoginPhone } from './phone'
export { line, multiline, searchText, controlCharFields, hasControlInLine, hasControlInText, CONTROL_CHARS_MESSAGE } from './control'
export { msg, PASSWORD_MIN, FEEDBACK_MAX, required, email, optionalEmail, password, phone, loginPhone, empty, smsCode, SMS_CODE_LENGTH } from './rules'
export {
  signInForm, certificateSignInForm, restorePasswordForm, registerForm, registerDetailsForm, registerCodeRequest, feedbackForm, changePasswordForm, profileSettingsForm,
  type SignInForm, type RestorePasswordForm, type RegisterForm, type RegisterDetailsForm, type RegisterCodeRequest, type FeedbackForm, type ChangePasswordForm, type ProfileSettingsForm,
} from './forms'
export { issuesToValidationMap } from './issues'
export { isInnChecksumValid } from './inn'
