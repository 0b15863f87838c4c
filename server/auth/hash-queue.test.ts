import { expect, it } from 'vitest'
import { ApiError } from '../http/errors'
import { createHashQueue } from './hash-queue'
import { createPasswordHasher } from './password'

/** A job that ends when the test says so, so the order of events is the test's, not the machine's speed. */
function gate() {
  let open!: () => void
  const done = new Promise<void>(resolve => (open = resolve))
  return { open, job: () => done }
}

const isBusy = (error: unknown) => error instanceof ApiError && error.status === 503 && error.messageKey === 'serverBusy' && (error.retryAfterSeconds ?? 0) > 0

it('runs at most `concurrency` jobs, the rest in order of arrival', async () => {
  const queue = createHashQueue({ concurrency: 2, maxWaiting: 10, maxWaitingPerAddress: 100, maxWaitMs: 60_000 })
  const gates = [gate(), gate(), gate(), gate()]
  const started: number[] = []
  const runs = gates.map((g, i) => queue.run(() => (started.push(i), g.job())))
  expect(started).toEqual([0, 1])
  expect([queue.running, queue.waiting]).toEqual([2, 2])
  gates[1]!.open()
  await runs[1]
  expect(started).toEqual([0, 1, 2])
  gates[0]!.open()
  gates[2]!.open()
  gates[3]!.open()
  await Promise.all(runs)
  expect(started).toEqual([0, 1, 2, 3])
  expect([queue.running, queue.waiting]).toEqual([0, 0])
})

it('refuses at once with 503 serverBusy and a Retry-After when the waiting line is full', async () => {
  const queue = createHashQueue({ concurrency: 1, maxWaiting: 1, maxWaitingPerAddress: 100, maxWaitMs: 60_000 })
  const g = gate()
  const running = queue.run(g.job)
  const waiting = queue.run(async () => 'second')
  const refused = await queue.run(async () => 'third').catch((error: unknown) => error)
  expect(isBusy(refused)).toBe(true)
  g.open()
  await running
  expect(await waiting).toBe('second')
})

it('refuses a job that waited longer than allowed and takes it out of the line', async () => {
  const queue = createHashQueue({ concurrency: 1, maxWaiting: 5, maxWaitingPerAddress: 100, maxWaitMs: 1 })
  const g = gate()
  const running = queue.run(g.job)
  let ran = false
  const refused = await queue.run(async () => (ran = true)).catch((error: unknown) => error)
  expect(isBusy(refused)).toBe(true)
  expect(queue.waiting).toBe(0)
  g.open()
  await running
  expect(ran).toBe(false)
  expect(queue.running).toBe(0)
})

it('frees the slot of a job that failed', async () => {
  const queue = createHashQueue({ concurrency: 1, maxWaiting: 1, maxWaitingPerAddress: 100, maxWaitMs: 60_000 })
  await expect(queue.run(async () => Promise.reject(new Error('scrypt failed')))).rejects.toThrow('scrypt failed')
  expect(await queue.run(async () => 'next')).toBe('next')
})

it('sends hash, verify and verifyNothing of the real hasher through the queue', async () => {
  const hasher = createPasswordHasher({ N: 1024, queue: { concurrency: 1, maxWaiting: 2, maxWaitingPerAddress: 100, maxWaitMs: 60_000 } })
  const stored = await hasher.hash('kalina-2024')
  const calls = [hasher.hash('a-password'), hasher.verify('kalina-2024', stored), hasher.verifyNothing('guess')]
  expect([hasher.queue.running, hasher.queue.waiting]).toEqual([1, 2])
  // The line is full: a fourth is refused rather than left to pile up.
  expect(isBusy(await hasher.verify('kalina-2024', stored).catch((error: unknown) => error))).toBe(true)
  const [hash, verified, nothing] = await Promise.all(calls)
  expect(hash).toMatch(/^scrypt\$1024\$/)
  expect(verified).toBe(true)
  expect(nothing).toBeUndefined()
  // verifyNothing's decoy is made again after a refusal instead of failing every later call.
  const tight = createPasswordHasher({ N: 1024, queue: { concurrency: 1, maxWaiting: 0, maxWaitingPerAddress: 100, maxWaitMs: 60_000 } })
  const busy = tight.hash('x')
  expect(isBusy(await tight.verifyNothing('guess').catch((error: unknown) => error))).toBe(true)
  await busy
  await expect(tight.verifyNothing('guess')).resolves.toBeUndefined()
})

it('gives free slots to the waiting addresses in turn: a burst from one address does not hold up another', async () => {
  const queue = createHashQueue({ concurrency: 1, maxWaiting: 10, maxWaitingPerAddress: 10, maxWaitMs: 60_000 })
  const started: string[] = []
  const gates = new Map<string, ReturnType<typeof gate>>()
  const run = (name: string, from: string) => {
    const g = gate()
    gates.set(name, g)
    return queue.run(() => (started.push(name), g.job()), from)
  }
  const runs = [run('a1', 'A'), run('a2', 'A'), run('a3', 'A'), run('a4', 'A'), run('b1', 'B'), run('c1', 'C'), run('b2', 'B')]
  for (const name of ['a1', 'a2', 'b1', 'c1', 'a3', 'b2', 'a4']) {
    expect(started.at(-1)).toBe(name)
    gates.get(name)!.open()
    await new Promise(resolve => setTimeout(resolve, 0))
  }
  await Promise.all(runs)
  expect(started).toEqual(['a1', 'a2', 'b1', 'c1', 'a3', 'b2', 'a4'])
})

it('refuses one address past its share of the line with 429, while others still get in', async () => {
  const queue = createHashQueue({ concurrency: 1, maxWaiting: 10, maxWaitingPerAddress: 2, maxWaitMs: 60_000 })
  const g = gate()
  const running = queue.run(g.job, 'A')
  const waiting = [queue.run(async () => 1, 'A'), queue.run(async () => 2, 'A')]
  const refused = await queue.run(async () => 3, 'A').catch((error: unknown) => error)
  expect(refused).toBeInstanceOf(ApiError)
  expect(refused).toMatchObject({ status: 429, messageKey: 'tooManyRequests' })
  const other = queue.run(async () => 'B', 'B')
  g.open()
  await running
  expect(await Promise.all([...waiting, other])).toEqual([1, 2, 'B'])
})
