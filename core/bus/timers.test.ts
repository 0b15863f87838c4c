import { describe, expect, it } from 'vitest'
import { createBus } from './bus'
import { virtualClock } from './clock'
import { timerAfter } from './timers'

describe('timerAfter', () => {
  const setup = () => {
    const clock = virtualClock()
    const bus = createBus(clock)
    const fired: number[] = []
    const sub = timerAfter(bus, { start: 'feedback/sent', ms: 1000, until: ['feedback/reset'] }, e => fired.push(e.at))
    return { clock, bus, fired, sub }
  }

  it('fires once the wait is over, with the event that started it', () => {
    const { clock, bus, fired } = setup()
    clock.advanceTo(5)
    bus.emit('feedback/sent', {}, 'ui')
    clock.advanceTo(1004)
    expect(fired).toEqual([])
    clock.advanceTo(1005)
    expect(fired).toEqual([5])
    clock.advanceBy(5000)
    expect(fired).toEqual([5])
  })

  it('restarts on a new start event and is dropped by an until event', () => {
    const { clock, bus, fired } = setup()
    bus.emit('feedback/sent', {}, 'ui')
    clock.advanceTo(600)
    bus.emit('feedback/sent', {}, 'ui')
    clock.advanceTo(1500)
    expect(fired).toEqual([])
    clock.advanceTo(1600)
    expect(fired).toEqual([600])
    bus.emit('feedback/sent', {}, 'ui')
    clock.advanceTo(2000)
    bus.emit('feedback/reset', {}, 'ui')
    clock.advanceBy(10_000)
    expect(fired).toEqual([600])
    expect(clock.pending()).toBe(0)
  })

  it('cancels the wait when unsubscribed', () => {
    const { clock, bus, fired, sub } = setup()
    bus.emit('feedback/sent', {}, 'ui')
    sub.unsubscribe()
    expect(clock.pending()).toBe(0)
    clock.advanceBy(2000)
    expect(fired).toEqual([])
  })
})
