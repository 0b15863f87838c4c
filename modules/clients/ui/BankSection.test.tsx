// @vitest-environment happy-dom
import { act, cleanup, render, screen, waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, describe, expect, it } from 'vitest'
import { BankSection } from './BankSection'
import { testRuntime } from './testRuntime'

afterEach(cleanup)

const field = (name: string) => document.querySelector(`[name="${name}"]`) as HTMLInputElement

const SBER = { bik: '044525225', name: 'ПАО Сбербанк', correspondent_account: '30101810400000000225', city: 'Москва' }

async function mount() {
  const t = await testRuntime(req => {
    if (req.path === `v1/banks/${SBER.bik}`) return { result: true, data: SBER }
    if (req.path.startsWith('v1/banks/')) return { result: true, data: null }
    return { result: true, data: [] }
  })
  await act(async () => {
    t.runtime.bus.emit('clients/companyOpened', { companyId: 5 }, 'ui')
    await t.runtime.dispatch('clients/loadSection', { companyId: 5, section: 'bankAccounts' })
  })
  render(t.wrap(<BankSection companyId={5} />))
  const user = userEvent.setup()
  await user.click(screen.getByTestId('account-add'))
  return { ...t, user }
}

describe('bank details: the BIK fills the bank from the directory', () => {
  it('fills the bank name and correspondent account once the BIK is complete, and says so under the field', async () => {
    const { user, sent } = await mount()
    expect(screen.getByText('Название банка и корреспондентский счёт заполнятся из справочника банков')).toBeTruthy()
    await user.type(field('bik'), '04452522')
    expect(sent.some(r => r.path.startsWith('v1/banks/'))).toBe(false)
    await user.type(field('bik'), '5')
    await waitFor(() => expect(field('bank_name').value).toBe('ПАО Сбербанк'))
    expect(field('correspondent_account').value).toBe('30101810400000000225')
    expect(screen.getByText('Заполнено из справочника банков')).toBeTruthy()
    expect(sent.filter(r => r.path === 'v1/banks/044525225')).toHaveLength(1)
    // A correction typed after the fill stays.
    await user.clear(field('bank_name'))
    await user.type(field('bank_name'), 'Сбербанк, Москва')
    expect(field('bank_name').value).toBe('Сбербанк, Москва')
  })

  it('leaves the fields to the user for a BIK the directory does not know, and says why', async () => {
    const { user } = await mount()
    await user.type(field('bank_name'), 'Мой банк')
    await user.type(field('bik'), '049999999')
    expect(await screen.findByText('Этого БИК нет в справочнике банков: введите название банка и корреспондентский счёт')).toBeTruthy()
    expect(field('bank_name').value).toBe('Мой банк')
  })
})
