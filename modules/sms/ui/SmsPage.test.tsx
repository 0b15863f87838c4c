// @vitest-environment happy-dom
import { act, cleanup, render, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { createI18n } from '../../../core/i18n/i18n'
import { listTestRuntime, type SentRequest } from '../../../core/ui/list/testing'
import sms from '../index'
import ru from '../i18n/ru.json'
import type { SmsItem } from '../contract'
import SmsPage from './SmsPage'

// react-aria's collections take seconds in happy-dom on a busy machine.
vi.setConfig({ testTimeout: 20_000 })

afterEach(cleanup)

const item = (id: number, status: 1 | 2 | 3, extra: Partial<SmsItem> = {}): SmsItem => ({
  id,
  phone: `7701111000${id}`,
  text: 'Код регистрации: ••••',
  status,
  error: status === 3 ? 'SMS gateway answered 503: down' : null,
  attempts: status === 1 ? 0 : 5,
  created_at: '2026-11-01T10:00:00.000Z',
  sent_at: status === 2 ? '2026-11-01T10:01:00.000Z' : null,
  ...extra,
})

function setup(path: string, answer: (req: SentRequest) => unknown) {
  const i18n = createI18n('ru')
  i18n.addResourceBundle('ru', 'sms', ru, true, true)
  const kit = listTestRuntime({ plugins: [sms], path, answer, i18n })
  const toasts: { kind: string; text: string }[] = []
  kit.runtime.bus.on('toast/shown').subscribe(event => toasts.push({ kind: event.payload.kind, text: i18n.t(event.payload.text) }))
  return { ...kit, toasts }
}

const recipients = () =>
  within(screen.getByTestId('sms-table'))
    .getAllByRole('rowheader')
    .map(c => c.textContent)

describe('/sms: the SMS outbox for administrators', () => {
  it('shows each SMS with its masked text, status, error and attempts; filters by status and searches by phone', async () => {
    let rows = [item(3, 3), item(2, 2), item(1, 1)]
    const kit = setup('/sms', req => {
      const status = req.search.get('status')
      const found = status ? rows.filter(r => String(r.status) === status) : rows
      return { items: found, total: found.length, total_estimated: false, next: null, prev: null }
    })
    render(kit.wrap(<SmsPage />))
    await waitFor(() => expect(recipients()).toEqual(['+7 (701) 111-00-03', '+7 (701) 111-00-02', '+7 (701) 111-00-01']))
    expect(screen.getByText(/Всего: 3/)).toBeTruthy()
    const failedRow = screen.getAllByRole('row')[1]!
    expect(within(failedRow).getByText('Ошибка')).toBeTruthy()
    expect(within(failedRow).getByText('SMS gateway answered 503: down')).toBeTruthy()
    expect(within(failedRow).getByText('Код регистрации: ••••')).toBeTruthy()
    expect(within(screen.getAllByRole('row')[2]!).getByText('Отправлено', { selector: '[data-badge]' })).toBeTruthy()
    // Only the failed SMS can be sent again.
    expect(screen.getAllByRole('button', { name: /^Отправить снова SMS/ })).toHaveLength(1)

    const user = userEvent.setup()
    await user.click(within(screen.getByRole('group', { name: 'Статус' })).getByRole('button', { name: 'Ошибка' }))
    await waitFor(() => expect(recipients()).toEqual(['+7 (701) 111-00-03']))
    expect(Object.fromEntries(kit.sent.at(-1)!.search)).toEqual({ page: '1', limit: '20', status: '3' })
    expect(kit.history.at(-1)).toBe('/sms?status=3')

    await user.type(screen.getByRole('searchbox', { name: 'Телефон получателя' }), '+7 (701) 111')
    act(() => kit.clock.advanceBy(300))
    await waitFor(() => expect(Object.fromEntries(kit.sent.at(-1)!.search)).toEqual({ page: '1', limit: '20', status: '3', search: '+7 (701) 111' }))

    rows = []
    await user.click(within(screen.getByRole('group', { name: 'Статус' })).getByRole('button', { name: 'Новое' }))
    await screen.findByText('Нет SMS по этому фильтру')
  })

  it('pages by the server\'s cursors kept in the URL, and says "about" a total the server estimated', async () => {
    const kit = setup('/sms', req =>
      req.search.get('cursor') === 'older'
        ? { items: [item(1, 2)], total: 5300, total_estimated: true, next: null, prev: 'newer' }
        : { items: [item(2, 2)], total: 5300, total_estimated: true, next: 'older', prev: null },
    )
    render(kit.wrap(<SmsPage />))
    await waitFor(() => expect(recipients()).toEqual(['+7 (701) 111-00-02']))
    expect(screen.getByText(/^Всего: около 5\s?300/)).toBeTruthy()
    await userEvent.setup().click(within(screen.getByTestId('pager')).getByRole('button', { name: 'Вперёд' }))
    await waitFor(() => expect(recipients()).toEqual(['+7 (701) 111-00-01']))
    expect(kit.history.at(-1)).toBe('/sms?cursor=older')
    expect(Object.fromEntries(kit.sent.at(-1)!.search)).toEqual({ page: '1', limit: '20', cursor: 'older' })
  })

  it('resends a failed SMS with a toast and reads the page again', async () => {
    let resent = false
    const kit = setup('/sms', req => {
      if (req.method === 'POST') {
        resent = true
        return item(3, 1, { attempts: 0, error: 'SMS gateway answered 503: down' })
      }
      return { items: [resent ? item(3, 1, { attempts: 0 }) : item(3, 3)], total: 1, total_estimated: false, next: null, prev: null }
    })
    render(kit.wrap(<SmsPage />))
    const button = await screen.findByRole('button', { name: 'Отправить снова SMS на +7 (701) 111-00-03' })
    await userEvent.setup().click(button)
    await waitFor(() => expect(kit.toasts).toEqual([{ kind: 'success', text: 'SMS снова поставлено в очередь на отправку' }]))
    expect(kit.sent.find(r => r.method === 'POST')?.path).toBe('v1/sms/3/resend')
    await waitFor(() => expect(screen.queryByRole('button', { name: /^Отправить снова/ })).toBeNull())
    expect(within(screen.getAllByRole('row')[1]!).getByText('Новое')).toBeTruthy()
  })

  it('says when there are no SMS, and when they could not be loaded (with a retry)', async () => {
    let fail = true
    const kit = setup('/sms', () => (fail ? { result: false, message: 'Нет связи' } : { items: [], total: 0 }))
    render(kit.wrap(<SmsPage />))
    await screen.findByText('Не удалось загрузить SMS')
    fail = false
    await userEvent.setup().click(screen.getByRole('button', { name: 'Повторить' }))
    await screen.findByText('SMS пока нет')
  })
})
