// @vitest-environment happy-dom
import { act, cleanup, screen, waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import type { LazyComponent, PageProps } from '../../core/plugin/types'
import { CHUNK_TIMEOUT } from './chunks'
import { PageArea } from './PageArea'
import { renderInRuntime } from './renderInRuntime'

// React reports every error a boundary catches on the console; these are the failures under test.
beforeEach(() => void vi.spyOn(console, 'error').mockImplementation(() => {}))
afterEach(() => {
  cleanup()
  vi.restoreAllMocks()
})

type PageModule = Awaited<ReturnType<LazyComponent<PageProps>>>
const tasksPage: PageModule = { default: () => <p>Tasks page</p> }
const scriptFailure = () => new TypeError('Failed to fetch dynamically imported module: http://127.0.0.1/assets/TasksPage-Bx1.js')

async function setup(page: LazyComponent<PageProps>) {
  const posted: { path: string; body: unknown }[] = []
  const fetch: typeof globalThis.fetch = async input => {
    const request = input as Request
    posted.push({ path: new URL(request.url).pathname, body: await request.json() })
    return new Response(JSON.stringify({ result: true, data: null }), { headers: { 'content-type': 'application/json' } })
  }
  const reload = vi.fn()
  const mounted = await renderInRuntime(<PageArea page={page} params={{}} resetKey="/tasks" reload={reload} />, { fetch })
  return { ...mounted, reload, posted }
}

describe('a page whose chunk does not arrive (SPEC §8)', () => {
  it('says its code did not load, reloads the app on request, and a retry loads the chunk afresh', async () => {
    const page = vi.fn<LazyComponent<PageProps>>().mockRejectedValueOnce(scriptFailure()).mockResolvedValueOnce(tasksPage)
    const { reload, chunkEvents } = await setup(page)
    const alert = await screen.findByRole('alert')
    expect(alert.textContent).toContain("This section's code did not load")
    expect(alert.dataset.kind).toBe('ChunkLoadError')
    expect(await chunkEvents()).toEqual([
      { type: 'app/chunkFailed', payload: { kind: 'ChunkLoadError', message: scriptFailure().message }, at: 0, source: 'ui' },
    ])

    const user = userEvent.setup()
    await user.click(screen.getByRole('button', { name: 'Reload the app' }))
    expect(reload).toHaveBeenCalledTimes(1)

    await user.click(screen.getByRole('button', { name: 'Try again' }))
    expect(await screen.findByText('Tasks page')).toBeTruthy()
    expect(page).toHaveBeenCalledTimes(2)
    expect(screen.queryByRole('alert')).toBeNull()
  })

  it('says its styles did not load when Vite could not preload its CSS', async () => {
    const { chunkEvents } = await setup(() => Promise.reject(new Error('Unable to preload CSS for http://127.0.0.1/assets/TasksPage-Cc2.css')))
    const alert = await screen.findByRole('alert')
    expect(alert.textContent).toContain("This section's styles did not load")
    expect(screen.getByRole('button', { name: 'Reload the app' })).toBeTruthy()
    expect((await chunkEvents()).map(e => (e.payload as { kind: string }).kind)).toEqual(['CSS_CHUNK_LOAD_FAILED'])
  })

  it('times out after 120 000 ms of the clock (advanced, not waited), then a retry can still load it', async () => {
    let arrive: ((page: PageModule) => void) | undefined
    const page = vi
      .fn<LazyComponent<PageProps>>()
      .mockReturnValueOnce(new Promise(() => {}))
      .mockReturnValueOnce(new Promise(resolve => (arrive = resolve)))
    const { clock, chunkEvents } = await setup(page)
    expect(await screen.findByRole('progressbar')).toBeTruthy()

    await act(async () => clock.advanceBy(CHUNK_TIMEOUT - 1))
    expect(screen.queryByRole('alert')).toBeNull()
    await act(async () => clock.advanceBy(1))
    const alert = await screen.findByRole('alert')
    expect(alert.textContent).toContain('This section is taking too long to load')
    expect(await chunkEvents()).toEqual([
      { type: 'app/chunkFailed', payload: { kind: 'ChunkLoadTimeout', message: `No chunk after ${CHUNK_TIMEOUT} ms` }, at: CHUNK_TIMEOUT, source: 'ui' },
    ])

    await userEvent.setup().click(screen.getByRole('button', { name: 'Try again' }))
    await act(async () => arrive!(tasksPage))
    expect(await screen.findByText('Tasks page')).toBeTruthy()
  })

  it('reaches support: a feedback message with the log attached carries the failure', async () => {
    const { runtime, posted } = await setup(() => Promise.reject(scriptFailure()))
    await screen.findByRole('alert')
    await runtime.dispatch('feedback/send', { message: 'The tasks page is blank', url: '/tasks', attachLog: true })
    await waitFor(() => expect(posted).toHaveLength(1))
    const { path, body } = posted[0]!
    expect(path).toBe('/api/v1/users/feedback')
    const events = (body as { events: string }).events.split('\n').filter(Boolean).map(line => JSON.parse(line) as { type?: string; payload?: unknown })
    expect(events.find(e => e.type === 'app/chunkFailed')?.payload).toEqual({ kind: 'ChunkLoadError', message: scriptFailure().message })
  })

  it('a page that loaded and then broke is no chunk failure: the page error with a retry, nothing reported', async () => {
    const Broken = () => {
      throw new Error('Cannot read properties of undefined')
    }
    const { chunkEvents } = await setup(() => Promise.resolve({ default: Broken }))
    const alert = await screen.findByRole('alert')
    expect(alert.textContent).toContain('Could not open this section')
    expect(screen.queryByRole('button', { name: 'Reload the app' })).toBeNull()
    expect(screen.getByRole('button', { name: 'Retry' })).toBeTruthy()
    expect(await chunkEvents()).toEqual([])
  })
})
