import { defineNotificationType, toRecord } from '../../core/notifications/types'

/** The tender pages other modules and notifications open. */
export const tenderPath = (id: number | string): string => `/tenders/${id}`

const toTender = toRecord(tenderPath)

/** SPEC §2: types 1 and 2 open the tender. */
export const TENDER_NOTIFICATIONS = [
  /** A tender event: a new winner to work, a status change. */
  defineNotificationType({ type: 1, key: 'tenders:notifications.tender', channel: 'events', link: toTender }),
  /** A call-back or KP event: a reminder came due, the winner opened the KP. */
  defineNotificationType({ type: 2, key: 'tenders:notifications.callback', channel: 'events', link: toTender }),
] as const
