import { describe, expect, it } from 'vitest'
import { replay, replayText } from '../../core/events/replay'
import { $profile } from '../../core/auth/model'
import { $lastSeq, $socketAttempt, $socketErrors, $socketGaveUp, $socketStatus } from '../../core/socket/model'
import { httpRequests, ofType, scenario, scenarioPath } from './support'

// SPEC §9, literal on purpose.
const RECONNECT_DELAY = 2000
const MAX_ATTEMPTS = 100

/** SPEC §4 Sockets: reconnect after 2 s, at most 100 times, each with a fresh one-time ticket. */
describe('replay: socket reconnects', () => {
  it('asks for a fresh ticket 2000 ms after every close, 100 times, then gives up', async () => {
    const { events, clock, scope } = await replay(scenarioPath('reconnect.jsonl'))
    const closes = ofType(events, 'socket/closed').map(e => e.at)
    const tickets = httpRequests(events, 'v1/socket/ticket').map(e => e.at)
    expect(closes).toHaveLength(MAX_ATTEMPTS + 1)
    expect(tickets).toHaveLength(MAX_ATTEMPTS)
    tickets.forEach((at, i) => expect(at).toBe(closes[i]! + RECONNECT_DELAY))

    // Each ticket opens the next attempt with its own URL.
    expect(ofType(events, 'socket/opening').map(e => e.payload.attempt)).toEqual(Array.from({ length: MAX_ATTEMPTS + 1 }, (_, i) => i))
    const gaveUp = ofType(events, 'socket/gaveUp')
    expect(gaveUp.map(e => [e.at, e.payload.attempts])).toEqual([[closes.at(-1)!, MAX_ATTEMPTS]])

    clock.advanceBy(60_000)
    expect(httpRequests(events, 'v1/socket/ticket')).toHaveLength(MAX_ATTEMPTS)
    expect(scope.getState($socketStatus)).toBe('closed')
    expect(scope.getState($socketGaveUp)).toBe(true)
    expect(scope.getState($socketErrors).map(e => e.kind)).toEqual(['gaveUp'])
  })

  it('does not ask at 1999 ms', async () => {
    const firstClose = 1000
    const { events, clock } = replayText(scenario('reconnect.jsonl'), { until: firstClose })
    clock.advanceTo(firstClose + RECONNECT_DELAY - 1)
    expect(httpRequests(events, 'v1/socket/ticket')).toHaveLength(0)
    clock.advanceBy(1)
    expect(httpRequests(events, 'v1/socket/ticket').map(e => e.at)).toEqual([firstClose + RECONNECT_DELAY])
  })

  it('a successful reconnect resets the count and the status', () => {
    const lines = scenario('reconnect.jsonl').split('\n').slice(0, 5)
    lines.push('{"type":"socket/ticketReceived","payload":{"url":"ws://h/api/v1/socket?ticket=[redacted]","attempt":1},"at":3005,"source":"api"}')
    lines.push('{"type":"socket/opened","payload":{},"at":3050,"source":"socket"}')
    lines.push('{"type":"socket/closed","payload":{"code":1006,"attempt":1},"at":9000,"source":"socket"}')
    // Answered only if the process asks for attempt 1 again (not 2): the open at 3050 reset the count.
    lines.push('{"type":"socket/ticketReceived","payload":{"url":"ws://h/api/v1/socket?ticket=[redacted]","attempt":1},"at":11005,"source":"api"}')
    const { events, scope, play } = replayText(lines.join('\n'), { until: 9000 })
    expect(scope.getState($socketStatus)).toBe('closed')
    play()
    expect(ofType(events, 'socket/opening').map(e => [e.payload.attempt, e.at])).toEqual([
      [0, 40],
      [1, 3005],
      [1, 11_005],
    ])
    expect(httpRequests(events, 'v1/socket/ticket').map(e => e.at)).toEqual([3000, 11_000])
    expect(scope.getState($socketStatus)).toBe('opened')
  })

  it('does not reconnect after sign-out or when the server ended the session (close 4001)', () => {
    const base = scenario('reconnect.jsonl').split('\n').slice(0, 4)
    const afterLogout = replayText(
      [...base, '{"type":"auth/loggedOut","payload":{"reason":"user"},"at":500,"source":"ui"}', '{"type":"socket/closed","payload":{"code":1000,"attempt":0},"at":600,"source":"socket"}'].join('\n'),
    )
    afterLogout.clock.advanceBy(10_000)
    expect(httpRequests(afterLogout.events, 'v1/socket/ticket')).toHaveLength(0)
    expect(ofType(afterLogout.events, 'socket/closeRequested')).toHaveLength(1)

    const ended = replayText([...base, '{"type":"socket/closed","payload":{"code":4001,"attempt":0},"at":600,"source":"socket"}'].join('\n'))
    ended.clock.advanceBy(10_000)
    expect(httpRequests(ended.events, 'v1/socket/ticket')).toHaveLength(0)
  })

  it('a close with 4001 (the session ended on the server: logout elsewhere, expiry, account off) signs out and goes to /login', () => {
    const base = scenario('reconnect.jsonl').split('\n').slice(0, 4)
    const { events, scope } = replayText([...base, '{"type":"socket/closed","payload":{"code":4001,"attempt":0},"at":600,"source":"socket"}'].join('\n'))
    expect(ofType(events, 'auth/loggedOut').map(e => [e.at, e.source, e.payload.reason])).toEqual([[600, 'process', 'expired']])
    expect(ofType(events, 'app/navigationRequested').filter(e => e.at === 600).map(e => e.payload)).toEqual([{ to: '/login', replace: true }])
    expect(scope.getState($profile)).toBeNull()
    // Any other close reconnects as before, signed in.
    const dropped = replayText([...base, '{"type":"socket/closed","payload":{"code":1006,"attempt":0},"at":600,"source":"socket"}'].join('\n'))
    expect(ofType(dropped.events, 'auth/loggedOut')).toHaveLength(0)
  })

  it('asks for the ticket when it connects: a profile without ws_connection_string fetches one (attempt 0), then opens it', () => {
    const [header, started, loaded] = scenario('reconnect.jsonl').split('\n')
    const strip = (line: string) => line.replace(/,"ws_connection_string":"[^"]*"/g, '')
    const lines = [strip(header!), started!, strip(loaded!)]
    expect(lines.join('\n')).not.toContain('ws_connection_string')
    const waiting = replayText(lines.join('\n'))
    expect(httpRequests(waiting.events, 'v1/socket/ticket').map(e => e.at)).toEqual([40])
    expect(ofType(waiting.events, 'socket/opening')).toHaveLength(0)
    lines.push('{"type":"socket/ticketReceived","payload":{"url":"ws://h/api/v1/socket?ticket=[redacted]","attempt":0},"at":45,"source":"api"}')
    const { events, scope } = replayText(lines.join('\n'))
    expect(ofType(events, 'socket/opening').map(e => [e.at, e.payload.attempt])).toEqual([[45, 0]])
    expect(scope.getState($socketStatus)).toBe('opened')
    // A ticket that fails is retried 2 s later as attempt 1.
    const failed = replayText(
      [...lines.slice(0, 3), '{"type":"socket/ticketFailed","payload":{"attempt":0,"failure":{"result":false,"message":"down"}},"at":45,"source":"api"}'].join('\n'),
    )
    failed.clock.advanceBy(2000)
    expect(httpRequests(failed.events, 'v1/socket/ticket').map(e => e.at)).toEqual([40, 2045])
  })

  it('connects to the profile connection string and reports status opened → connected', () => {
    const { events, scope } = replayText(scenario('reconnect.jsonl').split('\n').slice(0, 3).join('\n'))
    expect(ofType(events, 'socket/opening').map(e => e.payload)).toEqual([{ attempt: 0, url: 'ws://127.0.0.1:8080/api/v1/socket?ticket=%5Bredacted%5D&since=latest' }])
    expect(scope.getState($socketStatus)).toBe('opened')
    expect(scope.getState($socketAttempt)).toBe(0)
    const connected = replayText(scenario('reconnect.jsonl').split('\n').slice(0, 4).join('\n'))
    expect(connected.scope.getState($socketStatus)).toBe('connected')
  })
})

describe('replay: malformed socket messages', () => {
  it('collects malformed frames and non-JSON toast actions as errors, and the session goes on', async () => {
    const { events, scope, clock } = await replay(scenarioPath('malformed.jsonl'))
    expect(ofType(events, 'toast/shown')).toHaveLength(0)
    const malformed = ofType(events, 'socket/malformed')
    expect(malformed.map(e => [e.at, e.source])).toEqual([
      [5000, 'socket'],
      [6000, 'process'],
    ])
    expect(scope.getState($socketErrors).map(e => [e.kind, e.at])).toEqual([
      ['malformed', 5000],
      ['malformed', 6000],
    ])
    expect(scope.getState($socketErrors)[1]!.message).toContain('Bid approved (plain text)')
    expect(scope.getState($lastSeq)).toBe(8)
    // The wake-up after them still restarts the idle timer.
    clock.advanceTo(7000 + 3_600_000 - 1)
    expect(ofType(events, 'session/idleExpired')).toHaveLength(0)
    clock.advanceBy(1)
    expect(ofType(events, 'session/idleExpired')).toHaveLength(1)
  })
})
