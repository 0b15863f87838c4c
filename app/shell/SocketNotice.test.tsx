// @vitest-environment happy-dom
import { act, cleanup, screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { renderInRuntime } from '../routing/renderInRuntime'
import { SocketNotice } from './SocketNotice'

afterEach(cleanup)

const LOST = 'No connection to the server: new notifications and updates do not arrive until it is back.'

describe('the notice after the socket gave up', () => {
  it('is said politely, its button asks for a fresh series by keyboard, and it leaves once connected', async () => {
    const tickets: string[] = []
    const fetch: typeof globalThis.fetch = async input => {
      tickets.push(new URL((input as Request).url).pathname)
      return new Response(JSON.stringify({ result: true, data: { ws_connection_string: 'ws://127.0.0.1/api/v1/socket?ticket=t' } }), {
        headers: { 'content-type': 'application/json' },
      })
    }
    const { runtime } = await renderInRuntime(<SocketNotice />, { fetch })
    const region = screen.getByRole('status')
    expect(region.textContent).toBe('')

    act(() => void runtime.bus.emit('socket/gaveUp', { attempts: 100 }, 'process'))
    expect(region.textContent).toContain(LOST)
    const button = screen.getByRole('button', { name: 'Reconnect' })

    const user = userEvent.setup()
    await user.tab()
    expect(document.activeElement).toBe(button)
    await user.keyboard('{Enter}')
    const log = await runtime.recorder.recentLog()
    expect(log).toContain('"type":"socket/retryRequested","payload":{},"at":0,"source":"ui"')
    expect(log).toContain('"type":"socket/retryStarted"')
    await vi.waitFor(() => expect(tickets).toEqual(['/api/v1/socket/ticket']))
    expect(region.textContent).toContain('Reconnecting to the server…')
    expect(button.getAttribute('aria-disabled')).toBe('true')

    act(() => void runtime.bus.emit('socket/opened', {}, 'socket'))
    expect(region.textContent).toBe('')
    expect(screen.queryByRole('button')).toBeNull()
  })
})
