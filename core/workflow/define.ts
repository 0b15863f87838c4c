import type { ActionSpecs, StatusCodes, Workflow, WorkflowSpec } from './types'

const ID = /^[a-z][\w-]*\.[a-z]\w*$/
const NS = /^[a-z][\w-]*$/
/** Action names become URL segments (kebab-cased) and i18n keys. */
const ACTION = /^[a-z][a-zA-Z0-9]*$/
/** workflow_history's columns: varchar(64) and integer. */
const MAX_NAME = 64
const INT4 = 2 ** 31

/**
 * Declares one status field's workflow. Names are checked by the types (an action `to` a status not declared does
 * not compile); what types cannot see — duplicate codes, bad names, a missing rule — throws here, when the module
 * loads, never later on a user's click.
 */
export function defineWorkflow<const S extends StatusCodes, const A extends ActionSpecs<keyof S & string>>(spec: WorkflowSpec<S, A>): Workflow<S, A> {
  const fail = (problem: string): never => {
    throw new Error(`Workflow "${String(spec.id)}": ${problem}`)
  }
  if (typeof spec.id !== 'string' || !ID.test(spec.id) || spec.id.length > MAX_NAME) fail('id must be "<resource>.<field>" (e.g. "bids.status")')
  if (typeof spec.ns !== 'string' || !NS.test(spec.ns)) fail(`ns "${String(spec.ns)}" is not a namespace name`)

  const names = new Map<number, string>()
  for (const [name, code] of Object.entries(spec.statuses)) {
    if (!Number.isInteger(code) || Math.abs(code) >= INT4) fail(`status "${name}" must be a 32-bit integer, not ${String(code)}`)
    const other = names.get(code)
    if (other !== undefined) fail(`statuses "${other}" and "${name}" share the code ${code}`)
    names.set(code, name)
  }
  if (names.size === 0) fail('declares no statuses')

  const known = (status: unknown) => typeof status === 'string' && Object.hasOwn(spec.statuses, status)
  for (const [action, decl] of Object.entries(spec.actions)) {
    if (!ACTION.test(action) || action.length > MAX_NAME) fail(`action "${action}" must be a camelCase name`)
    if (!Array.isArray(decl.from) || decl.from.length === 0) fail(`action "${action}" starts from no status`)
    for (const from of decl.from) if (!known(from)) fail(`action "${action}" starts from an unknown status "${String(from)}"`)
    if (new Set(decl.from).size !== decl.from.length) fail(`action "${action}" lists a status twice in "from"`)
    if (!known(decl.to)) fail(`action "${action}" leads to an unknown status "${String(decl.to)}"`)
    if (typeof decl.who !== 'function') fail(`action "${action}" has no rule ("who")`)
    const requires: unknown = decl.requires
    const isObjectSchema = typeof requires === 'object' && requires !== null && 'entries' in requires
    if (requires !== undefined && !isObjectSchema) fail(`action "${action}" requires a schema that is not an object schema`)
  }

  const field = spec.id.slice(spec.id.indexOf('.') + 1)
  return Object.freeze({
    ...spec,
    field,
    statusName: (code: number) => names.get(code),
  })
}
