import type { Workflow } from './types'

/**
 * Texts of a workflow live in its module's pack under `workflow.<field>`: `actions.<action>` (buttons and the
 * dialog's title), `statuses.<status>` (badges, history), `inputs.<name>` (dialog fields).
 */
const base = (workflow: Workflow) => `${workflow.ns}:workflow.${workflow.field}`
export const actionLabelKey = (workflow: Workflow, action: string) => `${base(workflow)}.actions.${action}`
export const statusLabelKey = (workflow: Workflow, status: string) => `${base(workflow)}.statuses.${status}`
export const inputLabelKey = (workflow: Workflow, name: string) => `${base(workflow)}.inputs.${name}`

/** Every key a module's packs must hold for this workflow (a module test checks ru and en against it). */
export function workflowLabelKeys(workflow: Workflow): string[] {
  const inputs = new Set(Object.values(workflow.actions).flatMap(action => Object.keys(action.requires?.entries ?? {})))
  return [
    ...Object.keys(workflow.actions).map(action => actionLabelKey(workflow, action)),
    ...Object.keys(workflow.statuses).map(status => statusLabelKey(workflow, status)),
    ...[...inputs].map(name => inputLabelKey(workflow, name)),
  ]
}

/** `cancelDecline` → `cancel-decline`: the action's URL segment, `v1/<resource>/{id}/<segment>` (SPEC path style). */
export const actionPath = (action: string) => action.replace(/[A-Z]/g, letter => `-${letter.toLowerCase()}`)
