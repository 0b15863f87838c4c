import { describe, expect, it } from 'vitest'
import { createBus } from '../bus/bus'
import { virtualClock } from '../bus/clock'
import type { AnyEvent } from '../events/map'
import { attachSipAdapter, type JsSipLike, type SipSessionLike, type SipUaLike } from './adapter'
import { icePolicyFor, isLoopbackUrl, keepLoopbackCandidates } from './sdp'
import './events'

class Emitter {
  private listeners = new Map<string, ((e: never) => void)[]>()
  on(event: string, listener: (e: never) => void) {
    this.listeners.set(event, [...(this.listeners.get(event) ?? []), listener])
    return this
  }
  fire(event: string, payload: unknown = {}) {
    for (const listener of this.listeners.get(event) ?? []) listener(payload as never)
  }
}

class FakeSession extends Emitter implements SipSessionLike {
  connection = null
  calls: [string, unknown][] = []
  constructor(readonly remote_identity: SipSessionLike['remote_identity'] = null) {
    super()
  }
  answer(o?: object) {
    this.calls.push(['answer', o])
  }
  terminate(o?: object) {
    this.calls.push(['terminate', o])
  }
  sendDTMF(tone: string) {
    this.calls.push(['dtmf', tone])
  }
  mute() {
    this.calls.push(['mute', null])
  }
  unmute() {
    this.calls.push(['unmute', null])
  }
  hold() {
    this.calls.push(['hold', null])
    return true
  }
  unhold() {
    this.calls.push(['unhold', null])
    return true
  }
  refer(target: string, o?: object) {
    this.calls.push(['refer', { target, o }])
  }
}

class FakeUA extends Emitter implements SipUaLike {
  static last: FakeUA | null = null
  started = false
  stopped = false
  sessions: FakeSession[] = []
  constructor(readonly config: Record<string, unknown>) {
    super()
    FakeUA.last = this
  }
  start() {
    this.started = true
  }
  stop() {
    this.stopped = true
  }
  call(target: string, options?: object) {
    const session = new FakeSession({ uri: { user: target } })
    this.sessions.push(session)
    void options
    return session
  }
}

const fakeJsSip: JsSipLike = { UA: FakeUA, WebSocketInterface: class {} }

function setup(load: () => Promise<JsSipLike> = () => Promise.resolve(fakeJsSip)) {
  const bus = createBus(virtualClock(0))
  const events: AnyEvent[] = []
  bus.events$.subscribe(e => events.push(e))
  let loads = 0
  const sub = attachSipAdapter({
    bus,
    load: () => {
      loads += 1
      return load()
    },
    createAudio: () => null,
  })
  const sip = () => events.filter(e => e.source === 'sip').map(e => [e.type, e.payload])
  return { bus, events, sip, sub, loads: () => loads }
}

const flush = () => new Promise(r => setTimeout(r, 0))
const creds = { ws_url: 'ws://127.0.0.1:8088', code: '1150', password: 'secret' }

describe('SIP adapter', () => {
  it('loads JsSIP once per server and code, reports the phone object, starts the UA and maps its events', async () => {
    const { bus, sip, loads } = setup()
    bus.emit('sip/startRequested', creds, 'process')
    bus.emit('sip/startRequested', creds, 'timer') // the 1 s re-check while loading: nothing new
    await flush()
    bus.emit('sip/startRequested', creds, 'timer')
    expect(loads()).toBe(1)
    const ua = FakeUA.last!
    expect(ua.started).toBe(true)
    expect(ua.config).toMatchObject({ uri: 'sip:1150@127.0.0.1', password: 'secret', register: true })
    ua.fire('connecting', { attempts: 1 })
    ua.fire('connected')
    ua.fire('registered')
    ua.fire('disconnected', { code: 1006, error: true })
    ua.fire('unregistered', {})
    ua.fire('registrationFailed', { cause: 'Authentication Error', response: { status_code: 401 } })
    expect(sip()).toEqual([
      ['sip/adapterReady', {}],
      ['sip/uaCreated', { code: '1150' }],
      ['sip/connecting', { attempt: 1 }],
      ['sip/connected', {}],
      ['sip/registered', {}],
      ['sip/disconnected', { code: 1006, error: true, reason: null }],
      ['sip/unregistered', { cause: null }],
      ['sip/registrationFailed', { cause: 'Authentication Error', status: 401 }],
    ])
  })

  it('reports a chunk that failed to load, and loads again on the next request', async () => {
    let fail = true
    const { bus, sip, loads } = setup(() => (fail ? Promise.reject(new Error('ChunkLoadError')) : Promise.resolve(fakeJsSip)))
    bus.emit('sip/startRequested', creds, 'process')
    await flush()
    expect(sip()).toEqual([['sip/adapterReady', {}], ['sip/loadFailed', { message: 'ChunkLoadError' }]])
    fail = false
    bus.emit('sip/startRequested', creds, 'timer')
    await flush()
    expect(loads()).toBe(2)
    expect(sip().at(-1)).toEqual(['sip/uaCreated', { code: '1150' }])
  })

  it('places a call under the logic’s ref and performs its requests on that session', async () => {
    const { bus, sip } = setup()
    bus.emit('sip/startRequested', creds, 'process')
    await flush()
    const ua = FakeUA.last!
    bus.emit('sip/callRequested', { ref: 'call-1', target: '1160' }, 'process')
    const session = ua.sessions[0]!
    session.fire('connecting')
    session.fire('progress', { originator: 'remote', response: { status_code: 180 } })
    session.fire('accepted')
    session.fire('confirmed')
    bus.emit('sip/dtmfRequested', { id: 'call-1', tone: '5' }, 'process')
    session.fire('newDTMF', { originator: 'local', dtmf: { tone: '5' } })
    bus.emit('sip/muteRequested', { id: 'call-1', muted: true }, 'process')
    session.fire('muted')
    bus.emit('sip/holdRequested', { id: 'call-1', held: true }, 'process')
    session.fire('hold', { originator: 'local' })
    bus.emit('sip/transferRequested', { id: 'call-1', target: '1035' }, 'process')
    bus.emit('sip/terminateRequested', { id: 'call-1' }, 'process')
    session.fire('ended', { originator: 'local', cause: 'Terminated' })
    bus.emit('sip/terminateRequested', { id: 'call-1' }, 'process') // gone: nothing
    expect(session.calls.map(c => c[0])).toEqual(['dtmf', 'mute', 'hold', 'refer', 'terminate'])
    expect(sip().slice(2)).toEqual([
      ['sip/newSession', { id: 'call-1', direction: 'outgoing', remote: '1160', displayName: null }],
      ['sip/callConnecting', { id: 'call-1' }],
      ['sip/callProgress', { id: 'call-1', status: 180 }],
      ['sip/callAccepted', { id: 'call-1' }],
      ['sip/callConfirmed', { id: 'call-1' }],
      ['sip/dtmf', { id: 'call-1', tone: '5', originator: 'local' }],
      ['sip/muteChanged', { id: 'call-1', muted: true }],
      ['sip/holdChanged', { id: 'call-1', held: true, originator: 'local' }],
      ['sip/callEnded', { id: 'call-1', originator: 'local', cause: 'Terminated' }],
    ])
  })

  it('numbers incoming calls, answers and declines them, and fails a call made before the phone exists', async () => {
    const { bus, sip } = setup()
    bus.emit('sip/callRequested', { ref: 'call-1', target: '1160' }, 'process')
    expect(sip().slice(1)).toEqual([['sip/callFailed', { id: 'call-1', originator: 'system', cause: 'Phone not ready', status: null }]])
    bus.emit('sip/startRequested', creds, 'process')
    await flush()
    const ua = FakeUA.last!
    const first = new FakeSession({ uri: { user: '1160' }, display_name: 'Лебедев' })
    ua.fire('newRTCSession', { originator: 'remote', session: first })
    bus.emit('sip/answerRequested', { id: 'in-1' }, 'process')
    const second = new FakeSession({ uri: { user: '79001234567' } })
    ua.fire('newRTCSession', { originator: 'remote', session: second })
    bus.emit('sip/terminateRequested', { id: 'in-2', status: 486 }, 'process')
    second.fire('failed', { originator: 'local', cause: 'Rejected', message: { status_code: 486 } })
    expect(first.calls.map(c => c[0])).toEqual(['answer'])
    expect(second.calls).toEqual([['terminate', { status_code: 486 }]])
    expect(sip().filter(([type]) => type === 'sip/newSession' || type === 'sip/callFailed').slice(1)).toEqual([
      ['sip/newSession', { id: 'in-1', direction: 'incoming', remote: '1160', displayName: 'Лебедев' }],
      ['sip/newSession', { id: 'in-2', direction: 'incoming', remote: '79001234567', displayName: null }],
      ['sip/callFailed', { id: 'in-2', originator: 'local', cause: 'Rejected', status: 486 }],
    ])
  })

  it('stops the UA on request and on teardown, and drops what the old UA reports afterwards', async () => {
    const { bus, sip, sub } = setup()
    bus.emit('sip/startRequested', creds, 'process')
    await flush()
    const ua = FakeUA.last!
    bus.emit('sip/stopRequested', {}, 'process')
    ua.fire('disconnected', { code: 1000, error: false })
    expect(ua.stopped).toBe(true)
    expect(sip().map(([type]) => type)).toEqual(['sip/adapterReady', 'sip/uaCreated', 'sip/stopped'])
    bus.emit('sip/startRequested', creds, 'process')
    await flush()
    const second = FakeUA.last!
    expect(second).not.toBe(ua)
    sub.unsubscribe()
    expect(second.stopped).toBe(true)
  })

  it('munges the local SDP to loopback candidates for a loopback server only', async () => {
    const sdp = ['v=0', 'a=candidate:1 1 udp 2122260223 192.168.1.5 54321 typ host', 'a=candidate:2 1 udp 2122194687 127.0.0.1 54322 typ host', 'a=candidate:3 1 udp 2122129151 abc.local 54323 typ host', 'a=end-of-candidates', ''].join('\r\n')
    const { bus } = setup()
    bus.emit('sip/startRequested', creds, 'process')
    await flush()
    bus.emit('sip/callRequested', { ref: 'call-1', target: '1160' }, 'process')
    const local = { originator: 'local', type: 'offer', sdp }
    FakeUA.last!.sessions[0]!.fire('sdp', local)
    expect(local.sdp).toBe(['v=0', 'a=candidate:2 1 udp 2122194687 127.0.0.1 54322 typ host', 'a=end-of-candidates', ''].join('\r\n'))
    const remote = { originator: 'remote', type: 'answer', sdp }
    FakeUA.last!.sessions[0]!.fire('sdp', remote)
    expect(remote.sdp).toBe(sdp)
    expect(keepLoopbackCandidates('a=candidate:1 1 udp 1 10.0.0.1 1 typ host\nx')).toBe('x')
    expect([isLoopbackUrl('ws://127.0.0.1:8088'), isLoopbackUrl('wss://localhost/ws'), isLoopbackUrl('wss://pbx.example.com/ws'), isLoopbackUrl('nonsense')]).toEqual([true, true, false, false])
    expect(icePolicyFor('wss://pbx.example.com:8089/ws')).toBe('all')
  })
})
