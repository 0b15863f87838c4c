import { describe, expect, it } from 'vitest'
import { createBus } from './bus'
import { virtualClock } from './clock'
import { restartableTimer, timerAfter } from './timers'

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

describe('restartableTimer', () => {
  it('keeps one timeout: start replaces it, stop drops it, pending says whether one waits', () => {
    const clock = virtualClock()
    const timer = restartableTimer(clock)
    const fired: string[] = []
    timer.start(() => fired.push('a'), 100)
    expect(timer.pending).toBe(true)
    clock.advanceBy(50)
    timer.start(() => fired.push('b'), 100)
    clock.advanceBy(99)
    expect(fired).toEqual([])
    clock.advanceBy(1)
    expect(fired).toEqual(['b'])
    expect(timer.pending).toBe(false)
    timer.start(() => fired.push('c'), 10)
    timer.stop()
    clock.advanceBy(100)
    expect(fired).toEqual(['b'])
    expect(clock.pending()).toBe(0)
  })
})
