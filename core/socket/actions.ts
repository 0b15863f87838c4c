import type { GenericSchema } from 'valibot'
import type { SocketMessage } from './message'

/**
 * Socket actions a module sends and receives (SPEC §3 type 2 messages: `{ type: 2, action, data }`), declared by
 * declaration merging as with EventMap — the action's name and the shape of its `data`:
 *
 *   declare module '../../core/socket/actions' { interface SocketActionMap { updateTopNotifications: Record<string, never> } }
 *   definePlugin({ socketActions: [defineSocketAction('updateTopNotifications', v.object({}))] })
 *
 * The browser parses `data` with the declared schema at the boundary (a frame that does not parse becomes
 * `socket/malformed`) and emits `socket/action`; a module reads its own with `onSocketAction(bus, name)`
 * (./on-action.ts), never
 * the raw `socket/delivered` frames. The server sends with `hub.send(users, socketAction(name, data))`.
 */
// eslint-disable-next-line @typescript-eslint/no-empty-object-type
export interface SocketActionMap {}
export type SocketActionName = keyof SocketActionMap

export interface SocketActionDef<A extends SocketActionName = SocketActionName> {
  action: A
  /** Parses the message's `data` (a missing `data` is parsed as `{}`). */
  data: GenericSchema<unknown, SocketActionMap[A]>
}

export function defineSocketAction<A extends SocketActionName>(action: A, data: GenericSchema<unknown, SocketActionMap[A]>): SocketActionDef<A> {
  return { action, data }
}

/** The payload of `socket/action`: one declared action with its parsed data. */
export type SocketAction = { [A in SocketActionName]: { action: A; data: SocketActionMap[A] } }[SocketActionName]

/** The wire form of an action; an action without data goes as SPEC §4 writes it, `{ type: 2, action }`. */
export function socketAction<A extends SocketActionName>(action: A, data: SocketActionMap[A]): SocketMessage {
  const empty = typeof data === 'object' && data !== null && Object.keys(data).length === 0
  return empty ? { type: 2, action } : { type: 2, action, data }
}
