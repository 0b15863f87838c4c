import { defineNotificationType, toRecord } from '../../core/notifications/types'

/** SPEC §2: type 5 opens the task — assigned to the user, or its reminder came due. */
export const TASK_NOTIFICATION = defineNotificationType({
  type: 5,
  key: 'tasks:notifications.task',
  channel: 'events',
  link: toRecord(id => `/tasks/${id}`),
})
