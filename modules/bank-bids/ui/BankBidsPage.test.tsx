// @vitest-environment happy-dom
import { act, cleanup, render, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, describe, expect, it, vi } from 'vitest'
import type { Profile, Role } from '../../../core/auth/profile'
import { createI18n } from '../../../core/i18n/i18n'
import { withLogic } from '../../../core/plugin/logic'
import { listTestRuntime, type SentRequest } from '../../../core/ui/list/testing'
import bidsPlugin from '../../bids'
import type { BankBidSummary } from '../../bids/contract'
import bankPlugin from '../index'
import ru from '../i18n/ru.json'
import BankBidsPage from './BankBidsPage'

vi.setConfig({ testTimeout: 30_000 })
// The bids module's texts (statuses, services) through its plugin, as the app loads them.
const bidsRu = (await bidsPlugin.i18n.ru()).default
afterEach(cleanup)

const [bank] = await withLogic([bankPlugin])

const row = (requestId: number, bidId: number, status: number, assignee: { id: number; name: string } | null): BankBidSummary => ({
  request: {
    id: requestId, bid_id: bidId, partner_id: 1, partner_name: 'Банк Один', channel: 'bank', status, assignee, offer: null,
    guarantee_number: null, guarantee_file: null, refusal_reason: null, chat_code: status === 70 ? 12040 : null,
    created_at: '2026-05-03T09:00:00.000Z', updated_at: '2026-05-03T09:00:00.000Z',
  },
  bid: {
    id: bidId, company: { id: 1, name: 'ООО Ромашка' }, service_type: 1, status: 50, amount: 2_000_000, customer_name: null,
    contract_subject: null, agent: null, requests: 1, offers: 0, submitted_at: null, archived_at: null,
    created_at: '2026-05-01T09:00:00.000Z', updated_at: '2026-05-03T09:00:00.000Z',
  },
})

function setup(role: Role) {
  let rows = [row(11, 101, 1, null), row(12, 102, 70, { id: 41, name: 'Ольга Банкова' })]
  const answer = (req: SentRequest) => {
    if (req.path === 'v1/bank-bids/staff') return [{ id: 40, name: 'Иван Банков' }, { id: 41, name: 'Ольга Банкова' }]
    if (req.path === 'v1/bank-bids/11/assign') {
      rows = rows.map(r => (r.request.id === 11 ? { ...r, request: { ...r.request, assignee: { id: 40, name: 'Иван Банков' } } } : r))
      return rows[0]!.request
    }
    // One row a page here, from the `cursor` (`at<row>`), with the neighbours' cursors, as the server pages.
    const from = Number(req.search.get('cursor')?.slice(2) ?? 0)
    const next = from + 1 < rows.length ? `at${from + 1}` : null
    return { items: rows.slice(from, from + 1), total: rows.length, total_estimated: false, counts: { bids: 2, completed: 0, archive: 0 }, counts_estimated: { bids: false, completed: false, archive: false }, next, prev: from > 0 ? `at${from - 1}` : null }
  }
  const i18n = createI18n('ru')
  i18n.addResourceBundle('ru', 'bank-bids', ru, true, true)
  i18n.addResourceBundle('ru', 'bids', bidsRu, true, true)
  const kit = listTestRuntime({ plugins: [bank!], path: '/bank-bids', answer, i18n })
  const profile: Profile = {
    id: role, name: 'Б', full_name: 'Банк', phone: '77001000045', email: null, role, office_id: null,
    settings: { services: { tender: false }, notify_messages: true, notify_events: true, is_agent: false },
    language: 'ru', sip: null, ws_connection_string: 'ws://localhost/api/v1/socket?ticket=t',
  }
  act(() => void kit.runtime.bus.emit('auth/profileLoaded', { profile, company: null }, 'api'))
  return kit
}
const heads = () => within(screen.getByTestId('bank-bids-table')).getAllByRole('rowheader').map(c => c.textContent)

describe('/bank-bids', () => {
  it('the manager sees the bank\'s queue with the bank-side status, assigns a request and the queue reads itself again', async () => {
    const kit = setup(45 as Role)
    render(kit.wrap(<BankBidsPage />))
    await waitFor(() => expect(heads()).toEqual(['№ 101']))
    expect(Object.fromEntries(kit.sent.find(r => r.path === 'v1/bank-bids')!.search)).toEqual({ tab: 'bids', page: '1', limit: '20' })
    expect(screen.getByRole('link', { name: '№ 101' }).getAttribute('href')).toBe('/bids/101')
    expect(screen.getByText('Готова к отправке')).toBeTruthy()
    expect(screen.getByText('В очереди банка: 2')).toBeTruthy()
    const choice = await screen.findByRole('combobox', { name: 'Кто работает с заявкой № 101' })
    await waitFor(() => expect(within(choice).getAllByRole('option').map(o => o.textContent)).toEqual(['Не назначена', 'Иван Банков', 'Ольга Банкова']))
    const loads = kit.sent.filter(r => r.path === 'v1/bank-bids').length
    await userEvent.setup().selectOptions(choice, '40')
    await waitFor(() => expect(kit.sent.find(r => r.path === 'v1/bank-bids/11/assign')?.body).toEqual({ user_id: 40 }))
    await waitFor(() => expect(kit.sent.filter(r => r.path === 'v1/bank-bids').length).toBe(loads + 1))
    await waitFor(() => expect((screen.getByRole('combobox', { name: 'Кто работает с заявкой № 101' }) as HTMLSelectElement).value).toBe('40'))
    // The next page by the server's cursor, kept in the URL.
    await userEvent.setup().click(within(screen.getByTestId('pager')).getByRole('button', { name: 'Вперёд' }))
    await waitFor(() => expect(heads()).toEqual(['№ 102']))
    expect(screen.getByText('Предварительно одобрено')).toBeTruthy()
    expect(kit.history.at(-1)).toBe('/bank-bids?cursor=at1')
    expect(Object.fromEntries(kit.sent.filter(r => r.path === 'v1/bank-bids').at(-1)!.search)).toEqual({ tab: 'bids', page: '1', limit: '20', cursor: 'at1' })
  })

  it('a bank user sees who works on each and what is not assigned, without the choice', async () => {
    const kit = setup(40 as Role)
    render(kit.wrap(<BankBidsPage />))
    await waitFor(() => expect(heads()).toEqual(['№ 101']))
    expect(screen.queryByRole('combobox')).toBeNull()
    expect(screen.getByText('Не назначена')).toBeTruthy()
    await userEvent.setup().click(within(screen.getByTestId('pager')).getByRole('button', { name: 'Вперёд' }))
    await waitFor(() => expect(heads()).toEqual(['№ 102']))
    expect(screen.getByText('Ольга Банкова')).toBeTruthy()
    expect(kit.sent.some(r => r.path === 'v1/bank-bids/staff')).toBe(false)
  })
})
