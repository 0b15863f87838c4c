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

it('resumes: replays what was missed, then sync, then the live messages held meanwhile, without duplicates', async () => {
  const broadcaster = createInProcessBroadcaster()
  const hub = createSocketHub(broadcaster)
  for (let i = 1; i <= 3; i++) await hub.send([7], { type: 100, action: `m${i}` })
  // The history read is slow: live messages published meanwhile must wait and must not repeat a replayed one.
  let release!: () => void
  const gate = new Promise<void>(resolve => (release = resolve))
  const history = broadcaster.history.bind(broadcaster)
  broadcaster.history = async (userId, since) => {
    const result = await history(userId, since)
    await gate
    return result
  }
  const tab = fakeConnection('t', 7)
  hub.attach(tab.connection, { since: 1 })
  await hub.send([7], { type: 100, action: 'm4' })
  await hub.relay([7], { type: 2, action: 'wakeUp' })
  expect(tab.got).toEqual([])
  release()
  await expect.poll(() => tab.got.length).toBe(5)
  expect(tab.got.map(m => [m.action, m.seq])).toEqual([
    ['m2', 2],
    ['m3', 3],
    ['sync', undefined],
    ['m4', 4],
    ['wakeUp', undefined],
  ])
  expect(tab.got[2]?.data).toEqual({ seq: 3 })
})

it('answers reload when the gap is no longer kept, and closes with 1012 when the transport was interrupted', async () => {
  let interrupted = () => {}
  const inner = createInProcessBroadcaster()
  const hub = createSocketHub({ ...inner, subscribe: (deliver, onInterrupted) => ((interrupted = onInterrupted ?? interrupted), inner.subscribe(deliver)) })
  for (let i = 0; i < 201; i++) await hub.send([3], { type: 100, action: String(i) })
  const closed: number[] = []
  const tab = fakeConnection('r', 3)
  hub.attach({ ...tab.connection, close: code => closed.push(code) }, { since: 0 })
  await expect.poll(() => tab.got.length).toBe(1)
  expect(tab.got[0]).toEqual({ type: 2, action: 'reload', data: { seq: 201 } })
  interrupted()
  expect(closed).toEqual([1012])
})

it('closes the sockets of ended sessions with 4001 (told through the broadcaster) and lists the sessions it holds', async () => {
  const hub = createSocketHub(createInProcessBroadcaster())
  const closed: Array<[string, number]> = []
  const tab = (id: string, userId: number, sessionId: number | null): HubConnection => ({ id, userId, sessionId, send: () => {}, close: code => closed.push([id, code]) })
  hub.attach(tab('a1', 1, 10))
  hub.attach(tab('a2', 1, 10))
  hub.attach(tab('b', 1, 11))
  hub.attach(tab('c', 2, 12))
  hub.attach(tab('n', 3, null))
  expect(hub.openSessionIds().sort()).toEqual([10, 11, 12])
  await hub.endSessions([10, 12, 99])
  expect(closed.sort()).toEqual([
    ['a1', 4001],
    ['a2', 4001],
    ['c', 4001],
  ])
})
