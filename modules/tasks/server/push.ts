import { and, eq, inArray, isNull, or } from 'drizzle-orm'
import { ROLE } from '../../../core/auth/profile'
import { socketAction } from '../../../core/socket/actions'
import type { Db } from '../../../server/db/client'
import { users } from '../../../server/db/schema'
import type { SocketHub } from '../../../server/socket/hub'
import type { RunningJob } from '../../../server/jobs/types'
import { tasks } from '../tables'
import '../socket'

/** The job kind that pushes a change made inside another module's transaction, once that transaction committed. */
export const TASK_CHANGED = 'tasks.changed'
export const changedKey = (taskId: number) => `tasks:changed:${taskId}`

const MANAGERS = [ROLE.agentManager, ROLE.callCenterManager, ROLE.bankManager] as const

/**
 * Who sees the task (access.ts taskScope): its author and responsible, the managers of the responsible's office, and
 * the administrators — active accounts only.
 */
export async function taskAudience(db: Db, taskId: number): Promise<number[]> {
  const [task] = await db.select({ author_id: tasks.author_id, responsible_id: tasks.responsible_id }).from(tasks).where(eq(tasks.id, taskId))
  if (!task) return []
  const [responsible] = await db.select({ office_id: users.office_id }).from(users).where(eq(users.id, task.responsible_id))
  const own = [task.author_id, task.responsible_id].filter((id): id is number => id !== null)
  const officeId = responsible?.office_id ?? null
  const rows = await db
    .select({ id: users.id })
    .from(users)
    .where(
      and(
        isNull(users.disabled_at),
        or(inArray(users.id, own), eq(users.role, ROLE.admin), officeId === null ? undefined : and(inArray(users.role, [...MANAGERS]), eq(users.office_id, officeId))),
      ),
    )
  return rows.map(r => r.id)
}

/**
 * Tells the task's audience it changed (`updateTasks`). Ephemeral (relay): an open screen re-reads on every reconnect
 * anyway. Called after the change committed; a push failure never fails the request.
 */
export async function pushTaskChanged(db: Db, hub: SocketHub, taskId: number): Promise<void> {
  try {
    const audience = await taskAudience(db, taskId)
    if (audience.length > 0) await hub.relay(audience, socketAction('updateTasks', { id: taskId }))
  } catch {
    // The screens catch up on their next load.
  }
}

/** The TASK_CHANGED job (not transactional: `db` is the root): runs once the transaction that queued it committed. */
export const runTaskChanged = (hub: SocketHub) => async (job: RunningJob, db: Db) => {
  await pushTaskChanged(db, hub, (job.payload as { task_id: number }).task_id)
}
