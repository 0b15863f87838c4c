import { describe, expect, it } from 'vitest'
import { replay, replayText } from '../../core/events/replay'
import { $lastSeq } from '../../core/socket/model'
import { $toasts } from '../../core/toast/model'
import { ofType, scenario, scenarioPath } from './support'

/** SPEC §4/§9: type 1 and 100 socket messages become toasts; 2000 ms unless the action says otherwise. */
describe('replay: socket toasts', () => {
  it('shows each with its text, kind and layout, or the default system notification', async () => {
    const { events, clock, scope } = await replay(scenarioPath('toasts.jsonl'))
    clock.advanceTo(30_000)
    expect(ofType(events, 'toast/shown').map(e => [e.at, e.source, e.payload.kind, e.payload.text, e.payload.title ?? null, e.payload.timeout, e.payload.layout ?? null])).toEqual([
      [10_000, 'process', 'success', 'Approved by the bank', 'Bid 12', 5000, 'top'],
      [20_000, 'process', 'info', 'Системное уведомление', null, 2000, null],
      [30_000, 'process', 'warning', 'Mass number', null, 2000, null],
    ])
    expect(ofType(events, 'toast/fromSocket')).toHaveLength(3)
    expect(scope.getState($lastSeq)).toBe(5)
  })

  it('dismisses at the custom timeout (5000) and the default (2000), not a millisecond earlier', async () => {
    const { events, scope, play } = await replay(scenarioPath('toasts.jsonl'), { until: 14_999 })
    // The recorded dismissal at 10 001 is derived: skipped.
    expect(ofType(events, 'toast/dismissed')).toHaveLength(0)
    expect(scope.getState($toasts).map(t => t.text)).toEqual(['Approved by the bank'])
    play(15_000)
    expect(ofType(events, 'toast/dismissed').map(e => e.at)).toEqual([15_000])
    expect(scope.getState($toasts)).toEqual([])

    play(21_999)
    expect(scope.getState($toasts).map(t => t.text)).toEqual(['Системное уведомление'])
    play(22_000)
    expect(scope.getState($toasts)).toEqual([])
    play(40_000)
    expect(ofType(events, 'toast/dismissed').map(e => e.at)).toEqual([15_000, 22_000, 32_000])
  })

  it("speaks the session's locale", () => {
    const { events } = replayText(scenario('toasts.jsonl').replace('"locale":"ru"', '"locale":"en"'))
    expect(ofType(events, 'toast/shown')[1]!.payload.text).toBe('System notification')
  })
})

describe('replay: a toast the user is reading', () => {
  it('holds its timer while paused and goes on with the time it had left', () => {
    const text = [
      '{"type":"toast/shown","payload":{"id":"ui-1","kind":"success","text":"Saved","timeout":2000},"at":1000,"source":"ui"}',
      '{"type":"toast/paused","payload":{"id":"ui-1"},"at":1500,"source":"ui"}',
      '{"type":"toast/resumed","payload":{"id":"ui-1"},"at":9000,"source":"ui"}',
    ].join('\n')
    const { events, scope, play } = replayText(text, { until: 10_499 })
    expect(scope.getState($toasts).map(t => t.id)).toEqual(['ui-1'])
    play(10_500)
    expect(ofType(events, 'toast/dismissed').map(e => [e.payload.id, e.at])).toEqual([['ui-1', 10_500]])
    expect(scope.getState($toasts)).toEqual([])
  })
})
