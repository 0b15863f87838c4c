// @vitest-environment happy-dom
import { act, cleanup, render, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { createI18n } from '../../../../core/i18n/i18n'
import { listTestRuntime, type SentRequest } from '../../../../core/ui/list/testing'
import en from '../../i18n/en.json'
import ru from '../../i18n/ru.json'
import serverEn from '../../server/i18n/en.json'
import serverRu from '../../server/i18n/ru.json'
import tenders from '../../index'
import type { KpItem, KpLetter } from '../../kp/contract'
import KpPage from './KpPage'
import { SendOfferButton } from './SendOfferButton'

vi.setConfig({ testTimeout: 30_000 })
afterEach(cleanup)

function kit(answer: (req: SentRequest) => unknown, path = '/', lang: 'ru' | 'en' = 'ru') {
  const i18n = createI18n(lang)
  i18n.addResourceBundle(lang, 'tenders', lang === 'ru' ? ru : en, true, true)
  return listTestRuntime({ plugins: [tenders], path, answer, i18n })
}

const item = (id: number, patch: Partial<KpItem> = {}): KpItem => ({
  id,
  kind: 55,
  state: 'sent',
  email: `w${id}@example.com`,
  subject: 'КП',
  tender: { id: 100 + id, notification_number: `30000${id}`, name: `Поставка ${id}`, winner_name: `ООО «Победа-${id}»`, winner_inn: '7700123459' },
  sender: { id: 30, name: 'Сидорова Анна' },
  sent_at: '2026-01-01T10:00:00.000Z',
  expires_at: '2026-01-31T10:00:00.000Z',
  opened_at: null,
  followed_at: null,
  signed_in_at: null,
  ...patch,
})

describe('the packs', () => {
  it('have the same KP keys in ru and en', () => {
    const keys = (o: unknown, prefix = ''): string[] =>
      typeof o === 'object' && o !== null ? Object.entries(o).flatMap(([k, v]) => keys(v, `${prefix}${k}.`)) : [prefix]
    expect(keys(en.kp).sort()).toEqual(keys(ru.kp).sort())
    expect(keys(serverEn.notifications).sort()).toEqual(keys(serverRu.notifications).sort())
  })
})

describe('SendOfferButton', () => {
  it('checks the form, previews the server’s letter, then sends the same form', async () => {
    const letter: KpLetter = { email: 'boss@winner.example', subject: 'Гарантия', text: 'Текст', html: '<p>Письмо</p>' }
    const k = kit(req => (req.path.endsWith('/preview') ? letter : { id: 1, email: 'boss@winner.example' }))
    const sent = vi.fn()
    render(k.wrap(<SendOfferButton tender={{ id: 7, winner_email: 'w@example.com' }} onSent={sent} />))
    const user = userEvent.setup()
    await user.click(screen.getByTestId('kp-send-open'))
    const dialog = await screen.findByTestId('kp-dialog')
    // A custom KP needs its text: refused before any request.
    await user.selectOptions(within(dialog).getByLabelText(/Предложение/), '5')
    await user.click(screen.getByTestId('kp-preview'))
    expect(await within(dialog).findByText('Обязательное поле')).toBeTruthy()
    expect(k.sent).toEqual([])

    await user.type(within(dialog).getByLabelText(/Текст предложения/), 'Предлагаем гарантию')
    await user.type(within(dialog).getByLabelText(/E-mail победителя/), 'boss@winner.example')
    await user.click(screen.getByTestId('kp-preview'))
    await screen.findByTestId('kp-letter')
    expect(screen.getByText('Кому: boss@winner.example')).toBeTruthy()
    expect(screen.getByTitle('Письмо').getAttribute('srcdoc')).toBe('<p>Письмо</p>')
    await user.click(screen.getByTestId('kp-send'))
    await waitFor(() => expect(sent).toHaveBeenCalled())
    const form = { kind: 5, email: 'boss@winner.example', subject: '', body: 'Предлагаем гарантию' }
    expect(k.sent.map(r => [r.method, r.path, r.body])).toEqual([
      ['POST', 'v1/tenders/7/kp/preview', form],
      ['POST', 'v1/tenders/7/kp', form],
    ])
  })

  it('goes back to the form with the server’s field messages', async () => {
    const k = kit(req => (req.path.endsWith('/preview') ? { email: 'x', subject: 's', text: 't', html: '' } : { result: false, message: 'Ошибка', validation: { email: 'Неверный e-mail' } }))
    render(k.wrap(<SendOfferButton tender={{ id: 7, winner_email: 'w@example.com' }} />))
    const user = userEvent.setup()
    await user.click(screen.getByTestId('kp-send-open'))
    await user.click(await screen.findByTestId('kp-preview'))
    await user.click(await screen.findByTestId('kp-send'))
    expect(await screen.findByText('Неверный e-mail')).toBeTruthy()
    expect(screen.getByTestId('kp-preview')).toBeTruthy()
  })
})

describe('/tenders-kp', () => {
  it('shows each KP’s tracking, filters by state in the URL, pages by cursor and sends again', async () => {
    const k = kit(req => {
      if (req.path === 'v1/tenders-kp/2/resend') return { id: 3 }
      if (req.search.get('cursor') === '2') return { items: [item(1)], next_cursor: null }
      return { items: [item(2, { state: 'followed', opened_at: '2026-01-02T10:00:00.000Z', followed_at: '2026-01-02T10:05:00.000Z' })], next_cursor: '2' }
    }, '/tenders-kp')
    render(k.wrap(<KpPage />))
    const tracking = await screen.findByTestId('kp-tracking')
    expect(tracking.getAttribute('data-state')).toBe('followed')
    expect(tracking.textContent).toMatch(/Открыто .*Переход по ссылке /)
    expect(screen.getByText('ООО «Победа-2»')).toBeTruthy()

    const user = userEvent.setup()
    await user.click(screen.getByRole('button', { name: 'Отправить снова' }))
    await waitFor(() => expect(k.sent.some(r => r.method === 'POST' && r.path === 'v1/tenders-kp/2/resend')).toBe(true))

    await user.click(screen.getByTestId('kp-tab-opened'))
    await waitFor(() => expect(k.history.at(-1)).toBe('/tenders-kp?state=opened'))
    expect(k.sent.at(-1)!.search.get('state')).toBe('opened')

    await act(async () => void k.runtime.dispatch('app/navigate', { to: '/tenders-kp' }))
    await user.click(await screen.findByRole('button', { name: /Вперёд|Далее|Следующ/ }))
    await waitFor(() => expect(k.sent.at(-1)!.search.get('cursor')).toBe('2'))
    expect(await screen.findByText('ООО «Победа-1»')).toBeTruthy()
  })
})
