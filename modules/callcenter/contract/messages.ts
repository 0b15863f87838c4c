import { msg as coreMsg } from '../../../core/validation'

/**
 * Validation messages as i18n keys: the core's generic ones (`validation:*`) and this module's
 * (`callcenter:validation.*`, texts in ../i18n/{ru,en}.json, which the server reads too).
 */
export const cmsg = {
  required: coreMsg.required,
  invalid: 'validation:invalid',
  tooLong: coreMsg.tooLong,
  phone: coreMsg.phone,
  email: coreMsg.email,
  outcome: 'callcenter:validation.outcome',
  reminderNotAllowed: 'callcenter:validation.reminderNotAllowed',
  reminderDate: 'callcenter:validation.reminderDate',
  reminderDateMin: 'callcenter:validation.reminderDateMin',
  reminderDateMax: 'callcenter:validation.reminderDateMax',
  reminderTime: 'callcenter:validation.reminderTime',
  callPhone: 'callcenter:validation.callPhone',
  inn: 'callcenter:validation.inn',
  sipCode: 'callcenter:validation.sipCode',
  sipCodeTaken: 'callcenter:validation.sipCodeTaken',
  sipUnknown: 'callcenter:validation.sipUnknown',
  sipInUse: 'callcenter:validation.sipInUse',
  sipOtherOffice: 'callcenter:validation.sipOtherOffice',
  office: 'callcenter:validation.office',
  callFinished: 'callcenter:validation.callFinished',
  phoneCallMismatch: 'callcenter:validation.phoneCallMismatch',
  massNumber: 'callcenter:validation.massNumber',
  dateRange: 'callcenter:validation.dateRange',
  isoDate: 'callcenter:validation.isoDate',
} as const
