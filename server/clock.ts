/** Injected time (STYLE: never read Date.now() in logic), so tests can expire sessions and tickets. */
export interface Clock {
  now(): number
}

export const systemClock: Clock = { now: () => Date.now() }

/** A clock tests move by hand. */
export class ManualClock implements Clock {
  constructor(private time = Date.UTC(2026, 0, 1)) {}
  now(): number {
    return this.time
  }
  advance(ms: number): void {
    this.time += ms
  }
}
