import { and, eq, type SQL } from 'drizzle-orm'
import type { FastifyInstance, FastifyRequest } from 'fastify'
import type { Actor } from '../../core/access/actor'
import type { Rule } from '../../core/access/rules'
import type { RowScope } from '../../core/access/scope'
import type { TransitionResult, WorkflowHistory } from '../../core/workflow/api'
import { allowedActions } from '../../core/workflow/decide'
import { actionPath } from '../../core/workflow/keys'
import type { ActionName, Workflow } from '../../core/workflow/types'
import { scopeWhere, type ScopeColumns } from '../access/scope'
import { currentActor, currentUser } from '../auth/require-user'
import type { Db } from '../db/client'
import type { ServerDeps } from '../deps'
import { ok } from '../http/envelope'
import { notFound } from '../http/errors'
import { pathId } from '../http/validate'
import { applyTransition, type Transition, type WorkflowBinding } from './apply'
import { readHistory } from './history'

/** What `after` gets: the transition just written, still inside its transaction. */
export interface AfterTransition<W extends Workflow> extends Transition {
  id: number
  action: ActionName<W>
  actor: Actor
  request: FastifyRequest
}

export interface WorkflowRoutesOptions<W extends Workflow, K extends string = string> extends WorkflowBinding<W> {
  /** The path segment(s) of the record: `v1/<resource>/{id}/<action>` (SPEC path style), e.g. `bids`. */
  resource: string
  /** Who may use these endpoints at all (the module's page rule); each action's own rule is the workflow's. */
  rule?: Rule
  /** The module's row scope (its access.ts) with the table's user columns: a record outside it answers 404. */
  scope?: { rows: RowScope<K>; columns: ScopeColumns<K> }
  /** Any further condition on the row for this actor (combined with `scope`). */
  where?: (actor: Actor) => SQL | undefined
  /** More work in the same transaction (notify, dependent rows); a throw rolls the status change back too. */
  after?: (tx: Db, done: AfterTransition<W>) => Promise<void>
  /** GET v1/<resource>/{id}/<field>/history; on unless false. */
  history?: boolean
  /**
   * A path segment between the record and the action: `'actions'` gives `v1/<resource>/{id}/actions/<action>`
   * (for a resource whose other sub-paths could clash with an action's name). None by default.
   */
  actionsSegment?: string
  /** Which actions get an endpoint (default all): an action with its own endpoint (a submit with a key) is left out. */
  actions?: readonly ActionName<W>[]
  /** What the endpoint answers once the transaction committed (default: TransitionResult). */
  respond?: (done: AfterTransition<W>) => Promise<unknown>
  /** Work after the commit (socket pushes); its failure is logged, never the answer's. */
  committed?: (done: AfterTransition<W>) => Promise<void>
}

const RESOURCE = /^[a-z][a-z0-9-]*(\/[a-z][a-z0-9-]*)*$/

/**
 * Registers one POST per action of the workflow, `v1/<resource>/{id}/<action-in-kebab-case>`, and the history GET.
 * Every answer is the envelope: 401 without a session, 403 for a role the action's rule refuses, 404 for a record
 * that is missing, outside the row scope or not a number, 409 with `allowed` from another status, 422 for input.
 * Two workflows of one resource (a record's own status and its review status) register side by side; their action
 * names must differ, or Fastify refuses the duplicate route at start.
 */
export function workflowRoutes<W extends Workflow, K extends string>(
  app: FastifyInstance,
  deps: Pick<ServerDeps, 'db' | 'clock'>,
  options: WorkflowRoutesOptions<W, K>,
): void {
  const { workflow, table, idColumn, statusColumn, resource, scope } = options
  if (!RESOURCE.test(resource)) throw new Error(`Workflow "${workflow.id}": resource "${resource}" is not a path like "bids" or "bank-bids"`)
  const segment = options.actionsSegment
  if (segment !== undefined && !/^[a-z][a-z0-9-]*$/.test(segment)) throw new Error(`Workflow "${workflow.id}": actions segment "${segment}" is not a path segment`)
  const guard = app.requireUser(options.rule)
  const rowWhere = (actor: Actor) => and(scope ? scopeWhere(deps.db, actor, scope.rows, scope.columns) : undefined, options.where?.(actor))

  const actions = options.actions ?? (Object.keys(workflow.actions) as ActionName<W>[])
  for (const action of actions) {
    if (!Object.hasOwn(workflow.actions, action)) throw new Error(`Workflow "${workflow.id}": no action "${action}" to route`)
    app.post(`/${resource}/:id/${segment ? `${segment}/` : ''}${actionPath(action)}`, { preHandler: guard }, async request => {
      const id = pathId(request)
      const actor = currentActor(request)
      const done = await deps.db.transaction(async tx => {
        const transition = await applyTransition(tx, {
          workflow,
          table,
          idColumn,
          statusColumn,
          id,
          actor,
          userId: currentUser(request).user.id,
          action,
          input: request.body,
          where: rowWhere(actor),
          at: new Date(deps.clock.now()),
        })
        await options.after?.(tx, { ...transition, id, action, actor, request })
        return transition
      })
      const finished: AfterTransition<W> = { ...done, id, action, actor, request }
      if (options.committed) await options.committed(finished).catch((err: unknown) => request.log.warn({ err }, 'after-commit work failed'))
      if (options.respond) return ok(await options.respond(finished))
      return ok<TransitionResult>({ id, from: done.from, status: done.to, allowed: allowedActions(workflow, done.to, actor) })
    })
  }

  if (options.history === false) return
  app.get(`/${resource}/:id/${actionPath(workflow.field)}/history`, { preHandler: guard }, async request => {
    const id = pathId(request)
    const actor = currentActor(request)
    const [row] = await deps.db
      .select({ status: statusColumn })
      .from(table)
      .where(and(eq(idColumn, id), rowWhere(actor)))
    if (!row) throw notFound()
    const status = typeof row.status === 'number' ? row.status : null
    const allowed = status === null ? [] : allowedActions(workflow, status, actor)
    return ok<WorkflowHistory>({ status, allowed, items: await readHistory(deps.db, workflow, id) })
  })
}
