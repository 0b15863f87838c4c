// @vitest-environment happy-dom
/**
 * Replay (issue 12 §6): a recorded socket session (tender-live.jsonl, the recorder's format) fed into the live
 * runtime of the open ShowTender. The core's socket logic re-derives what it did then (delivered, duplicate,
 * malformed, synced, the parsed `updateTender` action), and the screen reads its history again exactly when the
 * tender it shows changed or the socket resynced — and shows the new history entry without a reload.
 */
import { readFileSync } from 'node:fs'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { act, cleanup, render, screen, waitFor } from '@testing-library/react'
import { afterEach, describe, expect, it } from 'vitest'
import type { AnyEvent } from '../../../../core/events/map'
import { isDerived } from '../../../../core/events/map'
import { parseLog } from '../../../../core/events/replay'
import ShowTenderPage from '../show/ShowTenderPage'
import { answerTender, tenderServer } from '../show/fixture'
import { tenderTestRuntime } from '../show/testRuntime'

afterEach(cleanup)

const LOG = parseLog(readFileSync(join(dirname(fileURLToPath(import.meta.url)), 'tender-live.jsonl'), 'utf8'))

async function openScreen() {
  const server = tenderServer()
  const kit = tenderTestRuntime(answerTender(server))
  const seen: AnyEvent[] = []
  const sub = kit.runtime.bus.events$.subscribe(e => seen.push(e))
  render(kit.wrap(<ShowTenderPage params={{ id: '1' }} />))
  await screen.findByTestId('tender-screen')
  await waitFor(() => expect(screen.getByTestId('tender-history').querySelectorAll('li')).toHaveLength(1))
  const reads = () => kit.sent.filter(r => r.method === 'GET' && r.path === 'v1/tenders/1/history').length
  let next = 0
  /** Feeds the log's inputs up to `until` (derived events are the logic's to derive again). */
  const feed = async (until: number) => {
    while (next < LOG.events.length && LOG.events[next]!.at <= until) {
      const e = LOG.events[next++]!
      if (isDerived(e)) continue
      await act(async () => void kit.runtime.bus.emit(e.type, e.payload as never, e.source))
    }
  }
  return { server, seen, reads, feed, done: () => sub.unsubscribe() }
}

const derivedSocketEvents = (events: readonly AnyEvent[]) =>
  events.filter(e => isDerived(e) && e.type.startsWith('socket/') && e.type !== 'socket/opening').map(e => [e.type, e.payload])

const entries = () => [...screen.getByTestId('tender-history').querySelectorAll('li')].map(li => li.getAttribute('data-type'))

describe('replay: the open ShowTender follows updateTender', () => {
  it('re-derives the recorded socket events', async () => {
    const run = await openScreen()
    await run.feed(Infinity)
    expect(derivedSocketEvents(run.seen)).toEqual(derivedSocketEvents(LOG.events))
    run.done()
  })

  it('shows a history entry pushed for its tender, reads again only for its own id, once per frame, and after a resync', async () => {
    const run = await openScreen()
    const initial = run.reads()

    await run.feed(1000) // another tender changed
    expect(run.reads()).toBe(initial)

    // A colleague's call to the winner ended (history 4) and the server pushed updateTender { id: 1 }.
    run.server.history = [
      { id: 2, type: 4, value: JSON.stringify({ outcome: 104, comment: 'Перезвонить в пятницу', phone: '79101234567' }), user_id: 8, user_name: 'Коллега Кира', created_at: '2026-11-20T10:00:00.000Z' },
      ...run.server.history,
    ]
    await run.feed(2000)
    await waitFor(() => expect(entries()).toEqual(['4', '2']))
    expect(screen.getByTestId('tender-history').textContent).toContain('Звонок завершён · Перезвонить · +7 (910) 123-45-67 · Перезвонить в пятницу')
    expect(run.reads()).toBe(initial + 1)

    await run.feed(3000) // the same frame again, then a malformed one
    expect(run.reads()).toBe(initial + 1)

    run.server.history = [{ id: 3, type: 7, value: '', user_id: null, user_name: null, created_at: '2026-11-20T11:00:00.000Z' }, ...run.server.history]
    await run.feed(4000) // reconnected: what was pushed meanwhile may be lost
    await waitFor(() => expect(entries()).toEqual(['7', '4', '2']))
    expect(run.reads()).toBe(initial + 2)
    run.done()
  })
})
