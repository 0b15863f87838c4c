import * as v from 'valibot'
import type { ToastKind } from '../events/map'
import type { SocketMessage, ToastAction } from './message'

/** Server → client frame (SPEC §3). An object `action` is accepted and kept as its JSON text. */
const frameSchema = v.object({
  type: v.picklist([1, 2, 100]),
  action: v.union([v.string(), v.pipe(v.record(v.string(), v.unknown()), v.transform(a => JSON.stringify(a)))]),
  data: v.optional(v.unknown()),
  sender_id: v.optional(v.nullable(v.number())),
  to_users: v.optional(v.array(v.number())),
  seq: v.optional(v.pipe(v.number(), v.integer())),
})

export type ParseResult<T> = { ok: true; value: T } | { ok: false; reason: string }

/** Parse at the boundary: a frame that is not a socket message becomes a reason, never an exception. */
export function parseSocketFrame(raw: string): ParseResult<SocketMessage> {
  let json: unknown
  try {
    json = JSON.parse(raw)
  } catch {
    return { ok: false, reason: 'not JSON' }
  }
  const result = v.safeParse(frameSchema, json)
  if (!result.success) return { ok: false, reason: issuesText(result.issues) }
  const { type, action, data, sender_id, to_users, seq } = result.output
  const message: SocketMessage = { type, action }
  if (data !== undefined) message.data = data
  if (sender_id !== undefined) message.sender_id = sender_id
  if (to_users !== undefined) message.to_users = to_users
  if (seq !== undefined) message.seq = seq
  return { ok: true, value: message }
}

const KINDS: readonly ToastKind[] = ['success', 'error', 'info', 'warning']

/** Lenient per field: a bad field falls back to its default instead of dropping the whole toast. */
const toastActionSchema = v.object({
  layout: v.fallback(v.optional(v.string()), undefined),
  timeout: v.fallback(v.optional(v.pipe(v.number(), v.finite())), undefined),
  type: v.fallback(v.optional(v.picklist(KINDS)), undefined),
  text: v.fallback(v.optional(v.string()), undefined),
  title: v.fallback(v.optional(v.string()), undefined),
})

/** The JSON in a type 1/100 message's `action` (SPEC §4); not a JSON object → a reason. */
export function parseToastAction(action: string): ParseResult<ToastAction> {
  let json: unknown
  try {
    json = JSON.parse(action)
  } catch {
    return { ok: false, reason: 'action is not JSON' }
  }
  const result = v.safeParse(toastActionSchema, json)
  if (!result.success) return { ok: false, reason: issuesText(result.issues) }
  const out: ToastAction = {}
  for (const [key, value] of Object.entries(result.output)) if (value !== undefined) (out as Record<string, unknown>)[key] = value
  return { ok: true, value: out }
}

function issuesText(issues: readonly v.BaseIssue<unknown>[]): string {
  return issues.map(i => `${i.path?.map(p => String(p.key)).join('.') || 'message'}: ${i.message}`).join('; ')
}
