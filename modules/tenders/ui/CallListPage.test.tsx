// @vitest-environment happy-dom
import { act, cleanup, render, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, describe, expect, it, vi } from 'vitest'
import type { Profile } from '../../../core/auth/profile'
import { createI18n } from '../../../core/i18n/i18n'
import { listTestRuntime, type SentRequest } from '../../../core/ui/list/testing'
import type { CallListItem, CallListPage as Page } from '../call-list/contract'
import ru from '../i18n/ru.json'
import tenders from '../index'
import CallListPage from './CallListPage'

vi.setConfig({ testTimeout: 30_000 })
afterEach(cleanup)

const item = (id: number, fields: Partial<CallListItem> = {}): CallListItem => ({
  id,
  created_at: `2026-11-2${id}T09:30:00.000Z`,
  employee: { id: 7, name: 'Попова Мария' },
  tender: { id: 40 + id, notification_number: `30000000000000000${id}`, name: `Поставка ${id}` },
  contact: null,
  phone: '77015556677',
  duration: 65,
  outcome: 103,
  comment: 'Отказ',
  ...fields,
})

function setup(answer: (req: SentRequest) => unknown, path = '/tenders-call-list') {
  const i18n = createI18n('ru')
  i18n.addResourceBundle('ru', 'tenders', ru, true, true)
  const kit = listTestRuntime({ plugins: [tenders], path, answer, i18n })
  const profile: Profile = {
    id: 7,
    name: 'Попова Мария',
    full_name: 'Попова Мария',
    phone: '77001000150',
    email: null,
    role: 150,
    office_id: 1,
    settings: { services: { tender: true }, notify_messages: true, notify_events: true, is_agent: false },
    language: 'ru',
    sip: null,
    ws_connection_string: 'ws://localhost/api/v1/socket?ticket=t',
  }
  act(() => void kit.runtime.bus.emit('auth/profileLoaded', { profile, company: null }, 'api'))
  return kit
}

const dates = () =>
  within(screen.getByTestId('call-list-table'))
    .getAllByRole('rowheader')
    .map(c => c.textContent)

describe('/tenders-call-list', () => {
  it('lists the calls, filters by outcome in the URL, pages forward and back by cursor', async () => {
    const pages: Record<string, Page> = {
      '': { items: [item(3), item(2, { outcome: 102, duration: 0, contact: 'Иван' })], next_cursor: 'c2', employees: [{ id: 7, name: 'Попова Мария' }] },
      c2: { items: [item(1, { tender: null })], next_cursor: null, employees: [{ id: 7, name: 'Попова Мария' }] },
    }
    const kit = setup(req => (req.search.get('outcome') === '104' ? { items: [], next_cursor: null, employees: [] } : pages[req.search.get('cursor') ?? '']))
    render(kit.wrap(<CallListPage />))
    await waitFor(() => expect(dates()).toHaveLength(2))
    const table = within(screen.getByTestId('call-list-table'))
    expect(table.getByRole('link', { name: '№ 300000000000000003 — Поставка 3' }).getAttribute('href')).toBe('/tenders/43')
    expect(table.getAllByText('+7 (701) 555-66-77')).toHaveLength(2)
    expect(table.getByText('01:05')).toBeTruthy()
    expect(table.getByText('Не дозвонился')).toBeTruthy()
    expect(table.getByText('Иван')).toBeTruthy()

    const user = userEvent.setup()
    await user.click(screen.getByRole('button', { name: /Вперёд|Следующ/ }))
    await waitFor(() => expect(dates()).toHaveLength(1))
    expect(kit.history.at(-1)).toBe('/tenders-call-list?cursor=c2')
    expect(screen.getByText('Тендер удалён')).toBeTruthy()
    await user.click(screen.getByRole('button', { name: /Назад|Предыдущ/ }))
    await waitFor(() => expect(dates()).toHaveLength(2))

    await user.selectOptions(screen.getByRole('combobox', { name: 'Результат' }), '104')
    await screen.findByText('Нет звонков, подходящих под фильтры.')
    expect(Object.fromEntries(kit.sent.at(-1)!.search)).toEqual({ outcome: '104' })
    expect(kit.history.at(-1)).toBe('/tenders-call-list?outcome=104')

    // The search (a number or an employee) goes to the URL and the request with the filters, from the first page.
    await user.type(screen.getByRole('searchbox', { name: 'Поиск по звонкам' }), '701 555')
    act(() => kit.clock.advanceBy(300))
    await waitFor(() => expect(Object.fromEntries(kit.sent.at(-1)!.search)).toEqual({ q: '701 555', outcome: '104' }))
    expect(kit.history.at(-1)).toBe('/tenders-call-list?q=701+555&outcome=104')
  })

  it('says when the calls are by names similar to a mistyped employee, and nothing when the name is typed right', async () => {
    const answer = (similar: boolean) => (): Page => ({ items: [item(1, { employee: { id: 8, name: 'Оператор Б' } })], next_cursor: null, employees: [], ...(similar && { similar }) })
    const mistyped = setup(answer(true), '/tenders-call-list?q=%D0%BE%D0%BF%D0%B5%D1%80%D0%B5%D1%82%D0%BE%D1%80%20%D0%B1')
    const { unmount } = render(mistyped.wrap(<CallListPage />))
    await waitFor(() => expect(screen.getByText('«оперетор б» не найдено — показаны похожие имена')).toBeTruthy())
    unmount()
    const typedRight = setup(answer(false), '/tenders-call-list?q=%D0%BE%D0%BF%D0%B5%D1%80%D0%B0%D1%82%D0%BE%D1%80%20%D0%B1')
    render(typedRight.wrap(<CallListPage />))
    await waitFor(() => expect(dates()).toHaveLength(1))
    expect(screen.queryByText(/не найдено/)).toBeNull()
  })

  it('exports with the same filters: the button waits while the file is made, and says when it failed', async () => {
    let release: (value: unknown) => void = () => {}
    const kit = setup(req => {
      if (req.path === 'v1/tenders-call-list/export') return new Promise(resolve => (release = resolve))
      return { items: [], next_cursor: null, employees: [] }
    }, '/tenders-call-list?outcome=103&date_from=2026-11-01')
    render(kit.wrap(<CallListPage />))
    await screen.findByText('Нет звонков, подходящих под фильтры.')
    await userEvent.setup().click(screen.getByRole('button', { name: 'Выгрузить в Excel' }))
    const busy = await screen.findByRole('button', { name: /Готовим файл/ })
    expect(busy.hasAttribute('disabled') || busy.getAttribute('aria-disabled') === 'true').toBe(true)
    const sent = kit.sent.find(r => r.path === 'v1/tenders-call-list/export')!
    expect(Object.fromEntries(sent.search)).toEqual({ outcome: '103', date_from: '2026-11-01' })
    // An envelope where a file was expected is a failure.
    act(() => release({ result: false, message: 'Ошибка сервера' }))
    await screen.findByText('Не удалось выгрузить. Попробуйте ещё раз.')
    expect(screen.getByRole('button', { name: 'Выгрузить в Excel' })).toBeTruthy()
  })
})
