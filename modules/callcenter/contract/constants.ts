import { ROLE } from '../../../core/auth/profile'

/** SPEC §3: direction 2 is outgoing, otherwise incoming (we send 1). */
export const CALL_DIRECTION = { incoming: 1, outgoing: 2 } as const
export type CallDirection = (typeof CALL_DIRECTION)[keyof typeof CALL_DIRECTION]

/**
 * Statuses of a call record (SPEC §4 Call session): created by POST phone-call (0), accepted (10), failed after
 * answer (20), ended or failed before answer (50), finished with the timer at 0 (102: no answer, no dialog).
 */
export const CALL_STATUS = { created: 0, accepted: 10, failedAfterAnswer: 20, ended: 50, noAnswer: 102 } as const
/** What POST v1/call-center/phone-call/{id} accepts. */
export const PHONE_CALL_STATUSES = [CALL_STATUS.accepted, CALL_STATUS.failedAfterAnswer, CALL_STATUS.ended, CALL_STATUS.noAnswer] as const

/**
 * Finish-call outcomes (SPEC §4), in the order the dialog offers them. The spec gives no labels for 1 and 2;
 * we decided: 1 "interested, conversation went on" and 2 "asked for an offer" (texts in the i18n packs).
 */
export const CALL_OUTCOME = {
  notRelevant: 101,
  noAnswer: 102,
  refusal: 103,
  callBack: 104,
  notTarget: 105,
  interested: 1,
  offerRequested: 2,
} as const
export const CALL_OUTCOMES = [101, 102, 103, 104, 105, 1, 2] as const
export type CallOutcome = (typeof CALL_OUTCOMES)[number]
/** A comment is required unless the outcome is one of these. */
export const OUTCOMES_WITHOUT_COMMENT: readonly number[] = [CALL_OUTCOME.notRelevant]
/** A reminder may not be set for these. */
export const OUTCOMES_WITHOUT_REMINDER: readonly number[] = [CALL_OUTCOME.notRelevant, CALL_OUTCOME.noAnswer]

/** SPEC §3 call rating (contact status), in the dialog's order 4, 3, 0, 1, 2. */
export const CALL_RATING = { irrelevant: 4, nonTarget: 3, none: 0, target: 1, decisionMaker: 2 } as const
export const CALL_RATINGS = [4, 3, 0, 1, 2] as const
export type CallRating = (typeof CALL_RATINGS)[number]

/** SPEC §3 Task type 20: what a reminder becomes on the server. */
export const TASK_TYPE_CALL_BACK = 20
/** SPEC §4 task status: 10 new, 20 in work, 30 completed, 40 canceled. */
export const TASK_STATUS = { new: 10, inWork: 20, completed: 30, canceled: 40 } as const

/** SPEC §5/§9 reminder: date `##.##.####` from today to 2100-01-01, time `##:##`, default 15:00 tomorrow. */
export const REMINDER_DATE_MASK = '##.##.####'
export const REMINDER_TIME_MASK = '##:##'
export const REMINDER_DATE_MAX = '2100-01-01'
export const DEFAULT_REMINDER_TIME = '15:00'

/** Statistics count only conversations longer than this many seconds unless the request says otherwise. */
export const DEFAULT_MIN_TALK_SECONDS = 10
export const MAX_STATISTICS_DAYS = 366

/** `result: false` codes of this module. The client shows the 5 s "mass number" warning on MASS_NUMBER. */
export const CALLCENTER_ERROR = { massNumber: 4601 } as const

/** Roles an employee managed on /callers may have (SPEC §3 call-center employee). */
export const CALLER_ROLES = [ROLE.callCenter, ROLE.callCenterManager] as const
