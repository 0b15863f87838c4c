/**
 * Every timer in the app goes through a Clock, so tests and replays run on virtual time
 * (NgRx/redux-observable habit: inject the scheduler, never call setTimeout in logic).
 */
export interface Clock {
  now(): number
  /** Runs `fn` after `ms`; returns a cancel function. */
  setTimeout(fn: () => void, ms: number): () => void
  setInterval(fn: () => void, ms: number): () => void
}

export interface VirtualClock extends Clock {
  /** Moves time forward, firing due timers in order (timers scheduled meanwhile included). */
  advanceBy(ms: number): void
  advanceTo(at: number): void
  /** Timers still waiting. */
  pending(): number
}

export function realClock(): Clock {
  return {
    now: () => Date.now(),
    setTimeout(fn, ms) {
      const id = globalThis.setTimeout(fn, ms)
      return () => globalThis.clearTimeout(id)
    },
    setInterval(fn, ms) {
      const id = globalThis.setInterval(fn, ms)
      return () => globalThis.clearInterval(id)
    },
  }
}

interface Timer {
  id: number
  due: number
  fn: () => void
  every: number | null
}

export function virtualClock(start = 0): VirtualClock {
  let now = start
  let nextId = 0
  let timers: Timer[] = []

  const add = (fn: () => void, ms: number, every: number | null) => {
    const timer: Timer = { id: nextId++, due: now + Math.max(0, ms), fn, every }
    timers.push(timer)
    return () => {
      timers = timers.filter(t => t !== timer)
    }
  }
  const setTimeout = (fn: () => void, ms: number) => add(fn, ms, null)

  const advanceTo = (at: number) => {
    for (;;) {
      // Earliest due first; equal due times keep scheduling order.
      const next = timers.reduce<Timer | null>((a, t) => (t.due <= at && (!a || t.due < a.due || (t.due === a.due && t.id < a.id)) ? t : a), null)
      if (!next) break
      now = next.due
      if (next.every !== null) next.due += Math.max(1, next.every)
      else timers = timers.filter(t => t !== next)
      next.fn()
    }
    now = Math.max(now, at)
  }

  return {
    now: () => now,
    setTimeout,
    setInterval: (fn, ms) => add(fn, ms, ms),
    advanceTo,
    advanceBy: ms => advanceTo(now + ms),
    pending: () => timers.length,
  }
}
