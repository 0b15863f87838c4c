import { describe, expect, it } from 'vitest'
import { $lastSeq } from '../../core/socket/model'
import { replayText } from '../../core/events/replay'
import notificationsPlugin from '../../modules/notifications'
import { ofType, scenario } from './support'
import { withLogic } from '../../core/plugin/logic'

// A replay runs synchronously: the module's logic, fetched on demand in the app, is in place from the start.
const notifications = (await withLogic([notificationsPlugin]))[0]!

/** Issue 4 "nothing lost across reconnects", the client's half: resume point, once-only delivery, reload. */
describe('replay: socket resume', () => {
  const run = () => replayText(scenario('resume.jsonl'), { plugins: [notifications] })

  it('opens every connection from the last seq handled', () => {
    const { events } = run()
    expect(ofType(events, 'socket/opening').map(e => new URL(e.payload.url).searchParams.get('since'))).toEqual(['latest', '3', '6'])
  })

  it('delivers missed messages once each, in order, and drops the overlap', () => {
    const { events } = run()
    const delivered = ofType(events, 'socket/delivered').map(e => e.payload.message.seq ?? e.payload.message.action)
    expect(delivered).toEqual([3, 4, 5, 'wakeUp', 6])
    expect(ofType(events, 'socket/duplicate').map(e => e.payload.seq)).toEqual([5])
    // Each delivered updateTopNotifications reaches the notifications module once; the duplicated toast shows once.
    expect(ofType(events, 'socket/action').map(e => [e.payload.action, e.at])).toEqual([
      ['updateTopNotifications', 1000],
      ['updateTopNotifications', 4110],
      ['updateTopNotifications', 5000],
    ])
    expect(ofType(events, 'toast/shown').filter(e => e.payload.text === 'Задача назначена').map(e => e.at)).toEqual([4111])
  })

  it('a gap older than the outbox asks for a reload and resumes from the server seq', () => {
    const { events, scope } = run()
    expect(ofType(events, 'socket/synced').map(e => e.payload)).toEqual([
      { seq: 2, reload: false },
      { seq: 5, reload: false },
      { seq: 420, reload: true },
    ])
    expect(scope.getState($lastSeq)).toBe(420)
  })
})
