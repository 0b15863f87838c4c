// @vitest-environment happy-dom
import { act, cleanup, render, screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, describe, expect, it } from 'vitest'
import { PeopleSection } from './PeopleSection'
import { DocumentsSection } from './DocumentsSection'
import { testRuntime } from './testRuntime'

afterEach(cleanup)

/** SPEC §8: each section that fails to load says which one and offers a retry; the others are not affected. */
describe('section loading errors', () => {
  it('shows "could not load the heads" with a retry that asks again, while the owners section shows its own state', async () => {
    const { runtime, sent, wrap } = await testRuntime(req =>
      req.path.endsWith('/persons') ? { result: false, message: 'Сервер недоступен' } : { result: true, data: [] },
    )
    await act(async () => {
      runtime.bus.emit('clients/companyOpened', { companyId: 5 }, 'ui')
      await runtime.dispatch('clients/loadSection', { companyId: 5, section: 'persons' })
      await runtime.dispatch('clients/loadSection', { companyId: 5, section: 'owners' })
    })
    render(wrap(<PeopleSection companyId={5} kind="legal" />))
    expect(screen.getByText('Не удалось загрузить руководителей')).toBeTruthy()
    expect(screen.getByText('Сервер недоступен')).toBeTruthy()
    expect(screen.getByText('Владельцы не указаны')).toBeTruthy()
    const before = sent.filter(r => r.path === 'v1/companies/5/persons').length
    await userEvent.setup().click(screen.getByRole('button', { name: 'Повторить' }))
    expect(sent.filter(r => r.path === 'v1/companies/5/persons').length).toBe(before + 1)
  })

  it('says which documents are still missing for completeness, and that documents and licences fail separately', async () => {
    const { runtime, wrap } = await testRuntime(req => (req.path.endsWith('/licences') ? { result: false, message: 'Ошибка' } : { result: true, data: [] }))
    await act(async () => {
      runtime.bus.emit('clients/companyOpened', { companyId: 5 }, 'ui')
      for (const section of ['documents', 'licences', 'publicLinks'] as const) await runtime.dispatch('clients/loadSection', { companyId: 5, section })
    })
    render(wrap(<DocumentsSection companyId={5} kind="sole" />))
    expect(screen.getByTestId('documents-missing').textContent).toBe('Не хватает: Копия паспорта, Карточка предприятия')
    expect(screen.getByText('Не удалось загрузить лицензии')).toBeTruthy()
    expect(screen.queryByText('Не удалось загрузить документы')).toBeNull()
  })
})
