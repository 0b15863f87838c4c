import { describe, expect, it } from 'vitest'
import { replayText, type ReplayResult } from '../../core/events/replay'
import callcenterPlugin from '../../modules/callcenter'
import { $softphone, formatTimer, panelState, visibleSession } from '../../modules/callcenter/model'
import { derived, httpRequests, ofType, scenario } from './support'
import { withLogic } from '../../core/plugin/logic'

// A replay runs synchronously: the module's logic, fetched on demand in the app, is in place from the start.
const callcenter = (await withLogic([callcenterPlugin]))[0]!

/**
 * Issue 3 §4: every call-session path of SPEC §4 as a recorded scenario, replayed through the real call-center
 * plugin (its softphone process and commands) without the SIP adapter or the network. What the logic asks for —
 * HTTP requests (`effect/http`), SIP actions (`sip/…Requested`), timer ticks — is re-derived, so each assertion
 * fails when the behaviour changes. Numbers are literals on purpose (SPEC §4, §9).
 */
const run = (file: string, until?: number): ReplayResult => replayText(scenario(file), { plugins: [callcenter], ...(until === undefined ? {} : { until }) })
const state = (r: ReplayResult) => r.scope.getState($softphone)
const panel = (r: ReplayResult) => panelState(state(r))
/** The call-center requests the logic made, as [at, method path, body]. */
const calls = (r: ReplayResult) =>
  httpRequests(r.events)
    .filter(e => /call-center|tenders\//.test(e.payload.path))
    .map(e => [e.at, `${e.payload.method} ${e.payload.path}`, e.payload.body])
const sipRequests = (r: ReplayResult) =>
  derived(r.events)
    .filter(e => e.type.startsWith('sip/') && e.type.endsWith('Requested') && e.type !== 'sip/startRequested')
    .map(e => [e.at, e.type, e.payload])

describe('replay: outgoing call answered, then ended', () => {
  it('creates the record first, places the call with its id, shows connecting → dialing → start', () => {
    expect(panel(run('call-outgoing-answered.jsonl', 4999))).toBe('input')
    const created = run('call-outgoing-answered.jsonl', 5039)
    expect(panel(created)).toBe('connecting')
    expect(calls(created)).toEqual([
      [4200, 'POST v1/call-center/search-links-by-phone', { phone: '77011234567' }],
      [5000, 'POST v1/call-center/phone-call', { phone: '77011234567', direction: 2, page: null, page_id: null }],
    ])
    expect(sipRequests(created)).toEqual([])
    const placed = run('call-outgoing-answered.jsonl', 5041)
    expect(sipRequests(placed)).toEqual([[5040, 'sip/callRequested', { ref: 'call-1', target: '77011234567' }]])
    expect(panel(run('call-outgoing-answered.jsonl', 5300))).toBe('dialing')
    expect(state(run('call-outgoing-answered.jsonl', 5300)).links.clients.map(c => c.id)).toEqual([3])
  })

  it('sends status 10 on accept and runs the timer mm:ss from there', () => {
    const r = run('call-outgoing-answered.jsonl', 9000)
    expect(panel(r)).toBe('start')
    expect(calls(r).at(-1)).toEqual([9000, 'POST v1/call-center/phone-call/501', { status: 10, page: null, page_id: null, time: 0, cause: null }])
    r.play(9999)
    expect(formatTimer(visibleSession(state(r))!.seconds)).toBe('00:00')
    r.play(10000)
    expect(formatTimer(visibleSession(state(r))!.seconds)).toBe('00:01')
    r.play(9000 + 61_000)
    expect(formatTimer(visibleSession(state(r))!.seconds)).toBe('01:01')
    expect(ofType(r.events, 'callcenter/tick').filter(e => e.source === 'timer').map(e => e.at).slice(0, 3)).toEqual([10000, 11000, 12000])
  })

  it('sends status 50 with the talk time on end, opens the finish dialog and posts call-end with the full payload', () => {
    const ended = run('call-outgoing-answered.jsonl', 74500)
    expect(panel(ended)).toBe('end')
    expect(calls(ended).at(-1)).toEqual([74500, 'POST v1/call-center/phone-call/501', { status: 50, page: null, page_id: null, time: 65, cause: null }])
    // The timer stops with the call.
    ended.clock.advanceBy(5000)
    expect(visibleSession(state(ended))!.seconds).toBe(65)
    const r = run('call-outgoing-answered.jsonl')
    expect(calls(r).at(-1)).toEqual([
      90000,
      'POST v1/call-center/501/call-end',
      {
        status: 104,
        comment: 'Перезвонить после обеда',
        is_reminder: true,
        reminder_date: '24.11.2026',
        reminder_time: '15:00',
        phone: '77011234567',
        call_rating: 2,
        time: 65,
        email_notification: true,
        phone_call_id: 501,
        page: null,
        page_id: null,
      },
    ])
    expect(state(r).session).toBeNull()
    expect(panel(r)).toBe('ready')
    expect(calls(r).filter(c => String(c[1]).startsWith('POST v1/call-center/phone-call/')).map(c => (c[2] as { status: number }).status)).toEqual([10, 50])
  })
})

describe('replay: outgoing call failed before the answer (click-to-call from a tender)', () => {
  it('adds the tender history, sends 50 with the cause, opens the dialog and finishes through the tender', () => {
    const r = run('call-outgoing-failed.jsonl')
    expect(calls(r)).toEqual([
      [5000, 'POST v1/call-center/phone-call', { phone: '77272500100', direction: 2, page: 'tender', page_id: 7 }],
      [5000, 'POST v1/tenders/7/history-add', { type: 3, value: '77272500100' }],
      // The lookup waits until the callee rings (it would slow the call's setup otherwise).
      [5300, 'POST v1/call-center/search-links-by-phone', { phone: '77272500100' }],
      [8000, 'POST v1/call-center/phone-call/502', { status: 50, page: 'tender', page_id: 7, time: 0, cause: 'Busy' }],
      [
        12000,
        'POST v1/tenders/7/call-end',
        {
          status: 102,
          comment: 'Занято',
          is_reminder: false,
          reminder_date: '',
          reminder_time: '',
          phone: '77272500100',
          call_rating: 0,
          time: 0,
          email_notification: false,
          phone_call_id: 502,
          page: 'tender',
          page_id: 7,
        },
      ],
    ])
    expect(panel(run('call-outgoing-failed.jsonl', 8000))).toBe('end')
  })
})

describe('replay: failed after the answer', () => {
  it('sends status 20 (the timer is above 0) with the cause, and opens the dialog', () => {
    const r = run('call-failed-after-answer.jsonl')
    expect(calls(r).at(-1)).toEqual([12500, 'POST v1/call-center/phone-call/503', { status: 20, page: null, page_id: null, time: 3, cause: 'RTP Timeout' }])
    expect(panel(r)).toBe('end')
    expect(visibleSession(state(r))!.endStatus).toBe(20)
  })
})

describe('replay: finish while the timer is 0', () => {
  it('sends 102, cancels the call and opens no dialog; the Canceled failure after it changes nothing', () => {
    const r = run('call-finish-at-zero.jsonl', 7010)
    expect(calls(r).slice(-1)).toEqual([[7000, 'POST v1/call-center/phone-call/504', { status: 102, page: null, page_id: null, time: 0, cause: null }]])
    expect(sipRequests(r).at(-1)).toEqual([7000, 'sip/terminateRequested', { id: 'call-1' }])
    expect(state(r).session).toBeNull()
    expect(panel(r)).toBe('input')
  })

  it('sends the 102 of a call finished before its record exists once the id arrives, and never places it', () => {
    const r = run('call-finish-at-zero.jsonl')
    const afterFirst = calls(r).filter(c => (c[0] as number) >= 20000)
    expect(afterFirst).toEqual([
      [20000, 'POST v1/call-center/phone-call', { phone: '77015556677', direction: 2, page: null, page_id: null }],
      [20050, 'POST v1/call-center/phone-call/505', { status: 102, page: null, page_id: null, time: 0, cause: null }],
    ])
    expect(sipRequests(r).filter(e => (e[0] as number) >= 20000)).toEqual([])
    expect(panel(run('call-finish-at-zero.jsonl', 20010))).toBe('input')
    expect(state(r).session).toBeNull()
    expect(ofType(r.events, 'effect/http').some(e => e.payload.path.endsWith('call-end'))).toBe(false)
  })
})

describe('replay: incoming call answered', () => {
  it('opens the panel ringing, records direction 1, answers, sends 10 then 50, and finishes with outcome 101', () => {
    const ringing = run('call-incoming-answered.jsonl', 5000)
    expect(state(ringing).open).toBe(true)
    expect(panel(ringing)).toBe('incoming')
    expect(calls(ringing)).toEqual([
      [5000, 'POST v1/call-center/phone-call', { phone: '77001000010', direction: 1, page: null, page_id: null }],
      [5000, 'POST v1/call-center/search-links-by-phone', { phone: '77001000010' }],
    ])
    const r = run('call-incoming-answered.jsonl')
    expect(sipRequests(r)).toEqual([
      [8000, 'sip/answerRequested', { id: 'in-1' }],
      [30050, 'sip/terminateRequested', { id: 'in-1' }],
    ])
    expect(calls(r).slice(2)).toEqual([
      [8050, 'POST v1/call-center/phone-call/506', { status: 10, page: null, page_id: null, time: 0, cause: null }],
      [30060, 'POST v1/call-center/phone-call/506', { status: 50, page: null, page_id: null, time: 22, cause: null }],
      [
        40000,
        'POST v1/call-center/506/call-end',
        {
          status: 101,
          comment: '',
          is_reminder: false,
          reminder_date: '',
          reminder_time: '',
          phone: '77001000010',
          call_rating: 4,
          time: 22,
          email_notification: false,
          phone_call_id: 506,
          page: null,
          page_id: null,
        },
      ],
    ])
  })
})

describe('replay: incoming call declined', () => {
  it('answers a second caller busy, declines with 486 and 102, and opens no dialog', () => {
    const r = run('call-incoming-declined.jsonl')
    expect(sipRequests(r)).toEqual([
      [5500, 'sip/terminateRequested', { id: 'in-2', status: 486 }],
      [7000, 'sip/terminateRequested', { id: 'in-1', status: 486 }],
    ])
    expect(calls(r).filter(c => String(c[1]).includes('phone-call'))).toEqual([
      [5000, 'POST v1/call-center/phone-call', { phone: '77011234567', direction: 1, page: null, page_id: null }],
      [7000, 'POST v1/call-center/phone-call/507', { status: 102, page: null, page_id: null, time: 0, cause: null }],
    ])
    expect(state(r).session).toBeNull()
    expect(panel(r)).not.toBe('end')
  })
})

describe('replay: registration failure', () => {
  it('shows the wrong-password alert, clears the credentials, stops the phone and neither re-checks nor calls', () => {
    const r = run('call-registration-failed.jsonl')
    const s = state(r)
    expect([s.alert, s.credentials, s.cleared, s.registration]).toEqual(['wrongPassword', null, true, 'off'])
    expect(derived(r.events).filter(e => e.type === 'sip/stopRequested').map(e => e.at)).toEqual([360])
    r.clock.advanceBy(10_000)
    expect(ofType(r.events, 'sip/startRequested').map(e => e.at)).toEqual([40])
    expect(calls(r)).toEqual([])
    expect(panel(r)).toBe('unavailable')
  })
})

describe('replay: WebSocket loss and recovery', () => {
  it('shows "server disconnected", refuses to call, and recovers by itself when JsSIP registers again', () => {
    const lost = run('call-ws-recovery.jsonl', 11000)
    expect([state(lost).alert, panel(lost)]).toEqual(['disconnected', 'unavailable'])
    expect(calls(lost).filter(c => c[1] === 'POST v1/call-center/phone-call')).toEqual([])
    expect(state(run('call-ws-recovery.jsonl', 14049)).alert).toBe('disconnected')
    const back = run('call-ws-recovery.jsonl', 14050)
    expect([back.scope.getState($softphone).alert, panel(back)]).toEqual([null, 'input'])
    const r = run('call-ws-recovery.jsonl')
    expect(calls(r).filter(c => c[1] === 'POST v1/call-center/phone-call').map(c => c[0])).toEqual([15000])
  })
})

describe('replay: DTMF, mute, hold and transfer', () => {
  it('sends DTMF only while established; mute, hold and a blind transfer act on the live call', () => {
    const r = run('call-dtmf.jsonl')
    expect(sipRequests(r)).toEqual([
      [5040, 'sip/callRequested', { ref: 'call-1', target: '1160' }],
      [10000, 'sip/dtmfRequested', { id: 'call-1', tone: '5' }],
      [11000, 'sip/dtmfRequested', { id: 'call-1', tone: '#' }],
      [12000, 'sip/muteRequested', { id: 'call-1', muted: true }],
      [13000, 'sip/holdRequested', { id: 'call-1', held: true }],
      [14000, 'sip/holdRequested', { id: 'call-1', held: false }],
      [15000, 'sip/transferRequested', { id: 'call-1', target: '1035' }],
      [15500, 'sip/terminateRequested', { id: 'call-1' }],
    ])
    expect(visibleSession(state(r))!.dtmf).toBe('5#')
    expect(panel(r)).toBe('end')
    expect(visibleSession(state(run('call-dtmf.jsonl', 12001)))!.muted).toBe(true)
    expect(visibleSession(state(run('call-dtmf.jsonl', 13100)))!.held).toBe(true)
  })
})

describe('replay: the 1 s re-check', () => {
  it('requests the start every 1000 ms until the phone object exists, then stops', () => {
    const r = run('call-recheck.jsonl')
    r.clock.advanceBy(10_000)
    const starts = ofType(r.events, 'sip/startRequested')
    expect(starts.map(e => [e.at, e.source])).toEqual([
      [40, 'process'],
      [1040, 'timer'],
      [2040, 'timer'],
      [3040, 'timer'],
    ])
    expect(starts[0]!.payload).toEqual({ ws_url: 'ws://127.0.0.1:8088', code: '1150', password: '[redacted]' })
    expect(state(r).alert).toBeNull()
    expect(state(run('call-recheck.jsonl', 900)).alert).toBe('loadFailed')
  })
})

describe('replay: add contact', () => {
  const toasts = (r: ReplayResult) => ofType(r.events, 'toast/shown').map(e => [e.at, e.payload.kind, e.payload.text, e.payload.timeout])
  const dismissed = (r: ReplayResult) => ofType(r.events, 'toast/dismissed').map(e => e.at)

  it('posts the tender variant with the page, shows "contact added" for 2 s and closes the dialog', () => {
    const r = run('call-contact.jsonl', 9040)
    expect(calls(r).filter(c => String(c[1]).includes('contact-add'))).toEqual([
      [
        9000,
        'POST v1/tenders/7/contact-add',
        { phone: '(727) 250-01-00', email: '', name: 'Сидоров Пётр', title: 'Директор', comment: '', inn: '7700123459', page: 'tender', page_id: 7 },
      ],
    ])
    expect(toasts(r)).toEqual([[9040, 'success', 'callcenter:toast.contactAdded', 2000]])
    expect(state(r).contact.open).toBe(false)
    r.play(11_040)
    expect(dismissed(r)).toEqual([11_040])
  })

  it('warns "mass number, enter another phone" for exactly 5 s and keeps the dialog; any other failure is the contact-add error', () => {
    const r = run('call-contact.jsonl', 21_030)
    expect(toasts(r).at(-1)).toEqual([21_030, 'warning', 'callcenter:toast.massNumber', 5000])
    expect(state(r).contact).toMatchObject({ open: true, saving: false })
    expect(state(r).contact.failure?.validation?.phone).toBe('Массовый номер, введите другой телефон')
    r.play(26_029)
    expect(dismissed(r)).not.toContain(26_030)
    r.play(26_030)
    expect(dismissed(r)).toContain(26_030)
    r.play()
    expect(toasts(r).at(-1)).toEqual([30_020, 'error', 'callcenter:toast.contactAddError', 2000])
  })
})

describe('replay: click-to-call without a softphone', () => {
  it('says so in a toast and calls nobody', () => {
    const text = scenario('call-registration-failed.jsonl')
    const r = replayText(text, { plugins: [callcenter] })
    expect(ofType(r.events, 'toast/shown').map(e => [e.at, e.payload.text])).toEqual([[5000, 'callcenter:toast.noSoftphone']])
    expect(calls(r)).toEqual([])
  })
})

describe('replay: the adapter attaching after the first start request', () => {
  it('is asked at once when it reports ready, and the 1 s re-check stops once the phone exists', () => {
    const lines = scenario('call-recheck.jsonl')
      .split('\n')
      .filter(l => !l.includes('"sip/loadFailed"'))
      .map(l => l.replace('"sip/uaCreated", "payload": {"code": "1150"}, "at": 3300', '"sip/uaCreated", "payload": {"code": "1150"}, "at": 800'))
    lines.splice(lines.findIndex(l => l.includes('"sip/uaCreated"')), 0, JSON.stringify({ type: 'sip/adapterReady', payload: {}, at: 700, source: 'sip' }))
    const r = replayText(lines.join('\n'), { plugins: [callcenter] })
    r.clock.advanceBy(5000)
    expect(ofType(r.events, 'sip/startRequested').map(e => [e.at, e.source])).toEqual([
      [40, 'process'],
      [700, 'process'],
    ])
  })
})
