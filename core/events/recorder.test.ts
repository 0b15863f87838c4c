import { describe, expect, it } from 'vitest'
import { createBus } from '../bus/bus'
import { virtualClock } from '../bus/clock'
import type { Profile } from '../auth/profile'
import { $profile } from '../auth/model'
import { redact, REDACTED } from './log'
import { createRecorder } from './recorder'
import { parseLog, replayText } from './replay'

const profile: Profile = {
  id: 5, name: 'Op', full_name: 'Operator', phone: '77001000150', email: 'op@example.com', role: 150, office_id: 1,
  settings: { services: { tender: true }, notify_messages: true, notify_events: false, is_agent: false },
  sip: { code: '150', password: 'sip-pass', ws_url: 'ws://127.0.0.1:8088' },
  ws_connection_string: 'wss://cab.example/api/v1/socket?ticket=T0PSECRET&x=1',
  language: 'ru',
}

describe('redact', () => {
  it('masks values under secret-looking keys at any depth, and tickets and bearers inside strings', () => {
    const out = redact({
      token: 'abc',
      nested: { accessToken: 'x', Password: 42, list: [{ client_secret: 's' }], hasToken: true, token_hint: null },
      url: 'ws://h/socket?ticket=abc&token=def&ok=1',
      header: 'Authorization: Bearer eyJhbGciOi.xyz',
      sip: { code: '1', password: 'p' },
    })
    expect(out).toEqual({
      token: REDACTED,
      nested: { accessToken: REDACTED, Password: REDACTED, list: [{ client_secret: REDACTED }], hasToken: true, token_hint: null },
      url: `ws://h/socket?ticket=${REDACTED}&token=${REDACTED}&ok=1`,
      header: `Authorization: Bearer ${REDACTED}`,
      sip: { code: '1', password: REDACTED },
    })
  })
})

describe('recorder', () => {
  it('writes a header then redacted events, keeps the last N, and its log replays', async () => {
    const clock = virtualClock(1000)
    const bus = createBus(clock)
    const recorder = createRecorder({ bus, limit: 3 })
    bus.emit('app/started', { path: '/', token: 'live-token', locale: 'ru' }, 'ui')
    clock.advanceBy(10)
    bus.emit('auth/signedIn', { token: 'live-token', method: 'password' }, 'api')
    bus.emit('auth/profileLoaded', { profile, company: null }, 'api')
    clock.advanceBy(5)
    bus.emit('toast/shown', { id: 'ui-1', kind: 'info', text: 'Hi', timeout: 2000 }, 'ui')

    const recent = await recorder.recentLog()
    const lines = recent.trimEnd().split('\n')
    expect(lines).toHaveLength(4)
    expect(recent).not.toContain('live-token')
    expect(recent).not.toContain('sip-pass')
    expect(recent).not.toContain('T0PSECRET')

    const { header, events } = parseLog(recent)
    expect(header?.profile?.sip).toEqual({ code: '150', password: REDACTED, ws_url: 'ws://127.0.0.1:8088' })
    expect(header?.profile?.ws_connection_string).toBe(`wss://cab.example/api/v1/socket?ticket=${REDACTED}&x=1`)
    expect(events.map(e => e.type)).toEqual(['auth/signedIn', 'auth/profileLoaded', 'toast/shown'])
    expect(events[0]).toEqual({ type: 'auth/signedIn', payload: { token: REDACTED, method: 'password' }, at: 1010, source: 'api' })

    // A feedback report is a scenario: the same log replays into the same state.
    const replayed = replayText(recent)
    expect(replayed.clock.now()).toBe(1015)
    expect(replayed.scope.getState($profile)?.id).toBe(5)
    recorder.stop()
    bus.emit('socket/opened', {}, 'socket')
    expect(await recorder.recentLog()).toBe(recent)
  })

  it('forgets the profile on sign-out', async () => {
    const bus = createBus(virtualClock())
    const recorder = createRecorder({ bus })
    bus.emit('auth/profileLoaded', { profile, company: null }, 'api')
    bus.emit('auth/loggedOut', { reason: 'user' }, 'ui')
    expect(parseLog(await recorder.recentLog()).header?.profile).toBeNull()
  })
})
