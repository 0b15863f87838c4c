import { describe, expect, it } from 'vitest'
import { replayText, type ReplayResult } from '../../core/events/replay'
import callcenterPlugin from '../../modules/callcenter'
import { $softphone, panelState, visibleSession } from '../../modules/callcenter/model'
import { callFailureKey } from '../../modules/callcenter/model/failure'
import { httpRequests, ofType, scenario } from './support'
import { withLogic } from '../../core/plugin/logic'

// A replay runs synchronously: the module's logic, fetched on demand in the app, is in place from the start.
const callcenter = (await withLogic([callcenterPlugin]))[0]!

/**
 * Issue 10 §2, the call panel: Enter dials only a complete number (and says why not), a failed call says why in
 * words, a call that never connected may close its finish dialog without an outcome (its record keeps status 50
 * and the cause), a connected one still asks. Replayed through the real call-center plugin; numbers are literals.
 */
const run = (file: string, until?: number): ReplayResult => replayText(scenario(file), { plugins: [callcenter], ...(until === undefined ? {} : { until }) })
const state = (r: ReplayResult) => r.scope.getState($softphone)
const calls = (r: ReplayResult) =>
  httpRequests(r.events)
    .filter(e => /call-center\/(phone-call|\d+\/call-end)/.test(e.payload.path))
    .map(e => [e.at, `${e.payload.method} ${e.payload.path}`, e.payload.body])

describe('replay: Enter in the number field', () => {
  it('with 8 digits of 10 dials nothing and says what is missing', () => {
    const r = run('call-enter-incomplete.jsonl', 4299)
    expect(calls(r)).toEqual([])
    expect(ofType(r.events, 'callcenter/dialRequested')).toEqual([])
    expect(state(r).refusal).toEqual({ reason: 'phoneIncomplete', count: 8 })
    expect(panelState(state(r))).toBe('input')
  })

  it('with nothing typed says so; typing clears the reason', () => {
    expect(state(run('call-enter-incomplete.jsonl', 4349)).refusal).toBeNull()
    expect(state(run('call-enter-incomplete.jsonl', 4499)).refusal).toEqual({ reason: 'empty', count: 0 })
    expect(state(run('call-enter-incomplete.jsonl', 4999)).refusal).toBeNull()
  })

  it('with the number complete dials it: the record first, then the call', () => {
    const r = run('call-enter-incomplete.jsonl')
    expect(calls(r)).toEqual([[5000, 'POST v1/call-center/phone-call', { phone: '77011234567', direction: 2, page: null, page_id: null }]])
    expect(ofType(r.events, 'callcenter/dialRequested').map(e => [e.at, e.source, e.payload.phone])).toEqual([[5000, 'process', '77011234567']])
    expect(panelState(state(r))).toBe('connecting')
  })
})

describe('replay: a failed call says why', () => {
  const failureAt = (at: number) => {
    const failure = state(run('call-failure-causes.jsonl', at)).failure
    return failure ? callFailureKey(failure) : undefined
  }
  it('busy, no microphone, not found, a server error — from JsSIP\'s cause and code', () => {
    expect([failureAt(7100), failureAt(22100), failureAt(32100), failureAt(42100)]).toEqual(['busy', 'noMicrophone', 'notFound', 'serverError'])
  })

  it('the reason goes when another number is typed', () => {
    expect(failureAt(19_999)).toBe('busy')
    expect(failureAt(20_000)).toBeUndefined()
  })

  it('maps the causes JsSIP names, and a bare code by its class', () => {
    const key = (cause: string, status: number | null = null) => callFailureKey({ kind: 'sip', cause, status })
    expect(key('Busy', 600)).toBe('busy')
    expect(key('Rejected', 603)).toBe('rejected')
    expect(key('Unavailable', 480)).toBe('unavailable')
    expect(key('Address Incomplete', 484)).toBe('addressIncomplete')
    expect(key('No Answer')).toBe('noAnswer')
    expect(key('Connection Error')).toBe('connection')
    expect(key('Phone not ready')).toBe('notReady')
    expect(key('SIP Failure Code', 500)).toBe('serverError')
    expect(key('Something new', 499)).toBe('other')
    expect(callFailureKey({ kind: 'record', cause: 'Сервер недоступен', status: null })).toBe('noRecord')
  })
})

describe('replay: the finish dialog of a call that never connected', () => {
  it('records status 50 with the cause, opens the dialog, and closes it without an outcome: no call-end', () => {
    const open = run('call-failure-causes.jsonl', 8999)
    expect(panelState(state(open))).toBe('end')
    expect(visibleSession(state(open))!.acceptedAt).toBeNull()
    const r = run('call-failure-causes.jsonl')
    expect(calls(r).filter(c => (c[1] as string).startsWith('POST v1/call-center/phone-call/'))).toEqual([
      [7000, 'POST v1/call-center/phone-call/701', { status: 50, page: null, page_id: null, time: 0, cause: 'Busy' }],
      [22000, 'POST v1/call-center/phone-call/702', { status: 50, page: null, page_id: null, time: 0, cause: 'User Denied Media Access' }],
      [32000, 'POST v1/call-center/phone-call/703', { status: 50, page: null, page_id: null, time: 0, cause: 'Not Found' }],
      [42000, 'POST v1/call-center/phone-call/704', { status: 50, page: null, page_id: null, time: 0, cause: 'SIP Failure Code' }],
    ])
    expect(calls(r).filter(c => (c[1] as string).endsWith('/call-end'))).toEqual([])
    const dismissed = run('call-failure-causes.jsonl', 9000)
    expect(state(dismissed).session).toBeNull()
    // The number stays for another try, with the reason beside it.
    expect(panelState(state(dismissed))).toBe('input')
    expect(state(dismissed).number).toBe('(701) 123-45-67')
    expect(state(dismissed).failure).toEqual({ kind: 'sip', cause: 'Busy', status: 486 })
  })
})

describe('replay: a call that connected still asks for an outcome', () => {
  it('records 20 with the cause, ignores a dismiss, and closes with call-end', () => {
    const asked = run('call-connected-asks.jsonl', 11_999)
    expect(panelState(state(asked))).toBe('end')
    expect(visibleSession(state(asked))!.endStatus).toBe(20)
    expect(state(asked).failure).toEqual({ kind: 'sip', cause: 'RTP Timeout', status: null })
    const r = run('call-connected-asks.jsonl')
    expect(calls(r).slice(1)).toEqual([
      [6000, 'POST v1/call-center/phone-call/801', { status: 10, page: null, page_id: null, time: 0, cause: null }],
      [9500, 'POST v1/call-center/phone-call/801', { status: 20, page: null, page_id: null, time: 3, cause: 'RTP Timeout' }],
      [
        12000,
        'POST v1/call-center/801/call-end',
        {
          status: 104,
          comment: 'Связь оборвалась',
          is_reminder: false,
          reminder_date: '',
          reminder_time: '',
          phone: '77011234567',
          call_rating: 0,
          time: 3,
          email_notification: false,
          phone_call_id: 801,
          page: null,
          page_id: null,
        },
      ],
    ])
  })
})
