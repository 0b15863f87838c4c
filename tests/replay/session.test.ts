import { describe, expect, it } from 'vitest'
import { $authStatus, $profile, $token } from '../../core/auth/model'
import { replay, replayText } from '../../core/events/replay'
import { httpRequests, ofType, scenario, scenarioPath } from './support'
import notificationsPlugin from '../../modules/notifications'
import { withLogic } from '../../core/plugin/logic'

// A replay runs synchronously: the module's logic, fetched on demand in the app, is in place from the start.
const notifications = (await withLogic([notificationsPlugin]))[0]!

const IDLE_TIMEOUT = 3_600_000 // SPEC §9, literal on purpose: the test must fail if the code's constant drifts

/** SPEC §4 Sockets, session control: idle logout, wake-ups, server logout, userAfterLogout. */
describe('replay: session control', () => {
  it('logs out exactly 3 600 000 ms after the last wake-up, not a millisecond earlier', async () => {
    const { events, clock, scope } = await replay(scenarioPath('idle.jsonl'))
    const lastWakeUp = 1_000_000
    // The logged idleExpired/loggedOut at 2 000 000 are derived (timer): skipped, so nothing happened yet.
    expect(ofType(events, 'session/idleExpired')).toHaveLength(0)
    expect(scope.getState($authStatus)).toBe('success')

    clock.advanceTo(lastWakeUp + IDLE_TIMEOUT - 1)
    expect(clock.now()).toBe(4_599_999)
    expect(ofType(events, 'session/idleExpired')).toHaveLength(0)
    expect(scope.getState($token)).toBe('[redacted]')

    clock.advanceBy(1)
    expect(ofType(events, 'session/idleExpired').map(e => e.at)).toEqual([4_600_000])
    expect(ofType(events, 'auth/loggedOut').map(e => [e.payload.reason, e.at])).toEqual([['idle', 4_600_000]])
    expect(ofType(events, 'app/navigationRequested').map(e => e.payload.to)).toEqual(['/login'])
    expect(ofType(events, 'socket/sendRequested').map(e => e.payload.message)).toEqual([{ type: 2, action: 'userAfterLogout' }])
    expect(httpRequests(events, 'v1/users/logout').map(e => e.at)).toEqual([4_600_000])
    expect(ofType(events, 'socket/closeRequested')).toHaveLength(1)
    expect(scope.getState($authStatus)).toBe('empty')
    expect(scope.getState($token)).toBeNull()
    expect(scope.getState($profile)).toBeNull()

    clock.advanceBy(IDLE_TIMEOUT * 2)
    expect(ofType(events, 'session/idleExpired')).toHaveLength(1)
  })

  it('a wake-up restarts the timer: nothing expires an hour after the connection', async () => {
    const { events, clock } = await replay(scenarioPath('idle.jsonl'))
    clock.advanceTo(100 + IDLE_TIMEOUT + 1)
    clock.advanceTo(60_000 + IDLE_TIMEOUT + 1)
    expect(ofType(events, 'session/idleExpired')).toHaveLength(0)
  })

  it('the idle timer starts at the connection', () => {
    const withoutWakeUps = scenario('idle.jsonl')
      .split('\n')
      .filter(line => !line.includes('"wakeUp"'))
      .join('\n')
    const { events, clock } = replayText(withoutWakeUps)
    clock.advanceTo(100 + IDLE_TIMEOUT - 1)
    expect(ofType(events, 'session/idleExpired')).toHaveLength(0)
    clock.advanceBy(1)
    expect(ofType(events, 'session/idleExpired').map(e => e.at)).toEqual([100 + IDLE_TIMEOUT])
  })

  it("the page's own wake-up goes out 2 s after mouse activity starts, once per burst, and restarts the timer", () => {
    const text = [
      scenario('idle.jsonl'),
      '{"type":"session/activity","payload":{},"at":2000000,"source":"ui"}',
      '{"type":"session/activity","payload":{},"at":2001000,"source":"ui"}',
      '{"type":"session/activity","payload":{},"at":2001500,"source":"ui"}',
      '{"type":"session/activity","payload":{},"at":2003000,"source":"ui"}',
    ].join('\n')
    const { events, clock } = replayText(text)
    clock.advanceTo(2_006_000)
    const sent = ofType(events, 'socket/sendRequested')
    expect(sent.map(e => [e.at, e.payload.message.action])).toEqual([
      [2_002_000, 'wakeUp'],
      [2_005_000, 'wakeUp'],
    ])
    clock.advanceTo(2_005_000 + IDLE_TIMEOUT - 1)
    expect(ofType(events, 'session/idleExpired')).toHaveLength(0)
    clock.advanceBy(1)
    expect(ofType(events, 'session/idleExpired')).toHaveLength(1)
  })

  it("a server 'logout' action signs the user out and goes to /login", async () => {
    const { events, scope } = await replay(scenarioPath('server-logout.jsonl'))
    expect(ofType(events, 'auth/loggedOut').map(e => [e.payload.reason, e.at, e.source])).toEqual([['socket', 5000, 'process']])
    expect(ofType(events, 'app/navigationRequested').map(e => e.payload)).toEqual([{ to: '/login', replace: true }])
    expect(ofType(events, 'socket/sendRequested').map(e => e.payload.message.action)).toEqual(['userAfterLogout'])
    expect(httpRequests(events, 'v1/users/logout')).toHaveLength(1)
    expect(scope.getState($authStatus)).toBe('empty')
  })

  it('userAfterLogout (another tab signed out) ends the session here and goes to /', async () => {
    const { events, scope } = await replay(scenarioPath('session-actions.jsonl'))
    expect(ofType(events, 'auth/loggedOut').map(e => [e.payload.reason, e.at])).toEqual([['otherTab', 5000]])
    expect(ofType(events, 'app/navigationRequested').map(e => [e.payload.to, e.at])).toEqual([['/', 5000]])
    // No server call and no echo: the other tab already did both.
    expect(httpRequests(events, 'v1/users/logout')).toHaveLength(0)
    expect(ofType(events, 'socket/sendRequested')).toHaveLength(0)
    expect(scope.getState($token)).toBeNull()
  })

  it('updateTopNotifications reaches the module that declared it, parsed; an action nobody declared is ignored', async () => {
    const { events } = await replay(scenarioPath('session-actions.jsonl'), { plugins: [notifications] })
    expect(ofType(events, 'socket/action').map(e => [e.payload.action, e.at])).toEqual([['updateTopNotifications', 3000]])
    // The sign-in's load at the socket's sync (110), then the action's at 3000.
    expect(httpRequests(events, 'v1/notifications').map(e => e.at)).toEqual([110, 3000])
    const at4000 = events.filter(e => e.at === 4000).map(e => e.type)
    expect(at4000).toEqual(['socket/message', 'socket/delivered'])
  })
})
