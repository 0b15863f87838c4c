import { eq, inArray } from 'drizzle-orm'
import type { FastifyInstance } from 'fastify'
import type { Clock } from '../../../server/clock'
import type { Db } from '../../../server/db/client'
import { users } from '../../../server/db/schema'
import type { TaskDraft, TaskService } from '../../../server/extensions'
import type { RunningJob } from '../../../server/jobs/types'
import { taskStartsAt, type ReminderMinutes, type TaskHistoryEntry, type TaskLink } from '../contract'
import { TASK_NOTIFICATION } from '../notifications'
import { taskHistory, taskLinks, tasks } from '../tables'
import { TASK_STATUS } from '../workflow'
import { changedKey, TASK_CHANGED } from './push'

export type TaskRow = typeof tasks.$inferSelect

/** The job kind of a task's reminder (server/jobs). */
export const TASK_REMINDER = 'tasks.remind'
export type ReminderWho = 'author' | 'executor'

/** One job per (task, recipient, offset): editing the task moves or removes exactly these. */
export const reminderKey = (taskId: number, who: ReminderWho, minutes: number) => `tasks:remind:${taskId}:${who}:${minutes}`
export const reminderKeys = (taskId: number) => `tasks:remind:${taskId}:*`

/** What the module's server parts share: the app (notify, jobs) and the clock. */
export interface TasksDeps {
  app: Pick<FastifyInstance, 'notify' | 'jobs'>
  clock: Clock
}

const ACTIVE: readonly number[] = [TASK_STATUS.new, TASK_STATUS.work]

export async function addHistory(tx: Db, taskId: number, kind: TaskHistoryEntry['kind'], details: Record<string, unknown>, userId: number | null, at: Date): Promise<void> {
  await tx.insert(taskHistory).values({ task_id: taskId, kind, details, user_id: userId, created_at: at })
}

/**
 * Replaces a task's reminder jobs with its current plan, in the caller's transaction: every queued one goes, and
 * each (recipient, offset) still ahead of now is queued again (an offset already past is not sent late). Nothing is
 * queued for a task that is no longer new or in work.
 */
export async function scheduleReminders(deps: TasksDeps, tx: Db, task: TaskRow): Promise<void> {
  await deps.app.jobs.cancel(tx, reminderKeys(task.id))
  if (!ACTIVE.includes(task.status)) return
  const start = taskStartsAt(task.date_from, task.time).getTime()
  const now = deps.clock.now()
  const plan: [ReminderWho, number][] = task.remind_executor.map(m => ['executor', m])
  // The author's own reminders, unless the author is the executor with the same offset (one notification, not two).
  if (task.author_id !== null) {
    for (const m of task.remind_author) {
      if (task.author_id === task.responsible_id && task.remind_executor.includes(m)) continue
      plan.push(['author', m])
    }
  }
  for (const [who, minutes] of plan) {
    const runAt = start - minutes * 60_000
    if (runAt < now) continue
    await deps.app.jobs.enqueue(tx, { kind: TASK_REMINDER, key: reminderKey(task.id, who, minutes), payload: { task_id: task.id, who, minutes }, runAt: new Date(runAt), maxAttempts: 5 })
  }
}

/** The reminder job (transactional: the notification, its history line and "done" commit together, once). */
export async function runReminder(deps: TasksDeps, job: RunningJob, tx: Db): Promise<void> {
  const { task_id, who, minutes } = job.payload as { task_id: number; who: ReminderWho; minutes: number }
  const [task] = await tx.select().from(tasks).where(eq(tasks.id, task_id))
  if (!task || !ACTIVE.includes(task.status)) return
  const to = who === 'author' ? task.author_id : task.responsible_id
  if (to === null) return
  await deps.app.notify(tx, { to, type: TASK_NOTIFICATION, params: { id: task.id, name: task.name, context: 'reminder', count: minutes }, email: task.remind_email })
  await addHistory(tx, task.id, 'reminded', { minutes, to }, null, new Date(deps.clock.now()))
}

export interface NewTask {
  type: 10 | 20
  name: string
  description: string
  responsible_id: number
  author_id: number | null
  date_from: string
  date_to: string
  time: string
  remind_author: readonly number[]
  remind_executor: readonly number[]
  remind_email: boolean
  links: readonly TaskLink[]
}

/** Inserts a task with its links and its 'created' line, queues its reminders and tells the responsible (when someone else made it). */
export async function insertTask(deps: TasksDeps, tx: Db, input: NewTask): Promise<TaskRow> {
  const at = new Date(deps.clock.now())
  const [task] = await tx
    .insert(tasks)
    .values({
      type: input.type,
      name: input.name,
      description: input.description,
      responsible_id: input.responsible_id,
      author_id: input.author_id,
      date_from: input.date_from,
      date_to: input.date_to,
      time: input.time,
      status: TASK_STATUS.new,
      remind_author: uniqueSorted(input.remind_author),
      remind_executor: uniqueSorted(input.remind_executor),
      remind_email: input.remind_email,
      created_at: at,
      updated_at: at,
    })
    .returning()
  if (!task) throw new Error('task not created')
  await replaceLinks(tx, task.id, input.links)
  await addHistory(tx, task.id, 'created', {}, input.author_id, at)
  await scheduleReminders(deps, tx, task)
  if (task.author_id !== task.responsible_id) await notifyAssigned(deps, tx, task)
  return task
}

export async function notifyAssigned(deps: TasksDeps, tx: Db, task: TaskRow): Promise<void> {
  await deps.app.notify(tx, { to: task.responsible_id, type: TASK_NOTIFICATION, params: { id: task.id, name: task.name, context: 'assigned' } })
}

/** "Done" to the author when someone else completed the task. */
export async function notifyDone(deps: TasksDeps, tx: Db, task: TaskRow, by: number | null): Promise<void> {
  if (task.author_id === null || task.author_id === by) return
  const [user] = by === null ? [] : await tx.select({ full_name: users.full_name }).from(users).where(eq(users.id, by))
  await deps.app.notify(tx, { to: task.author_id, type: TASK_NOTIFICATION, params: { id: task.id, name: task.name, context: 'done', by: user?.full_name ?? '' } })
}

export async function replaceLinks(tx: Db, taskId: number, links: readonly TaskLink[]): Promise<void> {
  await tx.delete(taskLinks).where(eq(taskLinks.task_id, taskId))
  const unique = [...new Map(links.map(l => [`${l.kind}:${l.id}`, l])).values()]
  if (unique.length > 0) await tx.insert(taskLinks).values(unique.map(l => ({ task_id: taskId, kind: l.kind, record_id: l.id })))
}

export function uniqueSorted<T extends number>(values: readonly number[]): T[] {
  return [...new Set(values)].sort((a, b) => a - b) as T[]
}

/**
 * Queues the `updateTasks` push in the caller's transaction (server/push.ts): the job runs once it committed, so the
 * screens that re-read see the change; nothing is pushed when it rolls back. One job per task while queued.
 */
export async function queueTaskChanged(deps: TasksDeps, tx: Db, taskId: number): Promise<void> {
  await deps.app.jobs.enqueue(tx, { kind: TASK_CHANGED, key: changedKey(taskId), payload: { task_id: taskId }, runAt: new Date(deps.clock.now()), maxAttempts: 1 })
}

/** The service other modules use (CoreExtensions.tasks): a call-back from the call panel, a site callback taken. */
export function createTaskService(deps: TasksDeps): TaskService {
  return {
    async create(tx: Db, draft: TaskDraft) {
      const task = await insertTask(deps, tx, {
        type: draft.type,
        name: draft.name,
        description: draft.description ?? '',
        responsible_id: draft.responsibleId,
        author_id: draft.authorId,
        date_from: draft.date,
        date_to: draft.date,
        time: draft.time,
        remind_author: [],
        remind_executor: (draft.remindExecutor ?? []) as ReminderMinutes[],
        remind_email: draft.remindEmail ?? false,
        links: draft.links ?? [],
      })
      await queueTaskChanged(deps, tx, task.id)
      return { id: task.id }
    },
    async finish(tx: Db, id: number, status: 30 | 40, userId: number | null) {
      const [task] = await tx.select().from(tasks).where(eq(tasks.id, id)).for('update')
      if (!task || !ACTIVE.includes(task.status)) return
      const at = new Date(deps.clock.now())
      const [done] = await tx.update(tasks).set({ status, updated_at: at }).where(eq(tasks.id, id)).returning()
      await addHistory(tx, id, 'status', { action: status === TASK_STATUS.completed ? 'complete' : 'cancel', from: task.status, to: status }, userId, at)
      await deps.app.jobs.cancel(tx, reminderKeys(id))
      if (status === TASK_STATUS.completed && done) await notifyDone(deps, tx, done, userId)
      await queueTaskChanged(deps, tx, id)
    },
    async statuses(db: Db, ids: readonly number[]) {
      const wanted = [...new Set(ids)]
      if (wanted.length === 0) return new Map<number, number>()
      const found = await db.select({ id: tasks.id, status: tasks.status }).from(tasks).where(inArray(tasks.id, wanted))
      return new Map(found.map(r => [r.id, r.status]))
    },
  }
}

/** Persons by id (names for lists and details). */
export async function personsOf(db: Db, ids: readonly (number | null)[]): Promise<Map<number, { id: number; full_name: string }>> {
  const wanted = [...new Set(ids.filter((id): id is number => id !== null))]
  if (wanted.length === 0) return new Map()
  const rows = await db.select({ id: users.id, full_name: users.full_name }).from(users).where(inArray(users.id, wanted))
  return new Map(rows.map(r => [r.id, r]))
}
