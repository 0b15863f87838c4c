import { fileURLToPath } from 'node:url'
import type { ServerModule } from '../../../server/module'
import { TASK_NOTIFICATION } from '../notifications'
import { runTaskChanged, TASK_CHANGED } from './push'
import { taskRoutes } from './routes'
import { seedTasks } from './seed'
import { createTaskService, runReminder, TASK_REMINDER, type TasksDeps } from './service'

/**
 * The tasks module's server half (issue 13 §2): its tables (./migrations), its notification type (type 5), the
 * service other modules create tasks with (`app.extensions.tasks`), the reminders on the job queue, the
 * `updateTasks` socket pushes (push.ts), the endpoints of
 * issue 13 §7 (routes.ts) and a few demo tasks.
 */
export const tasksServer: ServerModule = {
  id: 'tasks',
  migrations: fileURLToPath(new URL('../migrations', import.meta.url)),
  notifications: [TASK_NOTIFICATION],
  decorate(app, deps) {
    const ctx: TasksDeps = { app, clock: deps.clock }
    if (app.extensions.tasks) throw new Error('tasks: another module already provides app.extensions.tasks')
    app.extensions.tasks = createTaskService(ctx)
    app.jobs.handle(TASK_REMINDER, (job, tx) => runReminder(ctx, job, tx))
    // The push publishes through the hub's broadcaster on the root connection (pg_notify): outside any transaction,
    // or PGlite's one connection would wait for the job's own transaction. A push sent twice is harmless.
    app.jobs.handle(TASK_CHANGED, runTaskChanged(deps.hub), { transactional: false })
  },
  register(app, deps) {
    taskRoutes(app, deps, { app, clock: deps.clock })
  },
  seed: seedTasks,
}
