/**
 * The call center's public contract, shared by the browser, the server and other modules (DESIGN §5): constants of
 * SPEC §3/§4/§9, the endpoints' paths, the valibot schemas of every request body and the response shapes. Each
 * concern lives in its own file under ./contract/; this entry only names what the module offers.
 */
export {
  CALL_DIRECTION,
  CALL_OUTCOME,
  CALL_OUTCOMES,
  CALL_RATING,
  CALL_RATINGS,
  CALL_STATUS,
  CALLCENTER_ERROR,
  CALLER_ROLES,
  DEFAULT_MIN_TALK_SECONDS,
  DEFAULT_REMINDER_TIME,
  MAX_STATISTICS_DAYS,
  OUTCOMES_WITHOUT_COMMENT,
  OUTCOMES_WITHOUT_REMINDER,
  PHONE_CALL_STATUSES,
  REMINDER_DATE_MASK,
  REMINDER_DATE_MAX,
  REMINDER_TIME_MASK,
  TASK_TYPE_CALL_BACK,
  type CallDirection,
  type CallOutcome,
  type CallRating,
} from './contract/constants'
export { CALLCENTER_API } from './contract/api'
export { cmsg } from './contract/messages'
export { addDays, defaultReminderDate, formatReminderDate, isIsoDate, isoDateIn, isReminderTime, parseReminderDate } from './contract/dates'
export { callPhoneDigits } from './contract/phone'
export { callPhone, contactPhone } from './contract/fields'
export {
  callEndForm,
  contactForm,
  phoneCallCreateForm,
  phoneCallUpdateForm,
  searchLinksForm,
  type CallEnd,
  type CallEndForm,
  type ContactForm,
  type PhoneCallCreateForm,
  type PhoneCallUpdateForm,
} from './contract/call-forms'
export {
  callerCreateForm,
  callerUpdateForm,
  listQuery,
  sipAccountForm,
  sipCode,
  statisticsQuery,
  type CallerCreateForm,
  type CallerUpdateForm,
  type SipAccountForm,
} from './contract/admin-forms'
export type {
  CallBackTask,
  CallEndResult,
  CallStatistics,
  CallStatisticsEmployee,
  CallStatisticsRow,
  Caller,
  Contact,
  Office,
  PhoneCall,
  PhoneCallCreated,
  SearchLinkCall,
  SearchLinkClient,
  SearchLinks,
  SipAccount,
} from './contract/responses'
