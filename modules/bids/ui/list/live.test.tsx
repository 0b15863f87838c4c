// @vitest-environment happy-dom
import { act, cleanup, render, screen, waitFor, within } from '@testing-library/react'
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { parseLog } from '../../../../core/events/replay'
import { createI18n } from '../../../../core/i18n/i18n'
import { withLogic } from '../../../../core/plugin/logic'
import { listTestRuntime, settle, type SentRequest } from '../../../../core/ui/list/testing'
import bidsPlugin from '../../index'
import ru from '../../i18n/ru.json'
import type { BidSummary } from '../../contract'
import BidsPage from './BidsPage'
import { serveBids, summary } from './fixture'

/**
 * Replay (issue 11 §4): "a status change pushed over the socket updates the open list". The scenario's socket frames
 * (./live-update.jsonl) are fed at their times, through the core's socket boundary (socket/message → delivered →
 * the typed `updateBids` action), into a runtime with the real /bids page mounted; the fake server's bids change
 * status between the frames as the real one's would before it pushes.
 */
vi.setConfig({ testTimeout: 30_000 })
afterEach(cleanup)

const [bids] = await withLogic([bidsPlugin])
const { events } = parseLog(readFileSync(join(import.meta.dirname, 'live-update.jsonl'), 'utf8'))

describe('replay: an updateBids pushed over the socket updates the open /bids list', () => {
  it('the row changes status or leaves the tab, and the counts follow, without a reload by the user', async () => {
    let server: BidSummary[] = [summary(7, 10), summary(8, 20), summary(9, 52)]
    const i18n = createI18n('ru')
    i18n.addResourceBundle('ru', 'bids', ru, true, true)
    const kit = listTestRuntime({
      plugins: [bids!],
      path: '/bids?tab=review',
      answer: (req: SentRequest) => (req.path === 'v1/bids' ? serveBids(server, req) : { items: [], total: 0 }),
      i18n,
    })
    render(kit.wrap(<BidsPage />))
    const table = () => within(screen.getByTestId('bids-table'))
    const rowOf = (id: number) => table().getByRole('rowheader', { name: `№ ${id}` }).closest('[role="row"]') as HTMLElement
    const reviewCount = () => screen.getByTestId('bids-tab-review').textContent?.match(/\d+$/)?.[0]
    const loads = () => kit.sent.filter(r => r.path === 'v1/bids').length
    await waitFor(() => expect(table().getAllByRole('rowheader').map(c => c.textContent)).toEqual(['№ 8', '№ 7']))
    expect(within(rowOf(7)).getByText('Отправлена на проверку')).toBeTruthy()

    // What the server holds changes before each push: at 5000 the verifier took 7 (10 → 20) and approved 8 (→ 40);
    // at 9000 sent 7 for correction (→ 30).
    const changes: Record<number, () => void> = {
      5000: () => (server = server.map(b => (b.id === 7 ? { ...b, status: 20 } : b.id === 8 ? { ...b, status: 40 } : b))),
      9000: () => (server = server.map(b => (b.id === 7 ? { ...b, status: 30 } : b))),
    }
    const feed = async (until: number) => {
      for (const e of events.filter(e => e.at <= until && e.at > kit.clock.now())) {
        act(() => kit.clock.advanceTo(e.at))
        changes[e.at]?.()
        act(() => void kit.runtime.bus.emit(e.type, e.payload as never, e.source))
        await settle()
      }
    }

    await feed(100)
    const afterSync = loads()
    await feed(5000)
    await waitFor(() => expect(loads()).toBe(afterSync + 1))
    await waitFor(() => expect(within(rowOf(7)).getByText('На рассмотрении')).toBeTruthy())
    expect(within(rowOf(8)).getByText('Одобрена верификатором')).toBeTruthy()
    expect(reviewCount()).toBe('2')

    await feed(9000)
    await waitFor(() => expect(table().getAllByRole('rowheader').map(c => c.textContent)).toEqual(['№ 8']))
    expect(reviewCount()).toBe('1')
    expect(screen.getByTestId('bids-tab-answer').textContent).toMatch(/2$/)
    expect(loads()).toBe(afterSync + 2)
  })
})
