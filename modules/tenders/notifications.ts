import { defineNotificationType, toRecord } from '../../core/notifications/types'

/** The tender pages other modules and notifications open. */
export const tenderPath = (id: number | string): string => `/tenders/${id}`

const toTender = toRecord(tenderPath)

/** SPEC §2: types 1 and 2 open the tender. */
export const TENDER_NOTIFICATIONS = [
  /** A tender event: a new winner to work, the client's step on a KP (contexts kpOpened, kpFollowed, kpSignedIn). */
  defineNotificationType({ type: 1, key: 'tenders:notifications.tender', channel: 'events', link: toTender }),
  /** A call-back: a reminder came due, or the client asked to be called back (context asked). */
  defineNotificationType({ type: 2, key: 'tenders:notifications.callback', channel: 'events', link: toTender }),
] as const
