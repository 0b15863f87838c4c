import type { CommandId, CommandMap } from '../../../core/bus/commands'
import type { EventMap, EventType } from '../../../core/events/map'
import type { ToastInput } from '../../../core/toast/toast'

/**
 * What one event asks the world to do, as data: an HTTP command of this module, an event for the SIP adapter, a
 * toast. The fold only returns them; the softphone process performs them (./process.ts), once each, in order.
 */
export type Effect =
  | { [C in CommandId]: { kind: 'command'; id: C; payload: CommandMap[C] } }[CommandId]
  | { [T in EventType]: { kind: 'emit'; type: T; payload: EventMap[T] } }[EventType]
  | { kind: 'toast'; toast: ToastInput }

export const command = <C extends CommandId>(id: C, payload: CommandMap[C]): Effect => ({ kind: 'command', id, payload }) as Effect
export const emit = <T extends EventType>(type: T, payload: EventMap[T]): Effect => ({ kind: 'emit', type, payload }) as Effect
export const toast = (input: ToastInput): Effect => ({ kind: 'toast', toast: input })
