import { describe, expect, it } from 'vitest'
import { virtualClock } from '../../core/bus/clock'
import { CHUNK_TIMEOUT, ChunkLoadTimeout, chunkFailureOf, loadWithin } from './chunks'

describe('chunkFailureOf (SPEC §8)', () => {
  it('names a script chunk that did not load, in every browser wording', () => {
    const messages = [
      'Failed to fetch dynamically imported module: http://127.0.0.1/assets/TasksPage-Bx1.js', // Chromium
      'error loading dynamically imported module: http://127.0.0.1/assets/TasksPage-Bx1.js', // Firefox
      'Importing a module script failed.', // Safari
    ]
    for (const message of messages) expect(chunkFailureOf(new TypeError(message)), message).toBe('ChunkLoadError')
  })

  it('names a style chunk that did not load (Vite: "Unable to preload CSS")', () => {
    expect(chunkFailureOf(new Error('Unable to preload CSS for http://127.0.0.1/assets/TasksPage-Cc2.css'))).toBe('CSS_CHUNK_LOAD_FAILED')
  })

  it('names the timeout', () => {
    expect(chunkFailureOf(new ChunkLoadTimeout('No chunk after 120000 ms'))).toBe('ChunkLoadTimeout')
  })

  it('is null for anything else: a page that loaded and then threw is not a chunk failure', () => {
    const others = [new Error('Cannot read properties of undefined'), new TypeError('x is not a function'), 'Failed to fetch dynamically imported module', null]
    for (const error of others) expect(chunkFailureOf(error)).toBeNull()
  })
})

describe('loadWithin', () => {
  // Promise callbacks run on the real microtask queue; only the clock is virtual.
  const flush = () => new Promise<void>(resolve => setImmediate(resolve))
  const settled = async <T>(promise: Promise<T>) => {
    const state: { value?: T; error?: unknown; done: boolean } = { done: false }
    promise.then(
      value => Object.assign(state, { value, done: true }),
      (error: unknown) => Object.assign(state, { error, done: true }),
    )
    await flush()
    return state
  }

  it('fails with ChunkLoadTimeout at 120 000 ms of the clock, not a millisecond before', async () => {
    const clock = virtualClock()
    const state = await settled(loadWithin(() => new Promise<never>(() => {}), clock))
    clock.advanceBy(CHUNK_TIMEOUT - 1)
    await flush()
    expect(state.done).toBe(false)
    clock.advanceBy(1)
    await flush()
    expect(state.error).toBeInstanceOf(ChunkLoadTimeout)
    expect(chunkFailureOf(state.error)).toBe('ChunkLoadTimeout')
  })

  it('passes a chunk that arrives in time, and cancels its timer', async () => {
    const clock = virtualClock()
    const state = await settled(loadWithin(() => Promise.resolve('page'), clock))
    expect(state).toEqual({ value: 'page', done: true })
    expect(clock.pending()).toBe(0)
  })

  it('passes a failure on as it is, and cancels its timer', async () => {
    const clock = virtualClock()
    const failure = new TypeError('Failed to fetch dynamically imported module: /assets/x.js')
    const state = await settled(loadWithin(() => Promise.reject(failure), clock))
    expect(state.error).toBe(failure)
    expect(clock.pending()).toBe(0)
  })
})
