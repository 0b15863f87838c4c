// @vitest-environment happy-dom
import { act, cleanup, render, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, describe, expect, it, vi } from 'vitest'
import type { Profile, Role } from '../../../core/auth/profile'
import { createI18n } from '../../../core/i18n/i18n'
import { listTestRuntime, type SentRequest } from '../../../core/ui/list/testing'
import bids from '../../bids/index'
import clients from '../../clients/index'
import type { ChatUser, Lead, LeadDetails } from '../contract'
import ru from '../i18n/ru.json'
import leads from '../index'
import { leadAllowed } from '../workflow'
import LeadPage from './LeadPage'
import LeadUsersPage from './LeadUsersPage'

vi.setConfig({ testTimeout: 20_000 })
const actor = (role: number) => ({ id: 1, role: role as Role, office_id: null, tender: false, sip: false, impersonated: false })
afterEach(cleanup)

function kit(path: string, answer: (req: SentRequest) => unknown, role: Role = 170 as Role) {
  const i18n = createI18n('ru')
  i18n.addResourceBundle('ru', 'leads', ru, true, true)
  const k = listTestRuntime({ plugins: [leads, clients, bids], path, answer, i18n })
  const profile = {
    id: 1,
    name: 'Я',
    full_name: 'Вера Проверкина',
    phone: '77001000170',
    email: null,
    role,
    office_id: null,
    settings: { services: { tender: false }, notify_messages: true, notify_events: true, is_agent: false },
    language: 'ru',
    sip: null,
    ws_connection_string: 'ws://localhost/api/v1/socket?ticket=t',
  } as unknown as Profile
  act(() => void k.runtime.bus.emit('auth/profileLoaded', { profile, company: null }, 'api'))
  return k
}

const user = (chat_id: number, extra: Partial<ChatUser> = {}): ChatUser => ({
  chat_id,
  name: `Пользователь ${chat_id}`,
  phone: '77015553322',
  username: 'ivan',
  leads: 2,
  leads_new: 1,
  last_lead_at: '2026-11-01T10:00:00.000Z',
  created_at: '2026-10-01T10:00:00.000Z',
  ...extra,
})

const lead = (extra: Partial<Lead> = {}): Lead => ({
  id: 7,
  chat_id: 55,
  request: 'Лизинг самосвала',
  service: 8,
  amount: '7350000.50',
  company: 'ООО «Карьер»',
  inn: '7707083893',
  status: 0,
  comment: null,
  decline_reason: null,
  company_id: null,
  bid_id: null,
  created_at: '2026-11-01T10:00:00.000Z',
  updated_at: '2026-11-01T10:00:00.000Z',
  ...extra,
})

describe('/leads-users', () => {
  it('lists chat users with their counts, links each to its leads, and reads again when a lead arrives', async () => {
    const rows = [user(55)]
    const k = kit('/leads-users', () => ({ items: rows, total: rows.length }))
    render(k.wrap(<LeadUsersPage />))
    const table = await screen.findByTestId('lead-users-table')
    await waitFor(() => expect(within(table).getAllByRole('rowheader').map(c => c.textContent)).toEqual(['Пользователь 55']))
    expect(within(table).getByRole('link', { name: 'Пользователь 55' }).getAttribute('href')).toBe('/leads-users/55/leads')
    expect(within(table).getByText('+7 (701) 555-33-22')).toBeTruthy()
    expect(within(table).getByText('1 новый')).toBeTruthy()
    rows.unshift(user(-100500, { name: 'Новый из бота', leads: 1 }))
    act(() => void k.runtime.bus.emit('socket/action', { action: 'updateLeads', data: {} }, 'socket'))
    await waitFor(() => expect(within(screen.getByTestId('lead-users-table')).getAllByRole('rowheader').map(c => c.textContent)).toEqual(['Новый из бота', 'Пользователь 55']))
  })

  it('says when there are none, and when they could not be loaded', async () => {
    let fail = true
    const k = kit('/leads-users', () => (fail ? { result: false, message: 'Нет связи' } : { items: [], total: 0 }))
    render(k.wrap(<LeadUsersPage />))
    await screen.findByText('Не удалось загрузить пользователей чат-бота')
    fail = false
    await userEvent.setup().click(screen.getByRole('button', { name: 'Повторить' }))
    await screen.findByText('Чат-бот ещё не прислал ни одного лида')
  })
})

describe('/leads-users/{chat_id}/leads/{id}', () => {
  it('verifies, then turns the lead into a client and a bid draft with links to both', async () => {
    let current = lead()
    const answer = (req: SentRequest): unknown => {
      if (req.method === 'POST' && req.path.endsWith('/actions/verify')) current = { ...current, status: 1 }
      if (req.method === 'POST' && req.path.endsWith('/actions/convert')) current = { ...current, company_id: 31, bid_id: 42 }
      const details: LeadDetails = { user: user(55), lead: current, allowed: leadAllowed(current, actor(170)), history: [] }
      return details
    }
    const k = kit('/leads-users/55/leads/7', answer)
    render(k.wrap(<LeadPage params={{ chat_id: '55', id: '7' }} />))
    await screen.findByTestId('lead-page')
    expect(screen.getByTestId('lead-status').textContent).toBe('Новый')
    expect(screen.getByTestId('lead-fields').textContent).toContain('7\u00a0350\u00a0000,50\u00a0₽')
    expect(screen.getByTestId('lead-fields').textContent).toContain('Лизинг')
    const u = userEvent.setup()
    await u.click(screen.getByRole('button', { name: 'Проверен' }))
    await waitFor(() => expect(screen.getByTestId('lead-status').textContent).toBe('Проверен'))
    expect(k.sent.find(r => r.method === 'POST')?.path).toBe('v1/leads-users/55/leads/7/actions/verify')
    await u.click(screen.getByTestId('lead-convert'))
    const dialog = await screen.findByRole('dialog')
    expect((within(dialog).getByLabelText(/Услуга/) as HTMLSelectElement).value).toBe('8')
    await u.click(within(dialog).getByRole('button', { name: 'Создать' }))
    await screen.findByTestId('lead-converted')
    expect(k.sent.filter(r => r.method === 'POST').at(-1)).toMatchObject({ path: 'v1/leads-users/55/leads/7/actions/convert', body: { service_type: 8 } })
    expect(screen.getByTestId('lead-company-link').getAttribute('href')).toBe('/clients/31')
    expect(screen.getByTestId('lead-bid-link').getAttribute('href')).toBe('/bids/42')
    expect(screen.queryByTestId('lead-convert')).toBeNull()
  })

  it('declining asks for the reason first', async () => {
    let current = lead()
    const answer = (req: SentRequest): unknown => {
      if (req.method === 'POST') current = { ...current, status: 5, decline_reason: (req.body as { reason: string }).reason }
      return { user: user(55), lead: current, allowed: leadAllowed(current, actor(150)), history: [] } satisfies LeadDetails
    }
    const k = kit('/leads-users/55/leads/7', answer, 150 as Role)
    render(k.wrap(<LeadPage params={{ chat_id: '55', id: '7' }} />))
    await screen.findByTestId('lead-page')
    // 150 may not convert: no such button even once verified.
    expect(screen.queryByTestId('lead-convert')).toBeNull()
    const u = userEvent.setup()
    await u.click(screen.getByRole('button', { name: 'Отказать' }))
    const dialog = await screen.findByRole('dialog')
    await u.click(within(dialog).getByRole('button', { name: 'Подтвердить' }))
    expect(k.sent.some(r => r.method === 'POST')).toBe(false)
    await u.type(within(dialog).getByLabelText(/Причина отказа/), 'Не наш профиль')
    await u.click(within(dialog).getByRole('button', { name: 'Подтвердить' }))
    await waitFor(() => expect(screen.getByTestId('lead-status').textContent).toBe('Отказ'))
    expect(k.sent.find(r => r.method === 'POST')).toMatchObject({ path: 'v1/leads-users/55/leads/7/actions/decline', body: { reason: 'Не наш профиль' } })
  })

  it('a path that cannot be a lead says so', async () => {
    const k = kit('/leads-users/abc/leads/7', () => null)
    render(k.wrap(<LeadPage params={{ chat_id: 'abc', id: '7' }} />))
    await screen.findByTestId('lead-missing')
  })
})
