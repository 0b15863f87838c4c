import type { Actor } from '../access/actor'
import { parseInput } from './input'
import type { ActionInput, ActionName, Decision, Workflow } from './types'

/** The actions this actor may take on a record in `status`, in declaration order: exactly the buttons to show. */
export function allowedActions<W extends Workflow>(workflow: W, status: number, actor: Actor): ActionName<W>[] {
  const name = workflow.statusName(status)
  if (name === undefined) return []
  return Object.entries(workflow.actions)
    .filter(([, action]) => action.from.includes(name) && action.who(actor))
    .map(([action]) => action as ActionName<W>)
}

/**
 * Whether `actor` may take `action` on a record in `status` with `input`, and where it leads. The order is the
 * answer's meaning: a role the rule refuses is 403 whatever the status (it says nothing about the record); an
 * entitled actor on a record in another status gets 409 with what they may do now; then the input (422).
 * The browser asks the same question before showing a button, the server before writing.
 */
export function decide<W extends Workflow, K extends ActionName<W>>(
  workflow: W,
  status: number,
  action: K,
  actor: Actor,
  input?: unknown,
): Decision<ActionInput<W, K>> {
  const allowed = (): string[] => allowedActions(workflow, status, actor)
  const spec = Object.hasOwn(workflow.actions, action) ? workflow.actions[action] : undefined
  if (!spec) return { ok: false, status: 409, allowed: allowed() }
  if (!spec.who(actor)) return { ok: false, status: 403, allowed: allowed() }
  const from = workflow.statusName(status)
  if (from === undefined || !spec.from.includes(from)) return { ok: false, status: 409, allowed: allowed() }
  const to = workflow.statuses[spec.to] as number
  if (!spec.requires) return { ok: true, from: status, to, input: null as ActionInput<W, K> }
  const parsed = parseInput(spec.requires, input)
  if (!parsed.ok) return { ok: false, status: 422, allowed: allowed(), validation: parsed.validation }
  return { ok: true, from: status, to, input: parsed.output as ActionInput<W, K> }
}
