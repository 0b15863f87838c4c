import type * as v from 'valibot'
import type { Rule } from '../access/rules'

/** One status field's codes by name, `{ draft: 0, sent: 10 }`: SPEC §4 statuses are numbers, the names are ours. */
export type StatusCodes = Readonly<Record<string, number>>

/**
 * What an action asks the user for: an object schema (`v.object({ reason: required })`, or a `v.pipe` over one,
 * which keeps its `entries`), its messages i18n keys. The dialog validates with it, the server validates with it.
 */
export type InputSchema = v.GenericSchema<unknown, Record<string, unknown>> & { readonly entries: v.ObjectEntries }

/** One action: from which statuses, to which one, who may press it, and what it asks for. */
export interface ActionSpec<S extends string = string> {
  from: readonly S[]
  to: S
  who: Rule
  requires?: InputSchema
}

export type ActionSpecs<S extends string = string> = Readonly<Record<string, ActionSpec<S>>>

/** What a module writes once per status field (`bids.status`, `bids.bankStatus`). */
export interface WorkflowSpec<S extends StatusCodes = StatusCodes, A extends ActionSpecs<keyof S & string> = ActionSpecs> {
  /** `<resource>.<field>`: the history's `workflow` column and the i18n path `<ns>:workflow.<field>`. */
  id: string
  /** The module's i18n namespace (its plugin id). */
  ns: string
  statuses: S
  actions: A
}

/**
 * A declared workflow. `A` is not tied to `S` here (defineWorkflow checks that), so any workflow passes where a
 * plain `Workflow` is asked for: a `keyof S` in this type would make it invariant in `S`.
 */
export interface Workflow<S extends StatusCodes = StatusCodes, A extends ActionSpecs = ActionSpecs> {
  /** `<resource>.<field>`: the history's `workflow` column and the i18n path `<ns>:workflow.<field>`. */
  readonly id: string
  /** The module's i18n namespace (its plugin id). */
  readonly ns: string
  readonly statuses: S
  readonly actions: A
  /** The part of `id` after the dot. */
  readonly field: string
  /** Code → name; undefined for a code the declaration does not know (old data, another scheme). */
  statusName(code: number): string | undefined
}

export type StatusName<W extends Workflow> = keyof W['statuses'] & string
export type ActionName<W extends Workflow> = keyof W['actions'] & string

/** The parsed input of an action: its schema's output, or null for an action that asks for nothing. */
export type ActionInput<W extends Workflow, K extends ActionName<W>> = W['actions'][K] extends { requires: infer R extends InputSchema }
  ? v.InferOutput<R>
  : null

export type Refusal = {
  ok: false
  /** 403: the actor may never take this action; 409: not from this status; 422: the input does not validate. */
  status: 403 | 409 | 422
  /** What this actor may do from the record's current status instead (declaration order). */
  allowed: string[]
  /** field → message key, as the API's validation map (422 only). */
  validation?: Record<string, string>
}

export type Decision<In = unknown> = { ok: true; from: number; to: number; input: In } | Refusal
