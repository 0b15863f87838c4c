import { and, asc, eq } from 'drizzle-orm'
import type { WorkflowHistoryEntry } from '../../core/workflow/api'
import type { Workflow } from '../../core/workflow/types'
import type { Db } from '../db/client'
import { users, workflowHistory } from '../db/schema'

/** One record's history of one status field, oldest first, with each author's name. */
export async function readHistory(db: Db, workflow: Workflow, recordId: number): Promise<WorkflowHistoryEntry[]> {
  const rows = await db
    .select({
      id: workflowHistory.id,
      action: workflowHistory.action,
      from: workflowHistory.from_status,
      to: workflowHistory.to_status,
      input: workflowHistory.input,
      userId: users.id,
      name: users.full_name,
      at: workflowHistory.created_at,
    })
    .from(workflowHistory)
    .leftJoin(users, eq(users.id, workflowHistory.user_id))
    .where(and(eq(workflowHistory.workflow, workflow.id), eq(workflowHistory.record_id, recordId)))
    .orderBy(asc(workflowHistory.id))
  return rows.map(({ userId, name, at, input, ...row }) => ({
    ...row,
    input: input ?? null,
    user: userId === null || name === null ? null : { id: userId, name },
    at: at.toISOString(),
  }))
}
