import { msg as coreMsg } from '../../../core/validation/rules'

/**
 * Message keys of the clients rules: i18n keys of the module's namespace (`clients:validation.*`, texts in
 * modules/clients/i18n/{ru,en}.json), plus the core's generic ones. The browser translates them with the
 * module's pack; the server answers them translated in the request's language (same files).
 */
export const cmsg = {
  required: coreMsg.required,
  email: coreMsg.email,
  phone: coreMsg.phone,
  tooLong: coreMsg.tooLong,
  innLength: 'clients:validation.innLength',
  innLength10: 'clients:validation.innLength10',
  innLength12: 'clients:validation.innLength12',
  innChecksum: 'clients:validation.innChecksum',
  kppLength: 'clients:validation.kppLength',
  ogrnLength: 'clients:validation.ogrnLength',
  ogrnChecksum: 'clients:validation.ogrnChecksum',
  ogrnipLength: 'clients:validation.ogrnipLength',
  ogrnipChecksum: 'clients:validation.ogrnipChecksum',
  okpoLength8: 'clients:validation.okpoLength8',
  okpoLength10: 'clients:validation.okpoLength10',
  okvedLength: 'clients:validation.okvedLength',
  bikLength: 'clients:validation.bikLength',
  correspondentAccountLength: 'clients:validation.correspondentAccountLength',
  correspondentAccountChecksum: 'clients:validation.correspondentAccountChecksum',
  settlementAccountLength: 'clients:validation.settlementAccountLength',
  settlementAccountChecksum: 'clients:validation.settlementAccountChecksum',
  zipcodeLength: 'clients:validation.zipcodeLength',
  snilsLength: 'clients:validation.snilsLength',
  snilsChecksum: 'clients:validation.snilsChecksum',
  passportSeries: 'clients:validation.passportSeries',
  passportNumber: 'clients:validation.passportNumber',
  foreignDocumentNumber: 'clients:validation.foreignDocumentNumber',
  documentSeries: 'clients:validation.documentSeries',
  subdivisionCode: 'clients:validation.subdivisionCode',
  url: 'clients:validation.url',
  shareMin: 'clients:validation.shareMin',
  shareMax: 'clients:validation.shareMax',
  sharesTotal: 'clients:validation.sharesTotal',
  number: 'clients:validation.number',
  date: 'clients:validation.date',
  dateInFuture: 'clients:validation.dateInFuture',
  dateOrder: 'clients:validation.dateOrder',
  citizenship: 'clients:validation.citizenship',
  term: 'clients:validation.term',
  choice: 'clients:validation.choice',
  year: 'clients:validation.year',
  quarter: 'clients:validation.quarter',
} as const

export type ClientsMessageKey = (typeof cmsg)[keyof typeof cmsg]
