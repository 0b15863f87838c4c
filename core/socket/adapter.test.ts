import type { AddressInfo } from 'node:net'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { WebSocket, WebSocketServer } from 'ws'
import { createBus } from '../bus/bus'
import { virtualClock } from '../bus/clock'
import type { AnyEvent } from '../events/map'
import { attachActivityAdapter, attachSocketAdapter, type WebSocketLike } from './adapter'

const nodeSocket = (url: string) => new WebSocket(url) as unknown as WebSocketLike

let server: WebSocketServer | null = null
const teardowns: (() => void)[] = []
afterEach(async () => {
  teardowns.splice(0).forEach(teardown => teardown())
  if (!server) return
  for (const client of server.clients) client.terminate()
  await new Promise<void>(resolve => server!.close(() => resolve()))
  server = null
})

async function startServer(onConnection: (socket: WebSocket) => void) {
  server = new WebSocketServer({ host: '127.0.0.1', port: 0 })
  server.on('connection', onConnection)
  await new Promise<void>(resolve => server!.once('listening', () => resolve()))
  return `ws://127.0.0.1:${(server.address() as AddressInfo).port}/api/v1/socket?ticket=abc`
}

function setup() {
  const bus = createBus(virtualClock())
  const events: AnyEvent[] = []
  bus.events$.subscribe(e => events.push(e))
  const adapter = attachSocketAdapter({ bus, connect: nodeSocket })
  teardowns.push(() => adapter.unsubscribe())
  const types = () => events.map(e => e.type)
  return { bus, events, adapter, types }
}

describe('socket adapter against a real ws server', () => {
  it('opens, parses messages at the boundary, reports malformed frames and sends JSON', async () => {
    const received: string[] = []
    const url = await startServer(socket => {
      socket.on('message', data => received.push(String(data)))
      socket.send(JSON.stringify({ type: 2, action: 'wakeUp', sender_id: 1 }))
      socket.send('{"type":2,"act')
      socket.send(JSON.stringify({ type: 3, action: 'x' }))
      socket.send(JSON.stringify({ type: 1, action: { text: 'Hi' }, seq: 4 }))
    })
    const { bus, events, types } = setup()
    bus.emit('socket/opening', { attempt: 0, url }, 'process')
    await vi.waitFor(() => expect(types().filter(t => t.startsWith('socket/m'))).toHaveLength(4))
    expect(events.filter(e => e.source === 'socket').map(e => e.type)).toEqual(['socket/opened', 'socket/message', 'socket/malformed', 'socket/malformed', 'socket/message'])
    const messages = events.flatMap(e => (e.type === 'socket/message' ? [e.payload.message] : []))
    expect(messages).toEqual([
      { type: 2, action: 'wakeUp', sender_id: 1 },
      { type: 1, action: '{"text":"Hi"}', seq: 4 },
    ])
    const malformed = events.flatMap(e => (e.type === 'socket/malformed' ? [e.payload] : []))
    expect(malformed[0]).toEqual({ raw: '{"type":2,"act', reason: 'not JSON' })
    expect(malformed[1]!.reason).toMatch(/^type:/)

    bus.emit('socket/sendRequested', { message: { type: 2, action: 'wakeUp' } }, 'timer')
    await vi.waitFor(() => expect(received).toEqual(['{"type":2,"action":"wakeUp"}']))
  })

  it('reports a close by the server with its code and attempt', async () => {
    const url = await startServer(socket => socket.close(4001, 'session ended'))
    const { bus, events } = setup()
    bus.emit('socket/opening', { attempt: 3, url }, 'process')
    await vi.waitFor(() => expect(events.some(e => e.type === 'socket/closed')).toBe(true))
    expect(events.find(e => e.type === 'socket/closed')!.payload).toEqual({ code: 4001, attempt: 3 })
  })

  it('reports a refused connection as an error and a close, so the process can retry', async () => {
    const url = await startServer(() => {})
    const port = (server!.address() as AddressInfo).port
    await new Promise<void>(resolve => server!.close(() => resolve()))
    server = null
    const { bus, events } = setup()
    expect(url).toContain(String(port))
    bus.emit('socket/opening', { attempt: 1, url }, 'process')
    await vi.waitFor(() => expect(events.some(e => e.type === 'socket/closed')).toBe(true))
    expect(events.filter(e => e.source === 'socket').map(e => e.type)).toEqual(['socket/error', 'socket/closed'])
  })

  it('closes on request without reporting a close, and drops sends while closed', async () => {
    let serverSaw: number | null = null
    const url = await startServer(socket => socket.on('close', code => (serverSaw = code)))
    const { bus, events } = setup()
    bus.emit('socket/opening', { attempt: 0, url }, 'process')
    await vi.waitFor(() => expect(events.some(e => e.type === 'socket/opened')).toBe(true))
    bus.emit('socket/closeRequested', {}, 'process')
    await vi.waitFor(() => expect(serverSaw).toBe(1000))
    bus.emit('socket/sendRequested', { message: { type: 2, action: 'wakeUp' } }, 'timer')
    expect(events.filter(e => e.type === 'socket/closed')).toHaveLength(0)
  })

  it('replaces the connection on a new opening without reporting the old one closed', async () => {
    let connections = 0
    const url = await startServer(() => connections++)
    const { bus, events } = setup()
    bus.emit('socket/opening', { attempt: 0, url }, 'process')
    await vi.waitFor(() => expect(events.filter(e => e.type === 'socket/opened')).toHaveLength(1))
    bus.emit('socket/opening', { attempt: 1, url }, 'process')
    await vi.waitFor(() => expect(events.filter(e => e.type === 'socket/opened')).toHaveLength(2))
    expect(connections).toBe(2)
    expect(events.filter(e => e.type === 'socket/closed')).toHaveLength(0)
  })
})

describe('activity adapter', () => {
  it('reports mouse activity at most once per throttle window of clock time', () => {
    const clock = virtualClock()
    const bus = createBus(clock)
    const target = new EventTarget()
    const seen: number[] = []
    bus.on('session/activity').subscribe(e => seen.push(e.at))
    const sub = attachActivityAdapter({ bus, target, throttleMs: 1000 })
    target.dispatchEvent(new Event('mousemove'))
    clock.advanceBy(500)
    target.dispatchEvent(new Event('mousemove'))
    clock.advanceBy(500)
    target.dispatchEvent(new Event('mousedown'))
    sub.unsubscribe()
    target.dispatchEvent(new Event('mousemove'))
    expect(seen).toEqual([0, 1000])
  })
})
