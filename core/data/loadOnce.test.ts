import { describe, expect, it } from 'vitest'
import { createBus } from '../bus/bus'
import { virtualClock } from '../bus/clock'
import type { CommandId } from '../bus/commands'
import { loadAtNavigation, loadForPage, SAME_LOAD_WINDOW_MS } from './loadOnce'

function setup() {
  const clock = virtualClock()
  const bus = createBus(clock)
  const sent: { id: CommandId; payload: unknown }[] = []
  const commands = { dispatch: async (id: CommandId, payload: unknown) => void sent.push({ id, payload }) }
  return { clock, deps: { bus, commands }, sent }
}

describe('a page\'s load asked for by the router at navigation start and by the page itself is one request', () => {
  it('first visit: the router sends it, the page mounting a chunk later does not send it again', () => {
    const { clock, deps, sent } = setup()
    loadAtNavigation(deps, 'app/navigate', { to: '/a' })
    clock.advanceBy(400)
    loadForPage(deps, 'app/navigate', { to: '/a' })
    expect(sent).toHaveLength(1)
    // A retry, or the page's next query, goes out.
    loadForPage(deps, 'app/navigate', { to: '/a' })
    loadForPage(deps, 'app/navigate', { to: '/b' })
    expect(sent.map(s => s.payload)).toEqual([{ to: '/a' }, { to: '/a' }, { to: '/b' }])
  })

  it('revisit with the chunk cached: the page sends it first, the router\'s twin is skipped', () => {
    const { deps, sent } = setup()
    loadForPage(deps, 'app/navigate', { to: '/a' })
    loadAtNavigation(deps, 'app/navigate', { to: '/a' })
    expect(sent).toHaveLength(1)
  })

  it('the same page opened again later loads again (a mark is used once, and only for a moment)', () => {
    const { clock, deps, sent } = setup()
    loadForPage(deps, 'app/navigate', { to: '/a' })
    // e.g. an administrator back from an agent's cabinet: the page's stores were emptied at the sign-out.
    loadForPage(deps, 'app/navigate', { to: '/a' })
    expect(sent).toHaveLength(2)
    // A mark stands for a moment only: the router's load of the page opened again later is sent, and so is the
    // page's own after a chunk that took longer than that.
    clock.advanceBy(SAME_LOAD_WINDOW_MS)
    loadAtNavigation(deps, 'app/navigate', { to: '/a' })
    clock.advanceBy(SAME_LOAD_WINDOW_MS)
    loadForPage(deps, 'app/navigate', { to: '/a' })
    expect(sent).toHaveLength(4)
  })

  it('keeps runtimes apart', () => {
    const one = setup()
    const two = setup()
    loadAtNavigation(one.deps, 'app/navigate', { to: '/a' })
    loadForPage(two.deps, 'app/navigate', { to: '/a' })
    expect(one.sent).toHaveLength(1)
    expect(two.sent).toHaveLength(1)
  })
})
