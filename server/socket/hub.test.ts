import { expect, it } from 'vitest'
import type { SocketMessage } from '../../core/socket/message'
import { createInProcessBroadcaster } from './broadcaster'
import { createSocketHub, type HubConnection } from './hub'

function fakeConnection(id: string, userId: number) {
  const got: SocketMessage[] = []
  const connection: HubConnection = { id, userId, sessionId: null, send: raw => got.push(JSON.parse(raw)), close: () => {} }
  return { connection, got }
}

it('numbers sequenced messages per user and leaves relays unnumbered', async () => {
  const hub = createSocketHub(createInProcessBroadcaster())
  const a = fakeConnection('a', 1)
  const b = fakeConnection('b', 1)
  const c = fakeConnection('c', 2)
  for (const x of [a, b, c]) hub.attach(x.connection)

  await hub.send([1, 2], { type: 2, action: 'updateTopNotifications' })
  await hub.relay([1], { type: 2, action: 'userAfterLogout' }, 'a')
  await hub.send([1], { type: 1, action: '{}' })

  expect(a.got.map(m => m.seq)).toEqual([1, 2])
  expect(b.got.map(m => [m.action, m.seq])).toEqual([
    ['updateTopNotifications', 1],
    ['userAfterLogout', undefined],
    ['{}', 2],
  ])
  expect(c.got.map(m => m.seq)).toEqual([1])
})

it('keeps counting for a user who reconnects and forgets closed sockets', async () => {
  const hub = createSocketHub(createInProcessBroadcaster())
  const first = fakeConnection('x', 5)
  const detach = hub.attach(first.connection)
  await hub.send([5], { type: 2, action: 'a' })
  detach()
  expect(hub.connectionCount(5)).toBe(0)
  await hub.send([5], { type: 2, action: 'missed' })
  const second = fakeConnection('y', 5)
  hub.attach(second.connection)
  await hub.send([5], { type: 2, action: 'b' })
  expect(first.got.map(m => m.seq)).toEqual([1])
  expect(second.got.map(m => m.seq)).toEqual([3])
})
