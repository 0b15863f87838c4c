import type { AddressInfo } from 'node:net'
import { afterEach, describe, expect, it } from 'vitest'
import { WebSocket, WebSocketServer } from 'ws'
import { createBus } from '../bus/bus'
import { virtualClock } from '../bus/clock'
import type { AnyEvent } from '../events/map'
import type { WebSocketLike } from './adapter'
import { attachSignedInAdapters } from './lazy'

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

async function startServer() {
  const connections: string[] = []
  server = new WebSocketServer({ host: '127.0.0.1', port: 0 })
  server.on('connection', (_socket, request) => connections.push(request.url ?? ''))
  await new Promise<void>(resolve => server!.once('listening', () => resolve()))
  return { url: `ws://127.0.0.1:${(server.address() as AddressInfo).port}/api/v1/socket?ticket=abc`, connections }
}

/** The real adapter module, fetched when the test lets it arrive. */
function setup(activity: EventTarget | null = null) {
  const bus = createBus(virtualClock())
  const events: AnyEvent[] = []
  bus.events$.subscribe(e => events.push(e))
  let arrive!: () => void
  const arrived = new Promise<void>(ok => (arrive = ok))
  let fetches = 0
  const sub = attachSignedInAdapters({
    bus,
    connect: nodeSocket,
    activity,
    load: async () => {
      fetches += 1
      await arrived
      return import('./adapter')
    },
  })
  teardowns.push(() => sub.unsubscribe())
  return { bus, events, arrive, fetches: () => fetches }
}

const until = async (check: () => boolean) => {
  for (let i = 0; i < 200 && !check(); i++) await new Promise(r => setTimeout(r, 10))
}

describe('the socket adapter arrives after sign-in', () => {
  it('is not fetched before anything asks for a socket', async () => {
    const { fetches, bus } = setup()
    bus.emit('app/started', { path: '/login', token: null, locale: 'ru' }, 'ui')
    await new Promise(r => setTimeout(r, 0))
    expect(fetches()).toBe(0)
  })

  it('opens the socket asked for while its code was on the way', async () => {
    const { url, connections } = await startServer()
    const { bus, events, arrive, fetches } = setup()
    bus.emit('socket/opening', { attempt: 0, url }, 'process')
    expect(fetches()).toBe(1)
    arrive()
    await until(() => events.some(e => e.type === 'socket/opened'))
    expect(events.map(e => e.type)).toContain('socket/opened')
    expect(connections).toEqual(['/api/v1/socket?ticket=abc'])
  })

  it('opens nothing when the socket was closed again before its code arrived', async () => {
    const { url, connections } = await startServer()
    const { bus, events, arrive } = setup()
    bus.emit('socket/opening', { attempt: 0, url }, 'process')
    bus.emit('socket/closeRequested', {}, 'process')
    arrive()
    await new Promise(r => setTimeout(r, 100))
    expect(connections).toEqual([])
    expect(events.map(e => e.type)).not.toContain('socket/opened')
    // …and a later open goes through the adapter now in place.
    bus.emit('socket/opening', { attempt: 0, url }, 'process')
    await until(() => events.some(e => e.type === 'socket/opened'))
    expect(connections).toHaveLength(1)
  })

  it('listens to mouse activity only once signed in and arrived', async () => {
    const page = new EventTarget()
    const { bus, events, arrive } = setup(page)
    const activity = () => events.filter(e => e.type === 'session/activity').length
    page.dispatchEvent(new Event('mousemove'))
    bus.emit('auth/profileLoaded', { profile: { id: 1 } as never, company: null }, 'api')
    page.dispatchEvent(new Event('mousemove'))
    expect(activity()).toBe(0)
    arrive()
    await until(() => {
      page.dispatchEvent(new Event('mousedown'))
      return activity() > 0
    })
    expect(activity()).toBe(1)
  })
})
