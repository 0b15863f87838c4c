// @vitest-environment happy-dom
import { act, cleanup, render, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, describe, expect, it, vi } from 'vitest'
import type { Role } from '../../../../core/auth/profile'
import { createI18n } from '../../../../core/i18n/i18n'
import { withLogic } from '../../../../core/plugin/logic'
import { Slot } from '../../../../core/ui/Slot'
import { listTestRuntime, type SentRequest } from '../../../../core/ui/list/testing'
import bidsPlugin from '../../index'
import ru from '../../i18n/ru.json'
import { profileOf, serveBids, summary } from './fixture'

vi.setConfig({ testTimeout: 30_000 })
afterEach(cleanup)

const [bids] = await withLogic([bidsPlugin])
const ALL = Array.from({ length: 12 }, (_, i) => summary(i + 1, [0, 10, 52, 200][i % 4]!))

function setup(role: Role, all = ALL) {
  const i18n = createI18n('ru')
  i18n.addResourceBundle('ru', 'bids', ru, true, true)
  const kit = listTestRuntime({ plugins: [bids!], path: '/clients/2?tab=bids', answer: (req: SentRequest) => serveBids(all, req), i18n })
  act(() => void kit.runtime.bus.emit('auth/profileLoaded', { profile: profileOf(role), company: null }, 'api'))
  return kit
}

describe("the company card's bids tab (the clients module's slot, filled by the bids plugin)", () => {
  it('lists only that company\'s bids with the tabs and counts, and keeps its query in the tab, not the card\'s URL', async () => {
    const kit = setup(30 as Role)
    render(kit.wrap(<Slot slot="clients/companyBids" props={{ companyId: 2 }} empty={<p>пусто</p>} />))
    const table = await screen.findByTestId('company-bids-table', {}, { timeout: 10_000 })
    await waitFor(() => expect(within(table).getAllByRole('rowheader')).toHaveLength(6))
    const sent = () => Object.fromEntries(kit.sent.filter(r => r.path === 'v1/bids').at(-1)!.search)
    expect(sent()).toMatchObject({ tab: 'all', company_id: '2' })
    expect(within(table).queryByRole('columnheader', { name: 'Компания' })).toBeNull()
    // Company 2 holds the even numbers: 10 and 200 by turns.
    expect(screen.getByTestId('company-bids-tab-review').textContent).toMatch(/3$/)
    expect(screen.getByTestId('company-bids-tab-answer').textContent).toMatch(/0$/)
    expect(screen.getByRole('heading', { level: 2, name: 'Заявки компании' })).toBeTruthy()
    await userEvent.setup().click(screen.getByRole('tab', { name: /На проверке/ }))
    await waitFor(() => expect(sent()).toMatchObject({ tab: 'review', company_id: '2' }))
    expect(kit.history.at(-1)).toBe('/clients/2?tab=bids')
  })

  it('pages by the server\'s cursors within the tab; another tab starts over at the top', async () => {
    const kit = setup(30 as Role, Array.from({ length: 44 }, (_, i) => summary(i + 1, 10)))
    render(kit.wrap(<Slot slot="clients/companyBids" props={{ companyId: 2 }} empty={<p>пусто</p>} />))
    const table = await screen.findByTestId('company-bids-table', {}, { timeout: 10_000 })
    await waitFor(() => expect(within(table).getAllByRole('rowheader')).toHaveLength(20))
    const sent = () => Object.fromEntries(kit.sent.filter(r => r.path === 'v1/bids').at(-1)!.search)
    const user = userEvent.setup()
    await user.click(within(screen.getByTestId('company-bids')).getByRole('button', { name: 'Вперёд' }))
    await waitFor(() => expect(within(screen.getByTestId('company-bids-table')).getAllByRole('rowheader').map(c => c.textContent)).toEqual(['№ 4', '№ 2']))
    expect(sent()).toMatchObject({ tab: 'all', company_id: '2', cursor: 'at20' })
    expect(kit.history.at(-1)).toBe('/clients/2?tab=bids')
    await user.click(screen.getByRole('tab', { name: /На проверке/ }))
    await waitFor(() => expect(sent()).toMatchObject({ tab: 'review', company_id: '2' }))
    expect(sent().cursor).toBeUndefined()
  })

  it('a role that may not list bids gets the card\'s own text instead', async () => {
    const kit = setup(100 as Role)
    render(kit.wrap(<Slot slot="clients/companyBids" props={{ companyId: 2 }} empty={<p>пусто</p>} />))
    expect(screen.getByText('пусто')).toBeTruthy()
    expect(kit.sent.filter(r => r.path === 'v1/bids')).toHaveLength(0)
  })
})
