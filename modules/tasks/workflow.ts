import { defineWorkflow } from '../../core/workflow/define'
import { canSeeTasks } from './access'

/** SPEC §4 task statuses. */
export const TASK_STATUS = { new: 10, work: 20, completed: 30, cancelled: 40 } as const
export type TaskStatusName = keyof typeof TASK_STATUS
export type TaskStatusCode = (typeof TASK_STATUS)[TaskStatusName]

/**
 * The task's status workflow (issue 13 §2). Who may press an action on which task is the row scope's business
 * (taskScope: author, responsible, their managers, administrators); the roles here are everyone who has tasks.
 */
export const taskWorkflow = defineWorkflow({
  id: 'tasks.status',
  ns: 'tasks',
  statuses: TASK_STATUS,
  actions: {
    start: { from: ['new'], to: 'work', who: canSeeTasks },
    complete: { from: ['new', 'work'], to: 'completed', who: canSeeTasks },
    cancel: { from: ['new', 'work'], to: 'cancelled', who: canSeeTasks },
    reopen: { from: ['completed', 'cancelled'], to: 'work', who: canSeeTasks },
  },
})
export type TaskAction = keyof typeof taskWorkflow.actions
