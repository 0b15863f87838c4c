import { Subscription } from 'rxjs'
import type { Bus } from '../bus/bus'
import { parseSocketFrame } from './parse'

/** What the adapter needs of a WebSocket: the browser's and the `ws` package's both fit. */
export interface WebSocketLike {
  readonly readyState: number
  send(data: string): void
  close(code?: number, reason?: string): void
  onopen: ((event: unknown) => void) | null
  onmessage: ((event: { data: unknown }) => void) | null
  onclose: ((event: { code: number }) => void) | null
  onerror: ((event: unknown) => void) | null
}
export type SocketFactory = (url: string) => WebSocketLike

const OPEN = 1

/** The browser's WebSocket. */
export const browserSocket: SocketFactory = url => new WebSocket(url) as unknown as WebSocketLike

/**
 * Edge adapter: the only code that touches a WebSocket. It follows the socket process's requests
 * (`socket/opening`, `socket/sendRequested`, `socket/closeRequested`) and reports what the connection does as
 * `socket` events; incoming frames are parsed here, at the boundary, so a malformed one is an event, not a crash.
 * A connection closed on purpose (replaced or signed out) reports nothing.
 */
export function attachSocketAdapter({ bus, connect }: { bus: Bus; connect: SocketFactory }): Subscription {
  let current: WebSocketLike | null = null

  const silence = (socket: WebSocketLike) => {
    socket.onopen = socket.onmessage = socket.onclose = socket.onerror = null
  }
  const closeCurrent = () => {
    if (!current) return
    const socket = current
    current = null
    silence(socket)
    try {
      socket.close(1000, 'client closed')
    } catch {
      // already closing
    }
  }

  const sub = new Subscription()
  sub.add(
    bus.on('socket/opening').subscribe(({ payload: { url, attempt } }) => {
      closeCurrent()
      let socket: WebSocketLike
      try {
        socket = connect(url)
      } catch (error) {
        bus.emit('socket/error', { message: error instanceof Error ? error.message : String(error) }, 'socket')
        bus.emit('socket/closed', { code: 1006, attempt }, 'socket')
        return
      }
      current = socket
      socket.onopen = () => bus.emit('socket/opened', {}, 'socket')
      socket.onmessage = event => {
        if (typeof event.data !== 'string') {
          bus.emit('socket/malformed', { raw: '', reason: 'binary frame' }, 'socket')
          return
        }
        const parsed = parseSocketFrame(event.data)
        if (parsed.ok) bus.emit('socket/message', { message: parsed.value }, 'socket')
        else bus.emit('socket/malformed', { raw: event.data.slice(0, 2000), reason: parsed.reason }, 'socket')
      }
      socket.onerror = event => {
        const message = (event as { message?: unknown } | null)?.message
        bus.emit('socket/error', { message: typeof message === 'string' && message ? message : 'WebSocket error' }, 'socket')
      }
      socket.onclose = event => {
        if (current === socket) current = null
        silence(socket)
        bus.emit('socket/closed', { code: event.code, attempt }, 'socket')
      }
    }),
  )
  sub.add(
    bus.on('socket/sendRequested').subscribe(({ payload: { message } }) => {
      if (current && current.readyState === OPEN) current.send(JSON.stringify(message))
    }),
  )
  sub.add(bus.on('socket/closeRequested').subscribe(closeCurrent))
  sub.add(closeCurrent)
  return sub
}

// Mouse activity has its own file; it comes with this chunk after sign-in (./lazy.ts).
export { attachActivityAdapter } from './activity'
