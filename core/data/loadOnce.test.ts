import { describe, expect, it } from 'vitest'
import { createBus } from '../bus/bus'
import { virtualClock } from '../bus/clock'
import type { CommandId } from '../bus/commands'
import { loadOnce, SAME_LOAD_WINDOW_MS } from './loadOnce'

function setup() {
  const clock = virtualClock()
  const bus = createBus(clock)
  const sent: { id: CommandId; payload: unknown }[] = []
  const commands = { dispatch: async (id: CommandId, payload: unknown) => void sent.push({ id, payload }) }
  return { clock, deps: { bus, commands }, sent }
}

describe('loadOnce: the router\'s load at navigation start and the page\'s own are one request', () => {
  it('sends the same command and query once, a different query or command again', () => {
    const { deps, sent } = setup()
    loadOnce(deps, 'app/navigate', { to: '/a' })
    loadOnce(deps, 'app/navigate', { to: '/a' })
    expect(sent).toHaveLength(1)
    loadOnce(deps, 'app/navigate', { to: '/b' })
    loadOnce(deps, 'auth/logout', {})
    expect(sent.map(s => s.payload)).toEqual([{ to: '/a' }, { to: '/b' }, {}])
  })

  it('sends it again once the moment has passed (coming back to a list later reads it afresh)', () => {
    const { clock, deps, sent } = setup()
    loadOnce(deps, 'app/navigate', { to: '/a' })
    clock.advanceBy(SAME_LOAD_WINDOW_MS)
    loadOnce(deps, 'app/navigate', { to: '/a' })
    expect(sent).toHaveLength(2)
  })

  it('keeps runtimes apart', () => {
    const one = setup()
    const two = setup()
    loadOnce(one.deps, 'app/navigate', { to: '/a' })
    loadOnce(two.deps, 'app/navigate', { to: '/a' })
    expect(one.sent).toHaveLength(1)
    expect(two.sent).toHaveLength(1)
  })
})
