import { describe, expect, it } from 'vitest'
import { replayText } from '../../core/events/replay'
import { createRegistry } from '../../core/plugin/registry'
import bids from '../../modules/bids'
import invest from '../../modules/invest'
import notificationsPlugin from '../../modules/notifications'
import { $headerItems, $latest, $unreadCount } from '../../modules/notifications/model'
import { $page } from '../../modules/notifications/page'
import tasks from '../../modules/tasks'
import tenders from '../../modules/tenders'
import { httpRequests, ofType, scenario } from './support'
import { withLogic } from '../../core/plugin/logic'

// A replay runs synchronously: the module's logic, fetched on demand in the app, is in place from the start.
const notifications = (await withLogic([notificationsPlugin]))[0]!

const MARK_READ_AFTER = 3000 // SPEC §9, literal on purpose

/** Issue 4 §3: the bell and its list through the bus, with the real notifications plugin. */
describe('replay: notifications', () => {
  const run = (until?: number) => replayText(scenario('notifications.jsonl'), { plugins: [notifications], ...(until === undefined ? {} : { until }) })

  it('loads on sign-in (once, at the socket\'s sync) and on updateTopNotifications; the bell shows the latest 5', () => {
    const { events, scope } = run(5050)
    expect(httpRequests(events, 'v1/notifications').map(e => e.at)).toEqual([110, 5000])
    expect(scope.getState($headerItems).map(n => n.id)).toEqual([8, 7, 6, 5, 4])
    expect(scope.getState($unreadCount)).toBe(8)
  })

  it('marks the latest 5 read 3000 ms after the bell opens, not at 2999', () => {
    const opened = 10_000
    const early = run(opened + MARK_READ_AFTER - 1)
    expect(httpRequests(early.events, 'v1/notifications/read')).toHaveLength(0)
    const due = run(opened + MARK_READ_AFTER)
    const reads = httpRequests(due.events, 'v1/notifications/read')
    expect(reads.map(e => [e.at, e.payload.body])).toEqual([[opened + MARK_READ_AFTER, { ids: [8, 7, 6, 5, 4] }]])
  })

  it('marks nothing when the bell closes before 3 s, and archiving removes the item', () => {
    const { events, scope, clock } = run()
    clock.advanceBy(60_000)
    expect(httpRequests(events, 'v1/notifications/read').map(e => e.at)).toEqual([13_000])
    expect(scope.getState($latest).map(n => n.id)).toEqual([7, 6, 5, 4, 3, 2, 1])
    expect(scope.getState($unreadCount)).toBe(3)
  })
})

/** Issue 10 §2: each signed-in page loaded v1/notifications twice (on the profile and on the socket's sync). */
describe('replay: the latest list loads once per signed-in page', () => {
  const loads = (name: string, until?: number) => {
    const { events, clock } = replayText(scenario(name), { plugins: [notifications], ...(until === undefined ? {} : { until }) })
    if (until === undefined) clock.advanceBy(60_000)
    return httpRequests(events, 'v1/notifications').map(e => e.at)
  }

  it('one request at the first sync, none on the profile before it; a profile refreshed later loads at once', () => {
    expect(loads('notifications-one-load.jsonl', 7999)).toEqual([310])
    expect(loads('notifications-one-load.jsonl')).toEqual([310, 8000])
  })

  it('without a sync the list still loads: 5000 ms after the profile, not at 4999', () => {
    expect(loads('notifications-no-sync.jsonl', 40 + 4999)).toEqual([])
    expect(loads('notifications-no-sync.jsonl')).toEqual([40 + 5000])
  })

  it('a socket that closes before its first sync loads the list at once, once', () => {
    expect(loads('notifications-socket-failed.jsonl')).toEqual([900])
  })
})

/** The /notifications page on its remote() store: what the page shows follows marks and archives without a reload. */
describe('replay: the notifications page', () => {
  const run = (until?: number) => replayText(scenario('notifications-page.jsonl'), { plugins: [notifications], ...(until === undefined ? {} : { until }) })
  const shown = (until: number) => {
    const page = run(until).scope.getState($page).data!
    return { rows: page.items.map(n => [n.id, n.read]), total: page.total, unread: page.unread }
  }

  it('the process reloads only the bell\'s list on updateTopNotifications; the open page re-reads itself (recorded as the UI\'s request)', () => {
    const { events } = run()
    expect(httpRequests(events, 'v1/notifications').map(e => e.at)).toEqual([70, 5000])
    expect(ofType(events, 'remote/requested').map(e => [e.at, e.source])).toEqual([
      [100, 'ui'],
      [5000, 'ui'],
    ])
  })

  it('marks the rows it shows read 3000 ms after they show, not at 2999, and not after the page is left', () => {
    expect(httpRequests(run(160 + MARK_READ_AFTER - 1).events, 'v1/notifications/read')).toHaveLength(0)
    const { events, clock } = run()
    clock.advanceBy(60_000)
    // Row 4 showed at 5070, but the page was left at 6000: only the first marking went out.
    expect(httpRequests(events, 'v1/notifications/read').map(e => [e.at, e.payload.body])).toEqual([[160 + MARK_READ_AFTER, { ids: [3, 2, 1] }]])
  })

  it('shows marked rows read and counts them out of the unread ones; a new answer replaces the edits; an archived row goes', () => {
    expect(shown(150)).toEqual({ rows: [[3, 0], [2, 0], [1, 0]], total: 3, unread: 3 })
    expect(shown(3200)).toEqual({ rows: [[3, 1], [2, 1], [1, 1]], total: 3, unread: 0 })
    expect(shown(5060)).toEqual({ rows: [[4, 0], [3, 1], [2, 1], [1, 1]], total: 4, unread: 1 })
    expect(shown(6500)).toEqual({ rows: [[4, 0], [3, 1], [1, 1]], total: 3, unread: 1 })
  })
})

describe('notification links come from the owning modules', () => {
  const ref = (type: number) => ({ type, data: { id: 42 } })

  it('links every type whose module is installed', () => {
    const registry = createRegistry([notifications, tenders, bids, tasks, invest])
    expect([1, 2, 3, 5, 7].map(type => registry.linkFor(ref(type)))).toEqual(['/tenders/42', '/tenders/42', '/bids/42', '/tasks/42', '/invest/42'])
    expect(registry.linkFor(ref(4))).toBeNull()
  })

  it('renders a type as plain text when its module is not installed', () => {
    const registry = createRegistry([notifications, bids])
    expect(registry.linkFor(ref(1))).toBeNull()
    expect(registry.linkFor(ref(3))).toBe('/bids/42')
  })
})
