// @vitest-environment happy-dom
import { act, cleanup, render, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, describe, expect, it, vi } from 'vitest'
import type { Profile, Role } from '../../../core/auth/profile'
import { createI18n } from '../../../core/i18n/i18n'
import { listTestRuntime, type SentRequest } from '../../../core/ui/list/testing'
import bids from '../../bids/index'
import clients from '../../clients/index'
import type { ChatUser, Lead, LeadAgent, LeadConversion, LeadDetails } from '../contract'
import ru from '../i18n/ru.json'
import leads from '../index'
import { leadAllowed } from '../workflow'
import LeadPage, { ConvertDialog } from './LeadPage'
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
    const k = kit('/leads-users', () => ({ items: rows, total: rows.length, total_estimated: false, next: null, prev: null }))
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

  it('pages by the server\'s cursors, kept in the URL', async () => {
    const k = kit('/leads-users', (req: SentRequest) => {
      const at = req.search.get('cursor')
      const page = at === 'p2' ? [user(2)] : [user(1)]
      return { items: page, total: 2, total_estimated: false, next: at === 'p2' ? null : 'p2', prev: at === 'p2' ? 'p1' : null }
    })
    render(k.wrap(<LeadUsersPage />))
    await waitFor(() => expect(within(screen.getByTestId('lead-users-table')).getAllByRole('rowheader').map(c => c.textContent)).toEqual(['Пользователь 1']))
    await userEvent.setup().click(within(screen.getByTestId('pager')).getByRole('button', { name: 'Вперёд' }))
    await waitFor(() => expect(within(screen.getByTestId('lead-users-table')).getAllByRole('rowheader').map(c => c.textContent)).toEqual(['Пользователь 2']))
    expect(k.history.at(-1)).toBe('/leads-users?cursor=p2')
    expect(Object.fromEntries(k.sent.filter(r => r.path === 'v1/leads-users').at(-1)!.search)).toEqual({ page: '1', limit: '20', cursor: 'p2' })
  })

  it('says when there are none, and when they could not be loaded', async () => {
    let fail = true
    const k = kit('/leads-users', () => (fail ? { result: false, message: 'Нет связи' } : { items: [], total: 0, total_estimated: false, next: null, prev: null }))
    render(k.wrap(<LeadUsersPage />))
    await screen.findByText('Не удалось загрузить пользователей чат-бота')
    fail = false
    await userEvent.setup().click(screen.getByRole('button', { name: 'Повторить' }))
    await screen.findByText('Чат-бот ещё не прислал ни одного лида')
  })
})

const AGENTS: LeadAgent[] = [
  { id: 30, name: 'Сидорова Анна', role: 30, office: { id: 1, name: 'Центральный офис' } },
  { id: 35, name: 'Орлов Пётр', role: 35, office: { id: 1, name: 'Центральный офис' } },
  { id: 31, name: 'Кузнецов Иван', role: 30, office: null },
]

const converted = (bidVisible: boolean): LeadConversion => ({
  company: { id: 31, name: 'ООО «Карьер»' },
  bid: { id: 42, status: bidVisible ? 1 : 0, visible: bidVisible },
  agent: { id: 30, name: 'Сидорова Анна', office: 'Центральный офис' },
  converted_at: '2026-11-01T11:00:00.000Z',
  converted_by: { id: 1, name: 'Вера Проверкина' },
})

describe('/leads-users/{chat_id}/leads/{id}', () => {
  it('verifies, then turns the lead into a client and a bid draft kept by the chosen agent; the verifier gets no dead links', async () => {
    let current = lead()
    let conversion: LeadConversion | null = null
    const answer = (req: SentRequest): unknown => {
      if (req.path === 'v1/leads/agents') return { items: AGENTS }
      if (req.method === 'POST' && req.path.endsWith('/actions/verify')) current = { ...current, status: 1 }
      if (req.method === 'POST' && req.path.endsWith('/actions/convert')) {
        current = { ...current, company_id: 31, bid_id: 42 }
        conversion = converted(false)
      }
      const details: LeadDetails = { user: user(55), lead: current, conversion, allowed: leadAllowed(current, actor(170)), history: [] }
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
    await u.click(within(dialog).getByRole('combobox', { name: /Агент/ }))
    await u.click(await screen.findByRole('option', { name: 'Сидорова Анна — Центральный офис' }))
    await u.click(within(dialog).getByRole('button', { name: 'Создать' }))
    await screen.findByTestId('lead-converted')
    expect(k.sent.filter(r => r.method === 'POST').at(-1)).toMatchObject({ path: 'v1/leads-users/55/leads/7/actions/convert', body: { service_type: 8, agent_id: 30 } })
    // 170 opens neither /clients/{id} (agents and the administrator) nor a draft never submitted: names, no links.
    expect(screen.queryByTestId('lead-company-link')).toBeNull()
    expect(screen.queryByTestId('lead-bid-link')).toBeNull()
    expect(screen.getByTestId('lead-company-text').textContent).toBe('ООО «Карьер» (№31)')
    expect(screen.getByTestId('lead-bid-text').textContent).toBe('Заявка № 42')
    expect(screen.getByTestId('lead-converted').textContent).toContain('здесь заявка откроется, когда агент отправит её на проверку')
    expect(screen.getByTestId('lead-agent').textContent).toBe('Сидорова Анна, Центральный офис')
    expect(screen.queryByTestId('lead-convert')).toBeNull()
  })

  it('links the company and a submitted bid for the administrator, but not a draft', async () => {
    let visible = false
    const current = lead({ status: 1, company_id: 31, bid_id: 42 })
    const answer = (): LeadDetails => ({ user: user(55), lead: current, conversion: converted(visible), allowed: [], history: [] })
    const k = kit('/leads-users/55/leads/7', answer, 100 as Role)
    render(k.wrap(<LeadPage params={{ chat_id: '55', id: '7' }} />))
    await screen.findByTestId('lead-converted')
    expect(screen.getByTestId('lead-company-link').getAttribute('href')).toBe('/clients/31')
    expect(screen.queryByTestId('lead-bid-link')).toBeNull()
    expect(screen.getByTestId('lead-bid-text').textContent).toBe('Заявка № 42')
    visible = true
    act(() => void k.runtime.bus.emit('socket/action', { action: 'updateLeads', data: {} }, 'socket'))
    await waitFor(() => expect(screen.getByTestId('lead-bid-link').getAttribute('href')).toBe('/bids/42'))
    expect(screen.getByTestId('lead-converted').textContent).not.toContain('откроется')
  })

  it('declining asks for the reason first', async () => {
    let current = lead()
    const answer = (req: SentRequest): unknown => {
      if (req.method === 'POST') current = { ...current, status: 5, decline_reason: (req.body as { reason: string }).reason }
      return { user: user(55), lead: current, conversion: null, allowed: leadAllowed(current, actor(150)), history: [] } satisfies LeadDetails
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

describe('the convert dialog', () => {
  function open(answer: (req: SentRequest) => unknown, extra: Partial<Lead> = {}) {
    const k = kit('/leads-users/55/leads/7', answer)
    const onConvert = vi.fn<(body: unknown) => Promise<void>>(async () => {})
    const onClose = vi.fn()
    render(k.wrap(<ConvertDialog lead={lead({ status: 1, ...extra })} onClose={onClose} onConvert={onConvert} />))
    return { k, onConvert, onClose }
  }

  it('lists the active agents with their offices and asks for one before anything is sent', async () => {
    const { onConvert } = open(() => ({ items: AGENTS }), { company: null, service: null })
    const dialog = await screen.findByRole('dialog')
    const agent = within(dialog).getByRole('combobox', { name: /Агент/ }) as HTMLInputElement
    expect(agent.getAttribute('aria-required')).toBe('true')
    const u = userEvent.setup()
    await u.click(within(dialog).getByRole('button', { name: 'Создать' }))
    expect(onConvert).not.toHaveBeenCalled()
    expect(agent.getAttribute('aria-invalid')).toBe('true')
    expect(dialog.textContent).toContain('Выберите агента, который будет вести клиента')
    await u.click(agent)
    const options = await screen.findAllByRole('option')
    expect(options.map(o => o.textContent)).toEqual([
      'Сидорова Анна — Центральный офис',
      'Орлов Пётр (руководитель агентов) — Центральный офис',
      'Кузнецов Иван — без офиса',
    ])
    await u.click(options[2]!)
    expect(agent.value).toBe('Кузнецов Иван — без офиса')
    expect(agent.getAttribute('aria-invalid')).toBeNull()
    await u.selectOptions(within(dialog).getByLabelText(/Услуга/), '5')
    await u.type(within(dialog).getByLabelText(/Название компании/), ' ИП Иванов ')
    await u.click(within(dialog).getByRole('button', { name: 'Создать' }))
    expect(onConvert).toHaveBeenCalledWith({ agent_id: 31, service_type: 5, company_name: 'ИП Иванов' })
  })

  it('finds an agent by the typed name on the server (debounced), says when the names are a typo’s', async () => {
    const FAR: LeadAgent = { id: 77, name: 'Сидоров Пётр', role: 30, office: { id: 4, name: 'Дальний офис' } }
    const { k, onConvert } = open(req => {
      const search = req.search.get('search')
      if (search === 'сидор') return { items: [FAR] }
      if (search === 'сидороф') return { items: [FAR], similar: true }
      return { items: AGENTS }
    })
    const dialog = await screen.findByRole('dialog')
    const agent = within(dialog).getByRole('combobox', { name: /Агент/ }) as HTMLInputElement
    const asked = () => k.sent.filter(r => r.path === 'v1/leads/agents').map(r => r.search.get('search'))
    const u = userEvent.setup()
    await u.type(agent, 'сидороф')
    expect(asked()).not.toContain('сидороф')
    act(() => k.clock.advanceBy(250))
    await waitFor(() => expect(asked()).toContain('сидороф'))
    await within(dialog).findByText('«сидороф» не найдено — показаны похожие имена')
    await u.clear(agent)
    await u.type(agent, 'сидор')
    act(() => k.clock.advanceBy(250))
    await u.click(await screen.findByRole('option', { name: 'Сидоров Пётр — Дальний офис' }))
    expect(within(dialog).queryByText(/показаны похожие имена/)).toBeNull()
    expect(agent.value).toBe('Сидоров Пётр — Дальний офис')
    await u.click(within(dialog).getByRole('button', { name: 'Создать' }))
    expect(onConvert).toHaveBeenCalledWith({ agent_id: 77, service_type: 8 })
  })

  it('a refused agent (switched off meanwhile) is shown at the field and the list is read again', async () => {
    let calls = 0
    const { onConvert } = open(() => {
      calls += 1
      return { items: calls === 1 ? AGENTS : AGENTS.slice(1) }
    })
    onConvert.mockRejectedValueOnce({ result: false, message: 'Ошибка ввода', validation: { agent_id: 'Выберите активного агента' } })
    const dialog = await screen.findByRole('dialog')
    const agent = within(dialog).getByRole('combobox', { name: /Агент/ })
    const u = userEvent.setup()
    await u.click(agent)
    await u.click(await screen.findByRole('option', { name: 'Сидорова Анна — Центральный офис' }))
    await u.click(within(dialog).getByRole('button', { name: 'Создать' }))
    await waitFor(() => expect(dialog.textContent).toContain('Выберите активного агента'))
    expect(agent.getAttribute('aria-invalid')).toBe('true')
    await waitFor(() => expect(calls).toBe(2))
  })

  it('says when the agents could not be loaded (retry) and when there are none (nothing to confirm)', async () => {
    let reply: unknown = { result: false, message: 'Нет связи' }
    open(() => reply)
    const dialog = await screen.findByRole('dialog')
    await waitFor(() => expect(dialog.textContent).toContain('Не удалось загрузить список агентов'))
    reply = { items: [] }
    await userEvent.setup().click(within(dialog).getByRole('button', { name: 'Повторить' }))
    await waitFor(() => expect(dialog.textContent).toContain('Нет активных агентов: клиента некому передать'))
    expect(within(dialog).getByRole('button', { name: 'Создать' }).hasAttribute('disabled') || within(dialog).getByRole('button', { name: 'Создать' }).getAttribute('aria-disabled') === 'true').toBe(true)
  })
})
