import { and, eq, getTableColumns, type SQL } from 'drizzle-orm'
import type { AnyPgColumn, PgTable } from 'drizzle-orm/pg-core'
import type { Actor } from '../../core/access/actor'
import { decide } from '../../core/workflow/decide'
import type { ActionInput, ActionName, Workflow } from '../../core/workflow/types'
import type { Db } from '../db/client'
import { workflowHistory } from '../db/schema'
import { notFound } from '../http/errors'
import { refusalError } from './refusal'

/** Where one workflow's status lives: a table, its id column and the status column the workflow drives. */
export interface WorkflowBinding<W extends Workflow = Workflow> {
  workflow: W
  table: PgTable
  idColumn: AnyPgColumn
  statusColumn: AnyPgColumn
}

export interface TransitionRequest<W extends Workflow, K extends ActionName<W>> extends WorkflowBinding<W> {
  id: number
  actor: Actor
  action: K
  /** The request body; parsed by the action's schema (ignored by an action that asks for nothing). */
  input?: unknown
  /** The history's author; the actor by default. */
  userId?: number | null
  /** Row scope: a row outside it is as absent as a missing one (404). */
  where?: SQL | undefined
  /** The history's time, from the injected clock. */
  at: Date
}

export interface Transition<In = unknown> {
  from: number
  to: number
  input: In
  historyId: number
}

/**
 * Takes one workflow action on one record inside the caller's transaction: locks the row (so two users pressing
 * at once get one 200 and one 409), asks `decide`, writes the status and the history line. Throws the envelope's
 * ApiError (404, 403, 409 with `allowed`, 422); whatever the caller does next in the same transaction (notify,
 * dependent rows) commits or rolls back together with the status change.
 */
export async function applyTransition<W extends Workflow, K extends ActionName<W>>(
  tx: Db,
  request: TransitionRequest<W, K>,
): Promise<Transition<ActionInput<W, K>>> {
  const { workflow, table, idColumn, statusColumn, id, actor, action, where, at } = request
  const statusKey = columnKey(table, statusColumn)
  const [row] = await tx
    .select({ status: statusColumn })
    .from(table)
    .where(and(eq(idColumn, id), where))
    .for('update')
  if (!row) throw notFound()
  // A status still unset (null) is no declared status: nothing may start from it.
  const from = typeof row.status === 'number' ? row.status : Number.NaN
  const decision = decide(workflow, from, action, actor, request.input)
  if (!decision.ok) throw refusalError(decision)

  await tx
    .update(table)
    .set({ [statusKey]: decision.to })
    .where(eq(idColumn, id))
  const [entry] = await tx
    .insert(workflowHistory)
    .values({
      workflow: workflow.id,
      record_id: id,
      action,
      from_status: decision.from,
      to_status: decision.to,
      input: decision.input as Record<string, unknown> | null,
      user_id: request.userId === undefined ? actor.id : request.userId,
      created_at: at,
    })
    .returning({ id: workflowHistory.id })
  return { from: decision.from, to: decision.to, input: decision.input, historyId: entry!.id }
}

/** The table's property name of a column (what `update().set()` takes); a column of another table is a bug. */
function columnKey(table: PgTable, column: AnyPgColumn): string {
  const key = Object.entries(getTableColumns(table)).find(([, candidate]) => candidate === column)?.[0]
  if (!key) throw new Error(`Column "${column.name}" is not a column of the workflow's table`)
  return key
}
