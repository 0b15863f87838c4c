// @vitest-environment happy-dom
/**
 * Replay (issue 11 §4): a recorded socket session (bid-live.jsonl, the recorder's format) fed into the live runtime
 * of the open bid screen. The core's socket logic re-derives what it did then (delivered, duplicate, malformed,
 * synced, the parsed `updateBids` action), and the screen reads its bid again exactly when the bid it shows changed
 * or the socket resynced — and shows the new status without a reload.
 */
import { readFileSync } from 'node:fs'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { act, cleanup, render, screen, waitFor } from '@testing-library/react'
import { afterEach, describe, expect, it } from 'vitest'
import { ROLE } from '../../../../core/auth/profile'
import type { AnyEvent } from '../../../../core/events/map'
import { isDerived } from '../../../../core/events/map'
import { parseLog } from '../../../../core/events/replay'
import type { Bid } from '../../contract'
import BidPage from '../BidPage'
import { answerWith, bidTestRuntime, type Sent } from '../bid/testRuntime'

afterEach(cleanup)

const NOW = '2026-11-20T10:00:00.000Z'
const LOG = parseLog(readFileSync(join(dirname(fileURLToPath(import.meta.url)), 'bid-live.jsonl'), 'utf8'))

function bid(status: number): Bid {
  return {
    id: 1,
    company: { id: 5, name: 'ООО «Ромашка»', inn: '7707083893' },
    service_type: 1,
    status,
    amount: 40_000,
    preferred_partner_ids: [],
    owner_user_id: 7,
    agent: null,
    verifier: null,
    created_by: 7,
    submitted_at: NOW,
    archived_at: null,
    archive_reason: null,
    decline_reason: null,
    created_at: NOW,
    updated_at: NOW,
    federal_law: 44,
    customer_name: 'ГБОУ Школа № 5',
    customer_inn: '7707083893',
    customer_address: null,
    contract_subject: 'Поставка школьных парт',
    contract_sum: 800_000,
    actual_contract_sum: null,
    initial_max_price: null,
    security_sum: 40_000,
    credit_sum: null,
    contract_start: null,
    contract_end: null,
    date_bg_start: '2026-12-01',
    date_bg_end: '2027-03-01',
    days: null,
    issue_deadline_date: null,
    type_bg: 1,
    by_customer_form: null,
    direct_debiting: null,
    has_deposit: null,
    has_losses: null,
    has_government_contracts: null,
    special_account: null,
    leasing_type: null,
    initial_fee: null,
    lots: null,
    requests: [],
    allowed_actions: [],
  }
}

async function openScreen() {
  /** The server's side of the session: the bid's status by the time of the read. */
  const server = { status: 20 }
  const kit = bidTestRuntime(ROLE.client, (req: Sent) => {
    if (req.path === 'v1/bids/1') return bid(server.status)
    if (req.path === 'v1/bids/1/documents') return { items: [], required: [], missing: [], can_change: false }
    if (req.path === 'v1/bids/1/history') return { status: server.status, items: [] }
    return answerWith(404, { result: false, message: 'Не найдено' })
  })
  const seen: AnyEvent[] = []
  const sub = kit.runtime.bus.events$.subscribe(e => seen.push(e))
  render(kit.wrap(<BidPage params={{ id: '1' }} />))
  await screen.findByTestId('bid-screen')
  const reads = () => kit.sent.filter(r => r.method === 'GET' && r.path === 'v1/bids/1').length
  /** Feeds the log's inputs up to `until` (derived events are the logic's to derive again). */
  let next = 0
  const feed = async (until: number) => {
    while (next < LOG.events.length && LOG.events[next]!.at <= until) {
      const e = LOG.events[next++]!
      if (isDerived(e)) continue
      await act(async () => void kit.runtime.bus.emit(e.type, e.payload as never, e.source))
    }
  }
  return { kit, server, seen, reads, feed, done: () => sub.unsubscribe() }
}

const derivedSocketEvents = (events: readonly AnyEvent[]) =>
  events.filter(e => isDerived(e) && e.type.startsWith('socket/') && e.type !== 'socket/opening').map(e => [e.type, e.payload])

describe('replay: the open bid screen follows updateBids', () => {
  it('re-derives the recorded socket events', async () => {
    const run = await openScreen()
    await run.feed(Infinity)
    expect(derivedSocketEvents(run.seen)).toEqual(derivedSocketEvents(LOG.events))
    run.done()
  })

  it('reads its bid again only for its own id, once per frame, and after a resync; shows the new status', async () => {
    const run = await openScreen()
    expect(screen.getByTestId('bid-status').textContent).toBe('На рассмотрении')
    const initial = run.reads()

    await run.feed(1000) // another bid changed
    expect(run.reads()).toBe(initial)

    run.server.status = 30 // the verifier sent it for correction
    await run.feed(2000)
    await waitFor(() => expect(screen.getByTestId('bid-status').textContent).toBe('Возвращена на доработку'))
    expect(run.reads()).toBe(initial + 1)
    // Its history is read again with it.
    expect(run.kit.sent.filter(r => r.path === 'v1/bids/1/history')).toHaveLength(2)

    await run.feed(3000) // the same frame again, then a malformed one
    expect(run.reads()).toBe(initial + 1)

    run.server.status = 11 // resubmitted while the socket was away
    await run.feed(4000)
    await waitFor(() => expect(screen.getByTestId('bid-status').textContent).toBe('На повторной проверке'))
    expect(run.reads()).toBe(initial + 2)
    run.done()
  })
})
