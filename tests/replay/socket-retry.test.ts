import { describe, expect, it } from 'vitest'
import { replayText } from '../../core/events/replay'
import { $socketAttempt, $socketGaveUp, $socketNotice, $socketStatus } from '../../core/socket/model'
import { httpRequests, ofType, scenario } from './support'

// SPEC §9 and the scenario's timeline (socket-retry.gen.ts), literal on purpose.
const MAX_ATTEMPTS = 100
const GAVE_UP_AT = 202_000
const PRESSED_AT = 250_000
const TICKET_AT = 250_005
const OPENED_AT = 250_040

const log = () => scenario('socket-retry.jsonl')
const linesUpTo = (at: number) => log().split('\n').filter(line => line.trim() && !(JSON.parse(line).at > at))

/** After giving up the user is told, asks again, and the notice leaves once the socket is back. */
describe('replay: reconnecting after the socket gave up', () => {
  it('give-up → notice → reconnect → a fresh ticket at once → connected → notice gone', () => {
    const { events, scope, play } = replayText(log(), { until: GAVE_UP_AT })
    expect(ofType(events, 'socket/gaveUp').map(e => [e.at, e.payload.attempts])).toEqual([[GAVE_UP_AT, MAX_ATTEMPTS]])
    expect(scope.getState($socketNotice)).toBe('lost')

    // Nothing happens on its own while the user has not asked.
    play(PRESSED_AT - 1)
    expect(httpRequests(events, 'v1/socket/ticket')).toHaveLength(MAX_ATTEMPTS)
    expect(scope.getState($socketNotice)).toBe('lost')

    // The press: a fresh series starts with attempt 1 and a new ticket, without the 2 s wait.
    play(PRESSED_AT)
    expect(ofType(events, 'socket/retryStarted').map(e => [e.at, e.source])).toEqual([[PRESSED_AT, 'process']])
    expect(httpRequests(events, 'v1/socket/ticket').map(e => e.at).slice(MAX_ATTEMPTS)).toEqual([PRESSED_AT])
    expect(scope.getState($socketNotice)).toBe('reconnecting')

    play(TICKET_AT)
    expect(ofType(events, 'socket/opening').at(-1)!.payload.attempt).toBe(1)
    expect(scope.getState($socketAttempt)).toBe(1)
    expect(scope.getState($socketNotice)).toBe('reconnecting')

    play()
    expect(ofType(events, 'socket/opened').at(-1)!.at).toBe(OPENED_AT)
    expect(scope.getState($socketStatus)).toBe('connected')
    expect(scope.getState($socketGaveUp)).toBe(false)
    expect(scope.getState($socketNotice)).toBeNull()
  })

  it('the socket/retry command is what puts the request on the log', async () => {
    const { events, commands, scope } = replayText(log(), { until: GAVE_UP_AT })
    await commands.dispatch('socket/retry', {}, 'ui')
    expect(ofType(events, 'socket/retryRequested').map(e => [e.at, e.source])).toEqual([[GAVE_UP_AT, 'ui']])
    expect(ofType(events, 'socket/retryStarted')).toHaveLength(1)
    expect(httpRequests(events, 'v1/socket/ticket')).toHaveLength(MAX_ATTEMPTS + 1)
    expect(scope.getState($socketNotice)).toBe('reconnecting')
  })

  it('a series that fails again counts 100 fresh attempts, 2000 ms apart, and the notice offers reconnecting again', () => {
    const lines = linesUpTo(PRESSED_AT)
    let requestedAt = PRESSED_AT
    for (let attempt = 1; attempt <= MAX_ATTEMPTS; attempt++) {
      const url = 'ws://h/api/v1/socket?ticket=[redacted]'
      lines.push(JSON.stringify({ type: 'socket/ticketReceived', payload: { url, attempt }, at: requestedAt + 5, source: 'api' }))
      lines.push(JSON.stringify({ type: 'socket/closed', payload: { code: 1006, attempt }, at: requestedAt + 10, source: 'socket' }))
      requestedAt += 10 + 2000
    }
    const { events, scope, clock } = replayText(lines.join('\n'))
    const second = httpRequests(events, 'v1/socket/ticket').slice(MAX_ATTEMPTS).map(e => e.at)
    expect(second).toHaveLength(MAX_ATTEMPTS)
    expect(second.slice(0, 3)).toEqual([PRESSED_AT, PRESSED_AT + 2010, PRESSED_AT + 4020])
    expect(ofType(events, 'socket/opening').slice(-MAX_ATTEMPTS).map(e => e.payload.attempt)).toEqual(Array.from({ length: MAX_ATTEMPTS }, (_, i) => i + 1))
    expect(ofType(events, 'socket/gaveUp').map(e => e.payload.attempts)).toEqual([MAX_ATTEMPTS, MAX_ATTEMPTS])
    clock.advanceBy(60_000)
    expect(httpRequests(events, 'v1/socket/ticket')).toHaveLength(2 * MAX_ATTEMPTS)
    expect(scope.getState($socketNotice)).toBe('lost')
  })

  it('is ignored while connected, while a series runs, and after sign-out', () => {
    const request = (at: number) => JSON.stringify({ type: 'socket/retryRequested', payload: {}, at, source: 'ui' })
    const connected = replayText([...linesUpTo(100), request(500)].join('\n'))
    expect(ofType(connected.events, 'socket/retryStarted')).toHaveLength(0)
    expect(httpRequests(connected.events, 'v1/socket/ticket')).toHaveLength(0)
    expect(connected.scope.getState($socketNotice)).toBeNull()

    const twice = replayText([...linesUpTo(PRESSED_AT), request(PRESSED_AT + 1)].join('\n'))
    expect(ofType(twice.events, 'socket/retryStarted')).toHaveLength(1)
    expect(httpRequests(twice.events, 'v1/socket/ticket')).toHaveLength(MAX_ATTEMPTS + 1)

    const signedOut = JSON.stringify({ type: 'auth/loggedOut', payload: { reason: 'user' }, at: 210_000, source: 'ui' })
    const afterLogout = replayText([...linesUpTo(GAVE_UP_AT), signedOut, request(PRESSED_AT)].join('\n'))
    expect(afterLogout.scope.getState($socketNotice)).toBeNull()
    expect(ofType(afterLogout.events, 'socket/retryStarted')).toHaveLength(0)
    expect(httpRequests(afterLogout.events, 'v1/socket/ticket')).toHaveLength(MAX_ATTEMPTS)
  })
})
