/**
 * The call center's effector side, as the screens and tests use it: the softphone (one fold, ./model/fold, kept by
 * the `$softphoneStep` store), the panel's derivations, and the administration screens' stores. Importing this
 * entry creates the stores (index.ts does, so they exist before the events they fold arrive).
 */
import './model/events'
export type { ContactFields, FinishForm } from './model/events'
export { SIP_ALERTS, initialSoftphone } from './model/state'
export type { CallBackSet, CallPhase, CallSession, ContactDialogState, LinksState, PageContext, Registration, SipAlert, SipCredentials, SoftphoneState } from './model/state'
export type { Effect } from './model/effects'
export { step } from './model/fold/step'
export { registrationFailure } from './model/fold/registration'
export { callEndPath, contactAddPath } from './model/fold/paths'
export { $phoneAwaited, $softphone, $softphoneStep, $timedCall, advance, type Step } from './model/stores'
export { formatTimer, isRegistering, panelState, visibleSession, type PanelState } from './model/panel'
export type { CallFailure } from './model/failure'
export { mayDismiss } from './model/fold/session'
export { numberValidity, whyNotCallable, type CallRefusal, type NotCallable, type NumberMode } from './model/number'
export {
  $callerSave,
  $sipSave,
  callStatistics,
  callerRecord,
  callersList,
  freeSipsList,
  officesList,
  sipsList,
  type ListQuery,
  type SaveState,
  type StatisticsRange,
} from './model/admin'
