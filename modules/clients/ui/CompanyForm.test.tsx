// @vitest-environment happy-dom
import { act, cleanup, render, screen, waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, describe, expect, it } from 'vitest'
import type { CompanySearchItem } from '../contract'
import { completeInn, completeOgrn } from '../rules/checksums'
import { companyValues, CompanyForm, fromSearch } from './CompanyForm'
import { cutDescription } from './CompanySearch'
import { UnsavedChangesGuard } from './guard'
import { testRuntime, type Sent } from './testRuntime'

afterEach(cleanup)

const INN = completeInn('230874403')
const OGRN = completeOgrn('102230123456')

const field = (name: string) => document.querySelector(`[name="${name}"]`) as HTMLInputElement

async function mountCreate(answer?: (req: Sent) => unknown) {
  const t = await testRuntime(answer)
  render(t.wrap(<UnsavedChangesGuard><CompanyForm companyId={null} company={null} kind="legal" /></UnsavedChangesGuard>))
  return { ...t, user: userEvent.setup() }
}

describe('company form', () => {
  it('says "check errors" on an empty submit, marks the fields and sends nothing', async () => {
    const { user, sent } = await mountCreate()
    await user.click(screen.getByTestId('form-submit'))
    expect(screen.getByText('Проверьте ошибки')).toBeTruthy()
    expect(field('short_name').getAttribute('aria-invalid')).toBe('true')
    expect(field('inn').getAttribute('aria-invalid')).toBe('true')
    expect(sent.filter(r => r.method === 'POST')).toEqual([])
  })

  it('shows a check-digit warning as the user types, without blocking', async () => {
    const { user } = await mountCreate()
    await user.type(field('inn'), `${INN.slice(0, 9)}${(Number(INN[9]) + 1) % 10}`)
    expect(screen.getByText(/Контрольное число ИНН не сходится/)).toBeTruthy()
    await user.clear(field('inn'))
    await user.type(field('inn'), INN)
    expect(screen.queryByText(/Контрольное число ИНН не сходится/)).toBeNull()
  })

  it('sends the shared schema\'s body; a refused save keeps every character typed and shows the server\'s words', async () => {
    const { user, sent } = await mountCreate(req =>
      req.method === 'POST' ? { result: false, message: 'Проверьте данные', validation: { okpo: 'ОКПО организации — 8 цифр' } } : { result: true, data: null },
    )
    await user.type(field('short_name'), 'ООО «Тест»')
    await user.type(field('inn'), INN)
    await user.type(field('ogrn'), OGRN)
    await user.type(field('creation_date'), '14082010')
    await user.type(field('contact_person_phone'), '9271234567')
    await user.type(field('legal_address.zipcode'), '350000')
    await user.click(screen.getByTestId('form-submit'))
    await waitFor(() => expect(screen.getAllByText('ОКПО организации — 8 цифр').length).toBeGreaterThan(0))
    const post = sent.find(r => r.method === 'POST')
    expect(post?.path).toBe('v1/companies')
    expect(post?.body).toMatchObject({
      kind: 'legal',
      short_name: 'ООО «Тест»',
      inn: INN,
      ogrn: OGRN,
      creation_date: '14.08.2010',
      contact_person_phone: '(927) 123-45-67',
      legal_address: { zipcode: '350000' },
    })
    expect(field('short_name').value).toBe('ООО «Тест»')
    expect(field('creation_date').value).toBe('14.08.2010')
    expect(field('contact_person_phone').value).toBe('(927) 123-45-67')
    // Sixty keystrokes through the whole form: seconds on a loaded machine, more than vitest's default 5 s.
  }, 20_000)

  it('fills what the registry knows from a search result and keeps what was typed elsewhere', () => {
    const item: CompanySearchItem = {
      title: 'ООО «СтройКомплекс»',
      value: 'Общество с ограниченной ответственностью «СтройКомплекс», 350000, г. Краснодар, ул. Красная, д. 1',
      inn: '2308744038',
      oked: '41.20',
      data: {
        kind: 'legal',
        inn: '2308744038',
        ogrn: '1022301234567',
        kpp: '230801001',
        okpo: '97376828',
        okved: null,
        short_name: 'ООО «СтройКомплекс»',
        full_name: 'Общество с ограниченной ответственностью «СтройКомплекс»',
        legal_address: { city: 'Краснодар', zipcode: '350000', street: 'ул. Красная', house: '1', office: null },
        creation_date: '2010-08-14',
        status: 'active',
        head_name: 'Кузнецов Олег Петрович',
        head_position: 'Генеральный директор',
      },
    }
    const typed = { ...companyValues(null, 'legal'), bidder_email: 'a@b.ru' }
    const filled = fromSearch(typed, item)
    expect(filled).toMatchObject({
      inn: '2308744038',
      kpp: '230801001',
      okved: '41.20',
      creation_date: '14.08.2010',
      legal_form: '3',
      contact_person_name: 'Кузнецов Олег Петрович',
      bidder_email: 'a@b.ru',
      legal_address: { city: 'Краснодар', zipcode: '350000', street: 'ул. Красная', house: '1', office: '' },
    })
    expect(cutDescription(item.value)).toHaveLength(61)
    expect(cutDescription(item.value).endsWith('…')).toBe(true)
    expect(cutDescription('ООО «Ромашка»')).toBe('ООО «Ромашка»')
    // A name that tells nothing keeps the legal form the user chose.
    const unknown = { ...item, title: 'Ромашка', data: { ...item.data, short_name: 'Ромашка', full_name: 'Ромашка' } }
    expect(fromSearch({ ...typed, legal_form: '4' }, unknown).legal_form).toBe('4')
    const jointStock = { ...item, data: { ...item.data, short_name: 'ПАО «Сбербанк»', full_name: 'Публичное акционерное общество «Сбербанк России»' } }
    expect(fromSearch(typed, jointStock).legal_form).toBe('2')
  })
})

describe('unsaved-changes guard', () => {
  it('puts a new history entry back while a form is dirty, asks, and goes on "leave"', async () => {
    window.history.replaceState(null, '', '/add-client')
    const { user, runtime } = await mountCreate()
    const asked: string[] = []
    runtime.bus.on('app/navigationRequested').subscribe(e => asked.push(e.payload.to))
    await user.type(field('short_name'), 'ООО')
    await act(async () => {
      window.history.pushState(null, '', '/tasks')
      window.dispatchEvent(new Event('pushState'))
    })
    expect(window.location.pathname).toBe('/add-client')
    expect(await screen.findByText('Уйти со страницы?')).toBeTruthy()
    expect(field('short_name').value).toBe('ООО')
    await user.click(screen.getByTestId('guard-leave'))
    expect(asked).toEqual(['/tasks'])
    await waitFor(() => expect(screen.queryByText('Уйти со страницы?')).toBeNull())
  })

  it('lets a clean form go without asking, and replacing the entry (tabs) is never stopped', async () => {
    window.history.replaceState(null, '', '/add-client')
    await mountCreate()
    await act(async () => {
      window.history.pushState(null, '', '/tasks')
      window.dispatchEvent(new Event('pushState'))
    })
    expect(window.location.pathname).toBe('/tasks')
    expect(screen.queryByText('Уйти со страницы?')).toBeNull()
  })
})
