/** Injected time (STYLE: never read Date.now() in logic), so tests can expire sessions and tickets. */
export interface Clock {
  now(): number
  /**
   * Runs `task` every `ms` of this clock's time; returns the function that stops it. Optional: a clock without it
   * gets real-time intervals (see `every`). The system clock's timers never keep the process alive.
   */
  every?(ms: number, task: () => void): () => void
}

export const systemClock: Clock = {
  now: () => Date.now(),
  every(ms, task) {
    const timer = setInterval(task, ms)
    timer.unref()
    return () => clearInterval(timer)
  },
}

/** A periodic task on the given clock (real time for a clock that has no timers of its own). */
export function every(clock: Clock, ms: number, task: () => void): () => void {
  return clock.every ? clock.every(ms, task) : systemClock.every!(ms, task)
}

/** A clock tests move by hand; its periodic tasks run as `advance` passes their times. */
export class ManualClock implements Clock {
  private tasks = new Set<{ ms: number; next: number; task: () => void }>()
  constructor(private time = Date.UTC(2026, 0, 1)) {}
  now(): number {
    return this.time
  }
  advance(ms: number): void {
    const target = this.time + ms
    // Step through each due run in time order, so a task sees the clock at its own moment.
    for (;;) {
      let due: { ms: number; next: number; task: () => void } | null = null
      for (const t of this.tasks) if (t.next <= target && (!due || t.next < due.next)) due = t
      if (!due) break
      this.time = due.next
      due.next += due.ms
      due.task()
    }
    this.time = target
  }
  every(ms: number, task: () => void): () => void {
    const entry = { ms: Math.max(1, ms), next: this.time + Math.max(1, ms), task }
    this.tasks.add(entry)
    return () => this.tasks.delete(entry)
  }
}
