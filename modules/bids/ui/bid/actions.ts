import type { Workflow } from '../../../../core/workflow/types'

/**
 * The workflow narrowed to the actions the server says this user may take now (`allowed_actions`): WorkflowActions
 * then shows their intersection with the declaration's own rule for this status and role — never a button the
 * server would refuse (a bank user on a request assigned to a colleague, an archived bid).
 */
export function narrowed<W extends Workflow>(workflow: W, allowed: readonly string[], except: readonly string[] = []): W {
  const actions = Object.fromEntries(Object.entries(workflow.actions).filter(([action]) => allowed.includes(action) && !except.includes(action)))
  return { ...workflow, actions } as W
}
