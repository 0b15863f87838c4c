import { eq } from 'drizzle-orm'
import type { FastifyInstance } from 'fastify'
import { currentActor } from '../../../server/auth/require-user'
import type { Db } from '../../../server/db/client'
import type { ServerDeps } from '../../../server/deps'
import { ok } from '../../../server/http/envelope'
import { forbidden, invalidInput, notFound } from '../../../server/http/errors'
import { parseBody, parseQuery, pathId } from '../../../server/http/validate'
import { workflowRoutes } from '../../../server/workflow/routes'
import { canSeeTasks, taskScope } from '../access'
import {
  businessToday,
  taskCommentForm,
  taskForm,
  responsiblesQuery,
  taskListQuery,
  type TaskComment,
  type TaskCounts,
  type TaskDetails,
  type TaskForm,
  type TaskPage,
  type TaskResponsibles,
} from '../contract'
import { taskComments, taskLinks, tasks } from '../tables'
import { TASK_STATUS, taskWorkflow } from '../workflow'
import { pushTaskChanged } from './push'
import { canEditTask, countTasks, listResponsibles, listTasks, mayAssign, officeOf, readTask, scopedTask, toTaskComment } from './read'
import {
  addHistory,
  insertTask,
  notifyAssigned,
  notifyDone,
  personsOf,
  reminderKeys,
  replaceLinks,
  scheduleReminders,
  uniqueSorted,
  type TaskRow,
  type TasksDeps,
} from './service'

/** The fields an edit compares (history 'updated' lists those that changed). */
const EDITED = ['type', 'name', 'description', 'responsible_id', 'date_from', 'date_to', 'time', 'remind_author', 'remind_executor', 'remind_email'] as const

/**
 * The tasks endpoints (issue 13 §7): the list and its counts, the people a task may be given to, create, read, edit,
 * comments, and the status actions through the workflow kit. A task outside the actor's scope answers 404.
 */
export function taskRoutes(app: FastifyInstance, deps: ServerDeps, ctx: TasksDeps): void {
  const { db, clock } = deps
  const guard = app.requireUser(canSeeTasks)

  /** SPEC §9: a start not before today (the business clock); the responsible one the actor may assign. */
  async function checkForm(tx: Db, actor: ReturnType<typeof currentActor>, form: TaskForm, before?: TaskRow): Promise<void> {
    const problems: Record<string, string> = {}
    const moved = !before || before.date_from !== form.date_from || before.time !== form.time
    if (moved && form.date_from < businessToday(clock.now())) problems.date_from = 'tasks:validation.dateBeforeToday'
    if ((!before || before.responsible_id !== form.responsible_id) && !(await mayAssign(tx, actor, form.responsible_id))) problems.responsible_id = 'tasks:validation.responsible'
    if (Object.keys(problems).length > 0) throw invalidInput(problems)
  }

  app.get('/tasks', { preHandler: guard }, async request => {
    return ok<TaskPage>(await listTasks(db, currentActor(request), parseQuery(taskListQuery, request.query)))
  })

  app.get('/tasks/counts', { preHandler: guard }, async request => {
    return ok<TaskCounts>(await countTasks(db, currentActor(request), parseQuery(taskListQuery, request.query)))
  })

  app.get('/tasks/responsibles', { preHandler: guard }, async request => {
    return ok<TaskResponsibles>(await listResponsibles(db, currentActor(request), parseQuery(responsiblesQuery, request.query)))
  })

  app.post('/tasks', { preHandler: guard }, async request => {
    const actor = currentActor(request)
    const form = parseBody(taskForm, request.body)
    const id = await db.transaction(async tx => {
      await checkForm(tx, actor, form)
      const task = await insertTask(ctx, tx, { ...form, description: form.description, author_id: actor.id })
      return task.id
    })
    await pushTaskChanged(db, deps.hub, id)
    return ok<TaskDetails>(await readTask(db, actor, (await scopedTask(db, actor, id))!))
  })

  app.get('/tasks/:id', { preHandler: guard }, async request => {
    const actor = currentActor(request)
    const row = await scopedTask(db, actor, pathId(request))
    if (!row) throw notFound()
    return ok<TaskDetails>(await readTask(db, actor, row))
  })

  app.post('/tasks/:id', { preHandler: guard }, async request => {
    const actor = currentActor(request)
    const id = pathId(request)
    const changed = await db.transaction(async tx => {
      const before = await scopedTask(tx, actor, id, true)
      if (!before) throw notFound()
      if (!canEditTask(actor, before, await officeOf(tx, before.responsible_id))) throw forbidden()
      const form = parseBody(taskForm, request.body)
      await checkForm(tx, actor, form, before)
      const next = {
        type: form.type,
        name: form.name,
        description: form.description,
        responsible_id: form.responsible_id,
        date_from: form.date_from,
        date_to: form.date_to,
        time: form.time,
        remind_author: uniqueSorted<(typeof form.remind_author)[number]>(form.remind_author),
        // The call panel's reminder at the start (0) is not on the form: an edit keeps it.
        remind_executor: uniqueSorted<(typeof form.remind_executor)[number]>([...form.remind_executor, ...before.remind_executor.filter(m => (m as number) === 0)]),
        remind_email: form.remind_email,
      }
      const fields: string[] = EDITED.filter(f => JSON.stringify(before[f]) !== JSON.stringify(next[f]))
      const links = await tx.select().from(taskLinks).where(eq(taskLinks.task_id, id))
      const linkKeys = (list: readonly { kind: string; id: number }[]) => JSON.stringify([...new Set(list.map(l => `${l.kind}:${l.id}`))].sort())
      if (linkKeys(links.map(l => ({ kind: l.kind, id: l.record_id }))) !== linkKeys(form.links)) {
        fields.push('links')
        await replaceLinks(tx, id, form.links)
      }
      if (fields.length === 0) return false
      const at = new Date(clock.now())
      const [after] = await tx
        .update(tasks)
        .set({ ...next, updated_at: at })
        .where(eq(tasks.id, id))
        .returning()
      await addHistory(tx, id, 'updated', { fields }, actor.id, at)
      await scheduleReminders(ctx, tx, after!)
      if (after!.responsible_id !== before.responsible_id && after!.responsible_id !== actor.id) await notifyAssigned(ctx, tx, after!)
      return true
    })
    if (changed) await pushTaskChanged(db, deps.hub, id)
    return ok<TaskDetails>(await readTask(db, actor, (await scopedTask(db, actor, id))!))
  })

  app.post('/tasks/:id/comments', { preHandler: guard }, async request => {
    const actor = currentActor(request)
    const id = pathId(request)
    const row = await scopedTask(db, actor, id)
    if (!row) throw notFound()
    const { text } = parseBody(taskCommentForm, request.body)
    const [comment] = await db
      .insert(taskComments)
      .values({ task_id: id, user_id: actor.id, text, created_at: new Date(clock.now()) })
      .returning()
    await pushTaskChanged(db, deps.hub, id)
    return ok<TaskComment>(toTaskComment(comment!, await personsOf(db, [actor.id])))
  })

  // POST v1/tasks/{id}/actions/{start|complete|cancel|reopen}: 404 outside the scope, 409 with `allowed` from another status.
  workflowRoutes(app, deps, {
    workflow: taskWorkflow,
    table: tasks,
    idColumn: tasks.id,
    statusColumn: tasks.status,
    resource: 'tasks',
    actionsSegment: 'actions',
    history: false,
    rule: canSeeTasks,
    scope: { rows: taskScope, columns: { author: tasks.author_id, responsible: tasks.responsible_id } },
    async after(tx, done) {
      const at = new Date(clock.now())
      const [task] = await tx.update(tasks).set({ updated_at: at }).where(eq(tasks.id, done.id)).returning()
      await addHistory(tx, done.id, 'status', { action: done.action, from: done.from, to: done.to }, done.actor.id, at)
      // Closed: no more reminders; reopened: the ones still ahead come back.
      if (done.to === TASK_STATUS.completed || done.to === TASK_STATUS.cancelled) await ctx.app.jobs.cancel(tx, reminderKeys(done.id))
      if (done.action === 'reopen') await scheduleReminders(ctx, tx, task!)
      if (done.to === TASK_STATUS.completed) await notifyDone(ctx, tx, task!, done.actor.id)
    },
    respond: async done => {
      await pushTaskChanged(db, deps.hub, done.id)
      return readTask(db, done.actor, (await scopedTask(db, done.actor, done.id))!)
    },
  })
}
