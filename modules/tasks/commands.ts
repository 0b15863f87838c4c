import type { CommandHandlers } from '../../core/bus/commands'
import { TOAST_PRESET } from '../../core/toast/toast'
import { taskCounts, taskList, type TaskCountsRequest, type TaskListRequest } from './model'

declare module '../../core/bus/commands' {
  interface CommandMap {
    /** GET v1/tasks into `taskList` (a newer query aborts the older one). */
    'tasks/loadList': TaskListRequest
    /** GET v1/tasks/counts into `taskCounts`. */
    'tasks/loadCounts': TaskCountsRequest
    /** SPEC §8 success toasts after a save (the form itself sends the request: it shows the 422 beside its fields). */
    'tasks/saved': { id: number; created: boolean }
  }
}

export const taskCommands: CommandHandlers = {
  'tasks/loadList': taskList.load,
  'tasks/loadCounts': taskCounts.load,
  'tasks/saved': ({ created }, ctx) => {
    ctx.toast(created ? { ...TOAST_PRESET.taskCreated, text: 'tasks:toasts.created' } : { ...TOAST_PRESET.taskUpdated, text: 'tasks:toasts.updated' })
  },
}
