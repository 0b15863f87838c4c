/** SPEC §4 SMS statuses, as the SMS status screen shows them. */
export const SMS_STATUS = { new: 1, sent: 2, error: 3 } as const
export type SmsStatus = (typeof SMS_STATUS)[keyof typeof SMS_STATUS]
