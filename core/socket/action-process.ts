import * as v from 'valibot'
import type { Subscription } from 'rxjs'
import type { Bus } from '../bus/bus'
import type { SocketAction, SocketActionDef } from './actions'

/**
 * Parse at the boundary: a delivered type-2 frame whose action a module declared becomes `socket/action` with
 * its data parsed by the declared schema; one that does not parse becomes `socket/malformed` (never a crash in a
 * module). Actions nobody declared (the core's session control, resume) are left to the core's own processes.
 */
export function socketActionProcess({ bus, actions }: { bus: Bus; actions: ReadonlyMap<string, SocketActionDef> }): Subscription {
  return bus.on('socket/delivered').subscribe(e => {
    const { message } = e.payload
    const def = message.type === 2 ? actions.get(message.action) : undefined
    if (!def) return
    const parsed = v.safeParse(def.data, message.data ?? {})
    if (parsed.success) bus.emit('socket/action', { action: def.action, data: parsed.output } as SocketAction, 'process')
    else bus.emit('socket/malformed', { raw: JSON.stringify(message).slice(0, 2000), reason: `${message.action}: ${parsed.issues.map(i => i.message).join('; ')}` }, 'process')
  })
}
