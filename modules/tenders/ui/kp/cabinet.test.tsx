// @vitest-environment happy-dom
import { act, cleanup, render, screen, waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { $rememberedPath } from '../../../../core/auth/model'
import type { Profile } from '../../../../core/auth/profile'
import { createI18n } from '../../../../core/i18n/i18n'
import { listTestRuntime, type SentRequest } from '../../../../core/ui/list/testing'
import ru from '../../i18n/ru.json'
import tenders from '../../index'
import type { CabinetOffer } from '../../kp/contract'
import CabinetPage from './CabinetPage'

vi.setConfig({ testTimeout: 30_000 })
afterEach(cleanup)

const TOKEN = 'a'.repeat(43)
const offer: CabinetOffer = {
  subject: 'Гарантия по закупке № 301',
  body: 'Поздравляем с победой!',
  sent_at: '2026-01-01T10:00:00.000Z',
  tender: { notification_number: '301', name: 'Поставка', customer_name: 'ГБУ', initial_price: 1000, contract_price: null, guarantee_amount: null, protocol_date: '2026-01-01' },
  winner: { name: 'ООО «Ромашка»', inn: '7700123459', kpp: null, email: 'w@example.com' },
  sender: { name: 'Сидорова Анна', phone: '77001000030', email: null },
  signed_in: false,
}

function kit(answer: (req: SentRequest) => unknown, path = `/cabinet?kp=${TOKEN}`) {
  const i18n = createI18n('ru')
  i18n.addResourceBundle('ru', 'tenders', ru, true, true)
  return listTestRuntime({ plugins: [tenders], path, answer, i18n })
}

describe('/cabinet', () => {
  it('shows the offer; Sign in remembers the page to land back on and opens /login', async () => {
    const k = kit(() => offer)
    render(k.wrap(<CabinetPage />))
    expect((await screen.findByTestId('cabinet-offer')).textContent).toBe('Поздравляем с победой!')
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Гарантия по закупке № 301')
    expect(screen.getAllByText(/ИНН 7700123459/).length).toBeGreaterThan(0)
    expect(screen.getByText('+7 (700) 100-00-30')).toBeTruthy()
    expect(k.sent.map(r => [r.method, r.path])).toEqual([['POST', `v1/tenders-kp/${TOKEN}/follow`]])
    await userEvent.setup().click(screen.getByTestId('cabinet-sign-in'))
    await waitFor(() => expect(k.history.at(-1)).toBe('/login'))
    expect(k.runtime.scope.getState($rememberedPath)).toBe(`/cabinet?kp=${TOKEN}`)
  })

  it('signed in, tells the server once and says so', async () => {
    const k = kit(req => (req.path.endsWith('/signed-in') ? { signed_in: true } : offer))
    const profile = { id: 5, name: 'Я', full_name: 'Я', phone: '77001000010', email: null, role: 10, office_id: null, settings: { services: { tender: false }, notify_messages: true, notify_events: true, is_agent: false }, language: 'ru', sip: null, ws_connection_string: 'ws://localhost/api/v1/socket?ticket=t' } as unknown as Profile
    act(() => void k.runtime.bus.emit('auth/profileLoaded', { profile, company: null }, 'api'))
    render(k.wrap(<CabinetPage />))
    expect(await screen.findByText('Вы вошли в кабинет: менеджер свяжется с вами по предложению.')).toBeTruthy()
    expect(k.sent.filter(r => r.path.endsWith('/signed-in'))).toHaveLength(1)
    expect(screen.getByRole('link', { name: 'Перейти в кабинет' }).getAttribute('href')).toBe(`/company?name=${encodeURIComponent('ООО «Ромашка»').replace(/%20/g, '+')}&inn=7700123459`)
  })

  it('says when the link is not ours or has expired, without asking for a malformed one', async () => {
    const bad = kit(() => null, '/cabinet?kp=short')
    render(bad.wrap(<CabinetPage />))
    expect((await screen.findByRole('alert')).textContent).toContain('Ссылка недействительна')
    expect(bad.sent).toEqual([])
    cleanup()

    const expired = kit(() => ({ result: false, message: 'истёк', code: 410 }))
    render(expired.wrap(<CabinetPage />))
    expect((await screen.findByRole('alert')).textContent).toContain('Срок действия ссылки истёк')
    cleanup()

    const forged = kit(() => ({ result: false, message: 'нет', code: 404 }))
    render(forged.wrap(<CabinetPage />))
    expect((await screen.findByRole('alert')).textContent).toContain('Ссылка недействительна')
  })
})
