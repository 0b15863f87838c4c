// @vitest-environment happy-dom
import { cleanup, screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { definePlugin, type LazyComponent } from '../../core/plugin/types'
import { renderInRuntime } from '../routing/renderInRuntime'
import { WidgetSlot } from './WidgetSlot'

beforeEach(() => void vi.spyOn(console, 'error').mockImplementation(() => {}))
afterEach(() => {
  cleanup()
  vi.restoreAllMocks()
})

const bell = { default: () => <button type="button">Bell</button> }
const WHAT = "Part of the page did not load: This section's code did not load"

async function mountSlot(component: LazyComponent) {
  const reload = vi.fn()
  const plugin = definePlugin({ id: 'bell', widgets: [{ slot: 'header', component }] })
  const mounted = await renderInRuntime(<WidgetSlot slot="header" reload={reload} />, { plugins: [plugin] })
  return { ...mounted, reload }
}

describe('a widget whose chunk does not arrive', () => {
  it('shows a small warning named with what happened; its panel reloads the app or retries, by keyboard', async () => {
    const component = vi.fn<LazyComponent>().mockRejectedValueOnce(new TypeError('Failed to fetch dynamically imported module: /assets/Bell-1.js'))
    component.mockResolvedValueOnce(bell)
    const { reload, chunkEvents } = await mountSlot(component)
    const warning = await screen.findByRole('button', { name: WHAT })
    expect((await chunkEvents()).map(e => e.payload.kind)).toEqual(['ChunkLoadError'])

    const user = userEvent.setup()
    warning.focus()
    await user.keyboard('{Enter}')
    expect(warning.getAttribute('aria-expanded')).toBe('true')
    expect((await screen.findByRole('group', { name: WHAT })).textContent).toContain(WHAT)
    // The first action has the focus: Enter reloads.
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Reload the app' }))
    await user.keyboard('{Enter}')
    expect(reload).toHaveBeenCalledTimes(1)
    // Escape closes the panel and returns to the warning.
    await user.keyboard('{Escape}')
    expect(screen.queryByRole('group', { name: WHAT })).toBeNull()
    expect(document.activeElement).toBe(warning)

    await user.keyboard('{Enter}')
    await user.click(await screen.findByRole('button', { name: 'Try again' }))
    expect(await screen.findByRole('button', { name: 'Bell' })).toBeTruthy()
    expect(component).toHaveBeenCalledTimes(2)
  })

  it('renders nothing when the widget loaded and then broke', async () => {
    const Broken = () => {
      throw new Error('boom')
    }
    const { view, chunkEvents } = await mountSlot(() => Promise.resolve({ default: Broken }))
    await vi.waitFor(() => expect(console.error).toHaveBeenCalled())
    expect(view.container.querySelector('button')).toBeNull()
    expect(await chunkEvents()).toEqual([])
  })
})
