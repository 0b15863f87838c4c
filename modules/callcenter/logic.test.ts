import { fork } from 'effector'
import { Subscription } from 'rxjs'
import { describe, expect, it } from 'vitest'
import { ROLE, type Profile } from '../../core/auth/profile'
import { createBus } from '../../core/bus/bus'
import { virtualClock } from '../../core/bus/clock'
import { createCommandBus } from '../../core/bus/commands'
import { connectBusToScope } from '../../core/events/effector'
import type { AnyEvent } from '../../core/events/map'
import { createI18n } from '../../core/i18n/i18n'
import { createLogicLoader } from '../../core/plugin/logic'
import { createRegistry } from '../../core/plugin/registry'
import type { Plugin } from '../../core/plugin/types'
import { composeCore } from '../../core/runtime'
import { startSignedInCore } from '../../core/socket/signed-in'
import callcenter from './index'
import { $softphone } from './model'

/**
 * The call center's logic is fetched after sign-in, not on /login (issue 10 §3): the softphone process was not there
 * when the profile arrived, and still starts the phone of a SIP profile once — from the `plugin/logicStarted` the
 * loader emits. (This file imports the stores itself, so they heard the sign-in; in the app they come with the logic
 * and fold the session from that event.)
 */
const sipProfile: Profile = {
  id: 9, name: 'M', full_name: 'M', phone: '77001000150', email: null, role: ROLE.callCenter, office_id: 2,
  settings: { services: { tender: true }, notify_messages: true, notify_events: true, is_agent: false },
  sip: { code: '1150', password: 'secret', ws_url: 'ws://127.0.0.1:8088' }, ws_connection_string: '', language: 'ru',
}

function live() {
  const bus = createBus(virtualClock())
  const scope = fork()
  const sub = new Subscription()
  sub.add(connectBusToScope(bus, scope))
  const events: AnyEvent[] = []
  sub.add(bus.events$.subscribe(e => events.push(e)))
  const commands = createCommandBus({ bus })
  const plugins = [callcenter]
  const logic = createLogicLoader({ plugins: () => plugins, commands, deps: { bus, commands, read: store => scope.getState(store) }, sub })
  const registry = createRegistry(plugins, { prepare: id => logic.need([id]) })
  sub.add(composeCore({ bus, commands, scope, registry, i18n: createI18n('ru'), logic, getLog: async () => '', signedIn: { start: startSignedInCore } }))
  return { bus, scope, events, logic, sub }
}

describe('call-center logic fetched after sign-in', () => {
  it('is not running before sign-in: no command of its own is registered', () => {
    const { sub, events } = live()
    expect((callcenter as Plugin).commands).toBeUndefined()
    expect(events.filter(e => e.type === 'plugin/logicStarted')).toEqual([])
    sub.unsubscribe()
  })

  it('catches up with the profile it missed and starts the phone once', async () => {
    const { bus, scope, events, logic, sub } = live()
    bus.emit('auth/profileLoaded', { profile: sipProfile, company: null }, 'api')
    // Nothing of the softphone ran yet: its logic is still on its way.
    expect(events.filter(e => e.type === 'sip/startRequested')).toEqual([])
    await logic.need(['callcenter'])
    const started = events.filter(e => e.type === 'plugin/logicStarted')
    expect(started.map(e => e.payload.plugin)).toEqual(['callcenter'])
    expect(scope.getState($softphone).credentials).toEqual({ ws_url: 'ws://127.0.0.1:8088', code: '1150', password: 'secret' })
    expect(events.filter(e => e.type === 'sip/startRequested').map(e => e.payload)).toEqual([{ ws_url: 'ws://127.0.0.1:8088', code: '1150', password: 'secret' }])
    // A refreshed profile does not restart the phone it started.
    bus.emit('auth/profileLoaded', { profile: sipProfile, company: null }, 'api')
    expect(events.filter(e => e.type === 'sip/startRequested')).toHaveLength(1)
    sub.unsubscribe()
  })
})
