import { fork } from 'effector'
import { Subscription } from 'rxjs'
import { describe, expect, it } from 'vitest'
import { roles } from '../access'
import { ROLE, type Profile, type Role } from '../auth/profile'
import { createBus } from '../bus/bus'
import { virtualClock } from '../bus/clock'
import { createCommandBus } from '../bus/commands'
import { createI18n } from '../i18n/i18n'
import { composeCore, ROLE_LOGIC_AFTER } from '../runtime'
import { startSignedInCore } from '../socket/signed-in'
import { createLogicLoader } from './logic'
import { createRegistry } from './registry'
import type { Plugin, PluginLogic } from './types'

declare module '../bus/commands' {
  interface CommandMap {
    'test/lazyCommand': { n: number }
    'test/nobodysCommand': Record<string, never>
  }
}

function profileOf(role: Role): Profile {
  return {
    id: 1, name: 'U', full_name: 'U', phone: '77001000010', email: null, role, office_id: null,
    settings: { services: { tender: false }, notify_messages: true, notify_events: true, is_agent: false },
    sip: null, ws_connection_string: '', language: 'ru',
  }
}

/** A module whose logic is fetched on demand; records each fetch, what its process heard and its command's runs. */
function lazyModule(id: string, access: Role) {
  const fetched: string[] = []
  const heard: string[] = []
  const ran: unknown[] = []
  const logic: PluginLogic = {
    commands: { 'test/lazyCommand': payload => void ran.push(payload) },
    processes: [({ bus }) => bus.on('auth/profileLoaded').subscribe(e => heard.push(`profile ${e.payload.profile.role}`))],
  }
  const plugin: Plugin = {
    id,
    routes: [{ path: `/${id}`, page: async () => ({ default: () => null }), access: roles(access) }],
    logic: async () => {
      fetched.push(id)
      return logic
    },
  }
  return { plugin, fetched, heard, ran }
}

function core(plugins: Plugin[]) {
  const clock = virtualClock()
  const bus = createBus(clock)
  const scope = fork()
  const commands = createCommandBus({ bus })
  const sub = new Subscription()
  const logic = createLogicLoader({ plugins: () => plugins, commands, deps: { bus, commands, read: store => scope.getState(store) }, sub })
  const registry = createRegistry(plugins, { prepare: id => logic.need([id]) })
  sub.add(composeCore({ bus, commands, scope, registry, i18n: createI18n('ru'), logic, getLog: async () => '', signedIn: { start: startSignedInCore } }))
  return { bus, commands, registry, logic, sub, clock }
}

const settle = () => new Promise(r => setTimeout(r, 0))

describe('plugin logic on demand', () => {
  it('is not fetched until needed; a page\'s logic comes with its chunk', async () => {
    const tenders = lazyModule('tenders', ROLE.agent)
    const { registry, sub } = core([tenders.plugin])
    expect(tenders.fetched).toEqual([])
    await registry.routes[0]!.page()
    expect(tenders.fetched).toEqual(['tenders'])
    await registry.routes[0]!.page()
    expect(tenders.fetched).toEqual(['tenders'])
    sub.unsubscribe()
  })

  it('after sign-in, once the first page had its time, fetches the modules the role reaches, whose processes hear the sign-in they came after', async () => {
    const tenders = lazyModule('tenders', ROLE.agent)
    const bids = lazyModule('bids', ROLE.client)
    const { bus, sub, clock } = core([tenders.plugin, bids.plugin])
    bus.emit('auth/profileLoaded', { profile: profileOf(ROLE.agent), company: null }, 'api')
    await settle()
    expect(tenders.fetched).toEqual([])
    clock.advanceBy(ROLE_LOGIC_AFTER)
    await settle()
    expect(tenders.fetched).toEqual(['tenders'])
    expect(bids.fetched).toEqual([])
    expect(tenders.heard).toEqual(['profile 30'])
    // …and what comes later, once.
    bus.emit('auth/profileLoaded', { profile: profileOf(ROLE.agent), company: null }, 'api')
    expect(tenders.heard).toEqual(['profile 30', 'profile 30'])
    sub.unsubscribe()
  })

  it('a sign-out before that time fetches nothing', async () => {
    const tenders = lazyModule('tenders', ROLE.agent)
    const { bus, sub, clock } = core([tenders.plugin])
    bus.emit('auth/profileLoaded', { profile: profileOf(ROLE.agent), company: null }, 'api')
    clock.advanceBy(ROLE_LOGIC_AFTER - 1)
    bus.emit('auth/loggedOut', { reason: 'user' }, 'ui')
    clock.advanceBy(ROLE_LOGIC_AFTER)
    await settle()
    expect(tenders.fetched).toEqual([])
    sub.unsubscribe()
  })

  it('a command nobody registered yet fetches the missing logic, then runs; one nobody has is reported unknown', async () => {
    const tenders = lazyModule('tenders', ROLE.agent)
    const { commands, bus, sub } = core([tenders.plugin])
    const unknown: unknown[] = []
    bus.on('command/unknown').subscribe(e => unknown.push(e.payload))
    await commands.dispatch('test/lazyCommand', { n: 1 })
    expect(tenders.fetched).toEqual(['tenders'])
    expect(tenders.ran).toEqual([{ n: 1 }])
    await commands.dispatch('test/nobodysCommand', {})
    expect(unknown).toEqual([{ id: 'test/nobodysCommand' }])
    expect(tenders.fetched).toEqual(['tenders'])
    sub.unsubscribe()
  })

  it('tells the stores of a logic that started after sign-in whose session it is; before sign-in, nothing', async () => {
    const listen = (bus: ReturnType<typeof core>['bus']) => {
      const started: unknown[] = []
      bus.on('plugin/logicStarted').subscribe(e => started.push({ plugin: e.payload.plugin, role: e.payload.session.profile.role, source: e.source }))
      return started
    }
    const early = core([lazyModule('tenders', ROLE.agent).plugin])
    const none = listen(early.bus)
    await early.logic.need(['tenders'])
    expect(none).toEqual([])
    early.sub.unsubscribe()

    const late = core([lazyModule('tenders', ROLE.agent).plugin])
    const started = listen(late.bus)
    late.bus.emit('auth/profileLoaded', { profile: profileOf(ROLE.agent), company: null }, 'api')
    late.clock.advanceBy(ROLE_LOGIC_AFTER)
    await settle()
    expect(started).toEqual([{ plugin: 'tenders', role: ROLE.agent, source: 'process' }])
    late.sub.unsubscribe()
  })
})
