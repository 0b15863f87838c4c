import { describe, expect, it } from 'vitest'
import { replayText, type ReplayResult } from '../../core/events/replay'
import callcenterPlugin from '../../modules/callcenter'
import { $softphone, panelState, registrationFailure } from '../../modules/callcenter/model'
import { derived, httpRequests, ofType, scenario } from './support'
import { withLogic } from '../../core/plugin/logic'

// A replay runs synchronously: the module's logic, fetched on demand in the app, is in place from the start.
const callcenter = (await withLogic([callcenterPlugin]))[0]!

/**
 * Issue 8: a refused SIP registration says why (SPEC §4 Softphone registration, §8), and only a refused password
 * clears the credentials (call-registration-failed.jsonl, in call-session.test.ts). Each kind is a recorded scenario
 * replayed through the real call-center plugin.
 */
const run = (file: string, text = scenario(file), until?: number): ReplayResult =>
  replayText(text, { plugins: [callcenter], ...(until === undefined ? {} : { until }) })
const state = (r: ReplayResult) => r.scope.getState($softphone)
const phoneCalls = (r: ReplayResult) => httpRequests(r.events, 'v1/call-center/phone-call').map(e => e.at)
const stops = (r: ReplayResult) => derived(r.events).filter(e => e.type === 'sip/stopRequested')

describe('replay: the registrar refuses the account (403 Rejected, 404 Not Found)', () => {
  it('says the registration was refused, keeps the credentials and the phone, and calls nobody', () => {
    const r = run('call-registration-rejected.jsonl', undefined, 19_999)
    const s = state(r)
    expect([s.alert, s.alertCause, s.registration, s.cleared]).toEqual(['rejected', 'Rejected, 403', 'unregistered', false])
    expect(s.credentials).toEqual({ ws_url: 'ws://127.0.0.1:8088', code: '1150', password: '[redacted]' })
    expect(stops(r)).toEqual([])
    expect(panelState(s)).toBe('unavailable')
    expect(phoneCalls(r)).toEqual([])
    // The credentials exist: no "no softphone" toast, the panel shows the alert instead.
    expect(ofType(r.events, 'toast/shown')).toEqual([])
  })

  it('works once the fixed account registers on the next connection', () => {
    const r = run('call-registration-rejected.jsonl')
    expect([state(r).alert, state(r).registration, panelState(state(r))]).toEqual([null, 'registered', 'connecting'])
    expect(phoneCalls(r)).toEqual([25_000])
  })

  it('treats a 404 (unknown account) the same', () => {
    const text = scenario('call-registration-rejected.jsonl').replace('{"cause": "Rejected", "status": 403}', '{"cause": "Not Found", "status": 404}')
    const s = state(run('call-registration-rejected.jsonl', text, 19_999))
    expect([s.alert, s.alertCause, s.cleared, s.credentials?.code]).toEqual(['rejected', 'Not Found, 404', false, '1150'])
  })
})

describe('replay: the SIP server cannot be reached while registering (Connection Error)', () => {
  it('says the server is unreachable, keeps the credentials, and clears the alert when JsSIP registers by itself', () => {
    const lost = run('call-registration-unreachable.jsonl', undefined, 2349)
    expect([state(lost).alert, state(lost).alertCause, state(lost).cleared, state(lost).credentials?.code]).toEqual(['unreachable', 'Connection Error', false, '1150'])
    expect(stops(lost)).toEqual([])
    expect(phoneCalls(lost)).toEqual([])
    const back = run('call-registration-unreachable.jsonl')
    expect([state(back).alert, state(back).registration, panelState(state(back))]).toEqual([null, 'registered', 'input'])
  })
})

describe('replay: the registrar does not answer (Request Timeout)', () => {
  it('says the server did not answer, keeps the credentials and the phone, and calls nobody', () => {
    const r = run('call-registration-timeout.jsonl')
    const s = state(r)
    expect([s.alert, s.alertCause, s.registration, s.cleared, s.phoneExists]).toEqual(['timeout', 'Request Timeout', 'unregistered', false, true])
    expect(stops(r)).toEqual([])
    expect(phoneCalls(r)).toEqual([])
    // The phone object exists: no 1 s re-check either.
    r.clock.advanceBy(10_000)
    expect(ofType(r.events, 'sip/startRequested').map(e => e.at)).toEqual([40])
  })
})

describe('registrationFailure: JsSIP causes and SIP statuses → what the panel says', () => {
  it('clears the credentials only on an authentication failure', () => {
    const cases: [string, number | null, string][] = [
      ['Authentication Error', 401, 'wrongPassword'],
      ['Authentication Error', null, 'wrongPassword'],
      ['SIP Failure Code', 407, 'wrongPassword'],
      ['Connection Error', null, 'unreachable'],
      ['Request Timeout', null, 'timeout'],
      ['Unavailable', 408, 'timeout'],
      ['Rejected', 403, 'rejected'],
      ['Not Found', 404, 'rejected'],
      ['Unavailable', 480, 'rejected'],
      ['SIP Failure Code', 503, 'rejected'],
      ['Internal Error', null, 'registrationFailed'],
    ]
    expect(cases.map(([cause, status]) => [cause, status, registrationFailure(cause, status)])).toEqual(cases)
  })
})

describe('replay: click-to-call while the phone is still registering', () => {
  const file = 'call-dial-while-registering.jsonl'
  const tenderRequests = (r: ReplayResult) =>
    httpRequests(r.events)
      .filter(e => /call-center\/phone-call$|tenders\/\d+\/history-add/.test(e.payload.path))
      .map(e => [e.at, `${e.payload.method} ${e.payload.path}`, e.payload.body])

  it('waits for the registration, saying so, then files the record under the tender and places the call', () => {
    const waiting = run(file, undefined, 899)
    expect(state(waiting).waitingDial).toEqual({ phone: '77011234567', page: 'tender', page_id: 2002 })
    expect([state(waiting).open, state(waiting).number, panelState(state(waiting))]).toEqual([true, '77011234567', 'unavailable'])
    expect(tenderRequests(waiting)).toEqual([])

    const r = run(file)
    expect(tenderRequests(r)).toEqual([
      [900, 'POST v1/call-center/phone-call', { phone: '77011234567', direction: 2, page: 'tender', page_id: 2002 }],
      [900, 'POST v1/tenders/2002/history-add', { type: 3, value: '77011234567' }],
    ])
    expect(ofType(r.events, 'sip/callRequested').map(e => [e.at, e.source, e.payload.target])).toEqual([[940, 'process', '77011234567']])
    expect([state(r).waitingDial, panelState(state(r))]).toEqual([null, 'connecting'])
  })

  it('is dropped when another number is typed before the phone is ready', () => {
    const typed = '{"type": "callcenter/numberEntered", "payload": {"value": "(701) 765-43-21"}, "at": 500, "source": "ui"}\n'
    const text = scenario(file).replace('{"type": "sip/connected"', `${typed}{"type": "sip/connected"`)
    const r = run(file, text, 939)
    expect([state(r).waitingDial, state(r).number, panelState(state(r))]).toEqual([null, '(701) 765-43-21', 'input'])
    expect(tenderRequests(r)).toEqual([])
  })

  it('is dropped when the registration fails: a later registration by itself calls nobody', () => {
    const failed = '{"type": "sip/registrationFailed", "payload": {"cause": "Connection Error", "status": null}, "at": 360, "source": "sip"}\n'
    const text = scenario(file).replace('{"type": "sip/registered"', `${failed}{"type": "sip/registered"`)
    const r = run(file, text, 939)
    expect(state(r).waitingDial).toBeNull()
    expect([state(r).registration, state(r).number]).toEqual(['registered', '77011234567'])
    expect(tenderRequests(r)).toEqual([])
  })

  it('is not kept on a phone that failed before the click: the number is only shown', () => {
    const failed = '{"type": "sip/registrationFailed", "payload": {"cause": "Request Timeout", "status": null}, "at": 305, "source": "sip"}\n'
    const text = scenario(file).replace('{"type": "callcenter/dialRequested"', `${failed}{"type": "callcenter/dialRequested"`)
    const r = run(file, text, 899)
    expect([state(r).waitingDial, state(r).alert, state(r).number]).toEqual([null, 'timeout', '77011234567'])
  })
})
