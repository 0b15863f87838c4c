import { firstValueFrom, take, toArray, type Observable } from 'rxjs'
import { describe, expect, expectTypeOf, it } from 'vitest'
import type { AnyEvent, AppEvent, EventMap } from '../events/map'
import { createBus } from './bus'
import { virtualClock } from './clock'
import { createCommandBus } from './commands'

describe('bus', () => {
  it('types on(type) by the event map', () => {
    const bus = createBus(virtualClock())
    const toast$ = bus.on('toast/shown')
    expectTypeOf(toast$).toEqualTypeOf<Observable<AppEvent<'toast/shown'>>>()
    toast$.subscribe(e => {
      expectTypeOf(e.payload).toEqualTypeOf<EventMap['toast/shown']>()
      expectTypeOf(e.payload.timeout).toBeNumber()
      expectTypeOf(e.type).toEqualTypeOf<'toast/shown'>()
    })
    bus.on(['socket/opened', 'socket/closed']).subscribe(e => {
      expectTypeOf(e.type).toEqualTypeOf<'socket/opened' | 'socket/closed'>()
      if (e.type === 'socket/closed') expectTypeOf(e.payload.code).toBeNumber()
    })
    // @ts-expect-error: not an event type
    bus.on('no/such')
    // @ts-expect-error: wrong payload
    bus.emit('toast/dismissed', { id: 1 }, 'ui')
  })

  it('narrows AnyEvent by type', () => {
    const describe = (e: AnyEvent): string => {
      switch (e.type) {
        case 'socket/closed':
          expectTypeOf(e).toEqualTypeOf<AppEvent<'socket/closed'>>()
          return `closed ${e.payload.code}`
        case 'api/failed':
          return `failed ${e.payload.path}`
        default:
          return e.type
      }
    }
    expect(describe({ type: 'socket/closed', payload: { code: 1006, attempt: 2 }, at: 0, source: 'socket' })).toBe('closed 1006')
  })

  it('filters by type and stamps the clock time', async () => {
    const clock = virtualClock(500)
    const bus = createBus(clock)
    const got = firstValueFrom(bus.on('toast/dismissed'))
    bus.emit('socket/opened', {}, 'socket')
    clock.advanceBy(250)
    bus.emit('toast/dismissed', { id: 'a' }, 'timer')
    expect(await got).toEqual({ type: 'toast/dismissed', payload: { id: 'a' }, at: 750, source: 'timer' })
  })

  it('delivers an event emitted during delivery after every subscriber saw the first (causal order)', () => {
    const bus = createBus(virtualClock())
    const seen: string[] = []
    bus.on('socket/opened').subscribe(() => bus.emit('session/wakeUp', {}, 'process'))
    bus.events$.subscribe(e => seen.push(e.type))
    bus.emit('socket/opened', {}, 'socket')
    expect(seen).toEqual(['socket/opened', 'session/wakeUp'])
  })
})

describe('command bus', () => {
  it('throws on a duplicate command id', () => {
    const bus = createBus(virtualClock())
    const commands = createCommandBus({ bus })
    commands.register('app/navigate', () => {})
    expect(() => commands.register('app/navigate', () => {})).toThrow(/"app\/navigate" is already registered/)
    expect(() => commands.registerAll({ 'auth/logout': () => {}, 'app/navigate': () => {} })).toThrow(/already registered/)
  })

  it('turns an unknown command into command/unknown', async () => {
    const bus = createBus(virtualClock())
    const commands = createCommandBus({ bus })
    const events = firstValueFrom(bus.events$.pipe(take(1), toArray()))
    await commands.dispatch('auth/logout', {})
    expect(await events).toEqual([{ type: 'command/unknown', payload: { id: 'auth/logout' }, at: 0, source: 'ui' }])
  })

  it('runs the handler synchronously up to its first await, with the dispatcher source', () => {
    const bus = createBus(virtualClock())
    const commands = createCommandBus({ bus })
    const seen: AnyEvent[] = []
    bus.events$.subscribe(e => seen.push(e))
    commands.register('app/navigate', ({ to }, ctx) => {
      ctx.bus.emit('app/navigationRequested', { to, replace: false }, ctx.source)
      void ctx.dispatch('locale/set', { locale: 'en' })
    })
    commands.register('locale/set', ({ locale }, ctx) => void ctx.bus.emit('locale/changed', { locale }, ctx.source))
    void commands.dispatch('app/navigate', { to: '/x' }, 'process')
    expect(seen.map(e => [e.type, e.source])).toEqual([
      ['app/navigationRequested', 'process'],
      ['locale/changed', 'process'],
    ])
  })

  it('reports a failing handler as command/failed', async () => {
    const bus = createBus(virtualClock())
    const commands = createCommandBus({ bus })
    const failed = firstValueFrom(bus.on('command/failed'))
    commands.register('app/navigate', async () => {
      await Promise.resolve()
      throw new Error('boom')
    })
    await commands.dispatch('app/navigate', { to: '/' })
    expect((await failed).payload).toEqual({ id: 'app/navigate', message: 'boom' })
  })
})
