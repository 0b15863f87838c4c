import { fork } from 'effector'
import { Subscription } from 'rxjs'
import { describe, expect, it } from 'vitest'
import { recordingApi } from '../api/recording'
import { ROLE, type Profile } from '../auth/profile'
import { createBus } from '../bus/bus'
import { virtualClock } from '../bus/clock'
import { createCommandBus } from '../bus/commands'
import type { AnyEvent } from '../events/map'
import { createI18n } from '../i18n/i18n'
import { createRegistry } from '../plugin/registry'
import { composeCore } from '../runtime'
import { startSignedInCore } from './signed-in'

const profile: Profile = {
  id: 1, name: 'U', full_name: 'U', phone: '77001000100', email: null, role: ROLE.admin, office_id: null,
  settings: { services: { tender: false }, notify_messages: true, notify_events: true, is_agent: false },
  sip: null, ws_connection_string: '', language: 'ru',
}

/** The live core with the signed-in logic behind a fetch the test answers by hand (`arrive`, `fail`). */
function live() {
  const bus = createBus(virtualClock())
  const scope = fork()
  const commands = createCommandBus({ bus, api: recordingApi(bus) })
  const events: AnyEvent[] = []
  const sub = new Subscription()
  sub.add(bus.events$.subscribe(e => events.push(e)))
  const fetches: { resolve: (start: typeof startSignedInCore) => void; reject: (error: Error) => void }[] = []
  const load = () => new Promise<typeof startSignedInCore>((resolve, reject) => fetches.push({ resolve, reject }))
  sub.add(composeCore({ bus, commands, scope, registry: createRegistry([]), i18n: createI18n('ru'), getLog: async () => '', signedIn: { load } }))
  const settle = () => new Promise(r => setTimeout(r, 0))
  return {
    bus,
    commands,
    events,
    fetches,
    sub,
    arrive: async () => (fetches.at(-1)!.resolve(startSignedInCore), settle()),
    fail: async () => (fetches.at(-1)!.reject(new Error('offline')), settle()),
  }
}

const started = (token: string | null) => ({ path: '/login', token, rememberedPath: null, locale: 'ru' as const })

describe('the core\'s signed-in logic (socket, session control) is fetched when a session begins', () => {
  it('a guest on /login fetches none of it, and nothing of the socket runs', () => {
    const { bus, commands, fetches, events, sub } = live()
    bus.emit('app/started', started(null), 'ui')
    bus.emit('auth/signInFailed', { failure: { result: false, message: 'no' } }, 'api')
    bus.emit('session/activity', {}, 'ui')
    expect(fetches).toHaveLength(0)
    expect(commands.has('socket/reconnect')).toBe(false)
    expect(events.filter(e => e.type.startsWith('socket/') || e.type === 'effect/http')).toEqual([])
    sub.unsubscribe()
  })

  it('a sign-in fetches it while the profile is asked for; the socket then opens for the profile it missed', async () => {
    const { bus, commands, fetches, events, arrive, sub } = live()
    bus.emit('app/started', started(null), 'ui')
    bus.emit('auth/signedIn', { token: 't', method: 'password' }, 'api')
    expect(fetches).toHaveLength(1)
    bus.emit('auth/profileLoaded', { profile, company: null }, 'api')
    // One fetch, however many events say the session began.
    expect(fetches).toHaveLength(1)
    expect(commands.has('socket/reconnect')).toBe(false)
    await arrive()
    expect(commands.has('socket/retry')).toBe(true)
    // The socket process heard the profile that came before it: the first ticket is asked for (attempt 0).
    expect(events.filter(e => e.type === 'effect/http').map(e => e.payload)).toContainEqual({ method: 'GET', path: 'v1/socket/ticket' })
    sub.unsubscribe()
  })

  it('a stored token fetches it at boot, before the profile answers', () => {
    const { bus, fetches, sub } = live()
    bus.emit('app/started', started('stored'), 'ui')
    expect(fetches).toHaveLength(1)
    sub.unsubscribe()
  })

  it('a failed fetch is tried again at the next sign of a session', async () => {
    const { bus, commands, fetches, fail, arrive, sub } = live()
    bus.emit('auth/signedIn', { token: 't', method: 'password' }, 'api')
    await fail()
    expect(commands.has('socket/retry')).toBe(false)
    bus.emit('auth/profileLoaded', { profile, company: null }, 'api')
    expect(fetches).toHaveLength(2)
    await arrive()
    expect(commands.has('socket/retry')).toBe(true)
    sub.unsubscribe()
  })

  it('a replay has it in place from the start', () => {
    const bus = createBus(virtualClock())
    const commands = createCommandBus({ bus })
    const sub = composeCore({
      bus, commands, scope: fork(), registry: createRegistry([]), i18n: createI18n('ru'), getLog: async () => '',
      signedIn: { start: startSignedInCore },
    })
    expect(commands.has('socket/reconnect')).toBe(true)
    sub.unsubscribe()
  })
})
