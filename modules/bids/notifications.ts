import { defineNotificationType, toRecord } from '../../core/notifications/types'

/** SPEC §2: type 3 opens the bid — a message from the bank or the verifier, a status change. */
export const BID_NOTIFICATION = defineNotificationType({
  type: 3,
  key: 'bids:notifications.bid',
  channel: 'messages',
  link: toRecord(id => `/bids/${id}`),
})
