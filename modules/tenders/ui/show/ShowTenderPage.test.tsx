// @vitest-environment happy-dom
import { act, cleanup, render, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, describe, expect, it } from 'vitest'
import ShowTenderPage from './ShowTenderPage'
import { answerTender, tenderServer } from './fixture'
import { answerWith, tenderTestRuntime, type Sent } from './testRuntime'

afterEach(cleanup)

async function open(answer = answerTender(tenderServer()), id = '1') {
  const kit = tenderTestRuntime(answer, `/tenders/${id}`)
  const dialed: unknown[] = []
  kit.runtime.commands.register('callcenter/dial', payload => void dialed.push(payload))
  render(kit.wrap(<ShowTenderPage params={{ id }} />))
  return { ...kit, dialed }
}

describe('ShowTender /tenders/{id}', () => {
  it('shows the winner, the tender, the participation, contacts, callbacks and history', async () => {
    await open()
    await screen.findByTestId('tender-screen')
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Закупка № 0373100000126000001')
    const winner = screen.getByTestId('tender-winner')
    expect(within(winner).getByText('ООО «Вектор-17»')).toBeTruthy()
    expect(within(winner).getByText('770101001')).toBeTruthy()
    expect(within(winner).getByText('+7 (910) 123-45-67')).toBeTruthy()
    const card = screen.getByTestId('tender-card')
    expect(card.querySelector('[data-field="federal_law"]')!.textContent).toBe('44-ФЗ')
    expect(card.querySelector('[data-field="guarantee_amount"]')!.textContent).toMatch(/55\s000/)
    expect(within(screen.getByTestId('tender-participation')).getByRole('link', { name: '№ 0373100000126000002' }).getAttribute('href')).toBe('/tenders/2')
    await waitFor(() => expect(screen.getAllByTestId('tender-contact')).toHaveLength(1))
    expect(screen.getByTestId('tender-contact').textContent).toContain('Лицо, принимающее решение')
    expect(screen.getByTestId('tender-callback').textContent).toContain('Оператор Ольга')
    expect(screen.getByTestId('tender-history').textContent).toContain('Взята в работу')
  })

  it('calls a phone through the call panel with this tender as the page', async () => {
    const kit = await open()
    await screen.findByTestId('tender-screen')
    await waitFor(() => expect(screen.getAllByTestId('tender-call')).toHaveLength(2))
    await userEvent.click(screen.getByRole('button', { name: 'Позвонить: ООО «Вектор-17», +7 (910) 123-45-67' }))
    expect(kit.dialed).toEqual([{ phone: '+7 (910) 123-45-67', page: 'tender', page_id: 1 }])
    await userEvent.click(screen.getByRole('button', { name: 'Позвонить: Иван Петров, +7 (910) 111-22-33' }))
    expect(kit.dialed[1]).toEqual({ phone: '+7 (910) 111-22-33', page: 'tender', page_id: 1 })
  })

  it('checks a comment before sending it, then posts it and reads the comments again', async () => {
    const server = tenderServer()
    const base = answerTender(server)
    const kit = await open((req: Sent) => {
      if (req.method === 'POST' && req.path === 'v1/tenders/1/comments') {
        const text = (req.body as { text: string }).text
        server.comments = [{ id: 9, text, user: { id: 7, name: 'Я' }, created_at: '2026-11-20T10:00:00.000Z' }]
        return server.comments[0]
      }
      return base(req)
    })
    await screen.findByTestId('tender-screen')
    await userEvent.click(screen.getByRole('button', { name: 'Добавить комментарий' }))
    expect(await screen.findByText('Обязательное поле')).toBeTruthy()
    expect(kit.sent.filter(r => r.method === 'POST')).toEqual([])
    await userEvent.type(screen.getByLabelText(/Комментарий/), '  Просили КП до пятницы ')
    await userEvent.click(screen.getByRole('button', { name: 'Добавить комментарий' }))
    await waitFor(() => expect(screen.getAllByTestId('tender-comment')).toHaveLength(1))
    expect(kit.sent.find(r => r.method === 'POST')!.body).toEqual({ text: 'Просили КП до пятницы' })
    expect(screen.getByTestId('tender-comment').textContent).toContain('Просили КП до пятницы')
  })

  it('marks a callback done', async () => {
    const server = tenderServer()
    const base = answerTender(server)
    await open((req: Sent) => {
      if (req.method === 'POST' && req.path === 'v1/tenders/1/callbacks/4/done') {
        server.callbacks = server.callbacks.map(c => ({ ...c, done: true }))
        return server.callbacks[0]
      }
      return base(req)
    })
    await waitFor(() => expect(screen.getAllByTestId('tender-callback')).toHaveLength(1))
    await userEvent.click(within(screen.getByTestId('tender-callback')).getByRole('button'))
    await waitFor(() => expect(screen.getByTestId('tender-callback').getAttribute('data-done')).toBe('true'))
  })

  it('toggles the favourite and takes the tender to work with the registry’s commands and toasts', async () => {
    const server = tenderServer()
    const base = answerTender(server)
    const kit = await open((req: Sent) => {
      if (req.method === 'POST' && req.path === 'v1/tenders/1/favourite') {
        server.tender = { ...server.tender, favourite: !server.tender.favourite }
        return { favourite: server.tender.favourite }
      }
      if (req.method === 'POST' && req.path === 'v1/tenders/1/take') {
        server.tender = { ...server.tender, taken_by: { id: 7, name: 'Я' } }
        return { taken_by: { id: 7, name: 'Я' } }
      }
      return base(req)
    })
    const toasts: string[] = []
    kit.runtime.bus.on('toast/shown').subscribe(e => void toasts.push((e.payload as { text: string }).text))
    await screen.findByTestId('tender-screen')
    await userEvent.click(screen.getByTestId('tender-favourite'))
    await waitFor(() => expect(screen.getByTestId('tender-favourite').getAttribute('aria-pressed')).toBe('true'))
    expect(toasts).toEqual(['tenders:registry.favouriteOn'])
    await userEvent.click(screen.getByTestId('tender-take'))
    await waitFor(() => expect(screen.getByTestId('tender-taken').textContent).toBe('В работе у вас'))
    expect(toasts).toEqual(['tenders:registry.favouriteOn', 'tenders:registry.taken'])
  })

  it('reads the tender again after a refused take, so it says who has it', async () => {
    const server = tenderServer()
    const base = answerTender(server)
    await open((req: Sent) => {
      if (req.method === 'POST' && req.path === 'v1/tenders/1/take') {
        server.tender = { ...server.tender, taken_by: { id: 8, name: 'Кузнецов Олег' } }
        return answerWith(409, { result: false, message: 'В работе у Кузнецов Олег' })
      }
      return base(req)
    })
    await screen.findByTestId('tender-screen')
    await userEvent.click(screen.getByTestId('tender-take'))
    await waitFor(() => expect(screen.getByTestId('tender-taken').textContent).toBe('В работе у Кузнецов Олег'))
  })

  it('says so for a tender that is not there, and offers a retry when loading failed', async () => {
    await open(answerTender(tenderServer()), '5')
    expect(await screen.findByTestId('tender-missing')).toBeTruthy()
    cleanup()
    let fail = true
    const base = answerTender(tenderServer())
    await open((req: Sent) => (fail && req.path === 'v1/tenders/1' ? answerWith(500, { result: false, message: 'Сервер недоступен' }) : base(req)))
    expect(await screen.findByTestId('tender-failed')).toBeTruthy()
    fail = false
    await act(async () => screen.getByRole('button', { name: 'Повторить' }).click())
    expect(await screen.findByTestId('tender-screen')).toBeTruthy()
  })
})
