import { describe, expect, it } from 'vitest'
import { createBus } from '../bus/bus'
import { virtualClock } from '../bus/clock'
import { attachAuthPersistence } from './persistence'
import { createTokenStorage, memoryStorage } from './storage'

describe('auth persistence adapter', () => {
  it('mirrors token and redirectPath events into storage', () => {
    const bus = createBus(virtualClock())
    const storage = memoryStorage()
    const token = createTokenStorage(storage)
    const sub = attachAuthPersistence({ bus, storage })
    bus.emit('auth/signedIn', { token: 'abc', method: 'password' }, 'api')
    expect(token.get()).toBe('abc')
    bus.emit('auth/pathRemembered', { path: '/tasks/1' }, 'ui')
    expect(storage.getItem('redirectPath')).toBe('/tasks/1')
    bus.emit('auth/rememberedPathCleared', {}, 'process')
    expect(storage.getItem('redirectPath')).toBeNull()
    bus.emit('auth/loggedOut', { reason: 'dropped' }, 'ui')
    expect(token.get()).toBeNull()
    sub.unsubscribe()
    bus.emit('auth/signedIn', { token: 'later', method: 'password' }, 'api')
    expect(token.get()).toBeNull()
  })
})
