// @vitest-environment happy-dom
import { act, cleanup, render, screen, waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import * as v from 'valibot'
import { draftSchema } from '../../fields'
import ru from '../../i18n/ru.json'
import { FIELDS_BY_SERVICE, SERVICE, WIZARD_STEPS, type BidField } from '../../services'
import ConfirmBidPage, { requiredDocuments } from './ConfirmBidPage'
import { backupKey, SAVE_DELAY_MS } from './draft'
import NewBidPage from './NewBidPage'
import { SUBMIT_RETRY_DELAYS_MS } from './submit'
import { draftBid, settle, wizardRuntime, type Sent } from './testing'
import { serviceFields, submitErrors, valuesFromBid } from './values'

afterEach(cleanup)
beforeEach(() => localStorage.clear())

const input = (name: string) => document.querySelector(`[name="${name}"]`) as HTMLInputElement | null
/** The fields the step shows: inputs by name (flags included) and the grid's cells (an empty lots list has no input). */
const shownFields = () =>
  new Set([
    ...Array.from(document.querySelectorAll('form [name], [data-field] [name], label [name]'), el => (el.getAttribute('name') ?? '').split('.')[0]!),
    ...Array.from(document.querySelectorAll('[data-field]'), el => el.getAttribute('data-field')!),
  ].filter(n => n && !n.startsWith('bank-')))
const posts = (sent: Sent[], path: string) => sent.filter(r => r.method === 'POST' && r.path === path)

/** A bids server in memory: one draft, the autosave merging what it gets, and GET answering the merged bid. */
function server(initial = draftBid(12, SERVICE.bankGuarantee)) {
  let bid = initial
  return (req: Sent): unknown => {
    if (req.path === 'v1/bids/12' && req.method === 'GET') return bid
    if (req.path === 'v1/bids/12' && req.method === 'POST') {
      // As the server stores it: the shared draft schema's output.
      bid = { ...bid, ...v.parse(draftSchema, req.body) }
      return bid
    }
    if (req.path === 'v1/partners') return { items: [], total: 0 }
    return null
  }
}

async function openWizard(answer: (req: Sent) => unknown, path = '/bids/new?id=12&step=contract') {
  const t = wizardRuntime(answer, path)
  render(t.wrap(<NewBidPage />))
  await act(settle)
  await act(settle)
  return { ...t, user: userEvent.setup({ delay: null }) }
}

describe('the wizard shows the chosen service’s fields only', { timeout: 30_000 }, () => {
  it.each([
    ['bankGuarantee', SERVICE.bankGuarantee],
    ['leasing', SERVICE.leasing],
    ['credit', SERVICE.credit],
  ] as const)('%s: each step has exactly FIELDS_BY_SERVICE’s fields', async (_, service) => {
    const { navigate } = await openWizard(server(draftBid(12, service)))
    for (const step of WIZARD_STEPS.slice(1)) {
      const expected = FIELDS_BY_SERVICE[service].steps[step]
      if (expected.length === 0) {
        expect(screen.queryByTestId('step-' + step)).toBeNull()
        continue
      }
      await act(async () => navigate(`/bids/new?id=12&step=${step}`))
      await act(settle)
      expect([...shownFields()].sort()).toEqual([...expected].sort())
    }
  })

  it('leasing skips the customer step: three steps in the progress', async () => {
    await openWizard(server(draftBid(12, SERVICE.leasing)))
    expect(Array.from(document.querySelectorAll('[data-testid="wizard-steps"] li')).length).toBe(3)
    expect(screen.getByTestId('step-contract').getAttribute('aria-current')).toBe('step')
  })
})

describe('step 1: the recipient and the service', { timeout: 30_000 }, () => {
  it('creates the draft only on "Continue", with the chosen company and service, then opens the first step of fields', async () => {
    const answer = (req: Sent): unknown => {
      if (req.path === 'v1/companies') return { items: [{ id: 7, short_name: 'ООО Ромашка', inn: '7707083893' }, { id: 8, short_name: 'ИП Петров', inn: '500100732259' }], total: 2 }
      if (req.path === 'v1/bids' && req.method === 'POST') return draftBid(31, SERVICE.leasing)
      if (req.path === 'v1/bids/31') return draftBid(31, SERVICE.leasing)
      return { items: [], total: 0 }
    }
    const { user, sent, history } = await openWizard(answer, '/bids/new')
    // Step 1 is a chunk of its own.
    await screen.findByLabelText(/ИП Петров/)
    await user.click(screen.getByLabelText(/ИП Петров/))
    await user.click(screen.getByLabelText(ru.services.credit))
    await user.click(screen.getByLabelText(ru.services.leasing))
    expect(posts(sent, 'v1/bids')).toHaveLength(0)
    await user.click(screen.getByTestId('wizard-create'))
    await act(settle)
    expect(posts(sent, 'v1/bids').map(r => r.body)).toEqual([{ service_type: SERVICE.leasing, company_id: 8 }])
    expect(history.at(-1)).toBe('/bids/new?id=31&step=contract')
  })

  it('asks for the service before creating anything', async () => {
    const { user, sent } = await openWizard(req => (req.path === 'v1/companies' ? { items: [{ id: 7, short_name: 'ООО Ромашка', inn: null }], total: 1 } : null), '/bids/new')
    await user.click(await screen.findByTestId('wizard-create'))
    expect(screen.getByText(ru.wizard.chooseService)).toBeTruthy()
    expect(posts(sent, 'v1/bids')).toHaveLength(0)
  })
})

describe('draft autosave and restore', { timeout: 30_000 }, () => {
  it('saves after a pause on the runtime clock, only the fields that changed, and says so', async () => {
    const { user, clock, sent } = await openWizard(server())
    await user.type(input('contract_sum')!, '2 500 000')
    await user.type(input('contract_subject')! , 'Поставка')
    expect(posts(sent, 'v1/bids/12')).toHaveLength(0)
    expect(screen.getByTestId('save-state').getAttribute('data-status')).toBe('pending')
    await act(async () => clock.advanceBy(SAVE_DELAY_MS - 1))
    expect(posts(sent, 'v1/bids/12')).toHaveLength(0)
    await act(async () => clock.advanceBy(1))
    await act(settle)
    expect(posts(sent, 'v1/bids/12').map(r => r.body)).toEqual([{ contract_sum: '2 500 000', contract_subject: 'Поставка' }])
    await waitFor(() => expect(screen.getByTestId('save-state').textContent).toContain('Сохранено'))
  })

  it('keeps bad input in the browser with its message, sends the rest, and a reload shows both', async () => {
    const answer = server()
    const first = await openWizard(answer)
    await first.user.type(input('contract_sum')!, '12,345')
    await first.user.tab()
    await first.user.type(input('initial_max_price')!, '3000000')
    await act(async () => first.clock.advanceBy(SAVE_DELAY_MS))
    await act(settle)
    // The bad sum never went to the server; its message is under the field.
    expect(posts(first.sent, 'v1/bids/12').map(r => r.body)).toEqual([{ initial_max_price: '3000000' }])
    expect(screen.getByText(ru.validation.money)).toBeTruthy()
    expect(input('contract_sum')!.getAttribute('aria-invalid')).toBe('true')
    expect(JSON.parse(localStorage.getItem(backupKey(12))!)).toEqual({ contract_sum: '12,345' })
    cleanup()

    // A reload: the server's value and the backup's bad input, both back in their fields.
    const second = await openWizard(answer)
    expect(input('initial_max_price')!.value).toBe('3 000 000')
    expect(input('contract_sum')!.value).toBe('12,345')
    // Fixing it sends it, and the backup is empty again.
    await second.user.clear(input('contract_sum')!)
    await second.user.type(input('contract_sum')!, '5000000')
    await act(async () => second.clock.advanceBy(SAVE_DELAY_MS))
    await act(settle)
    expect(posts(second.sent, 'v1/bids/12').map(r => r.body)).toEqual([{ contract_sum: '5000000' }])
    expect(localStorage.getItem(backupKey(12))).toBeNull()
  })

  it('another device continues from the server: /bids/new?id=N restores the saved fields on their steps', async () => {
    const bid = draftBid(12, SERVICE.bankGuarantee, { customer_name: 'ГБУ Школа 5', customer_inn: '7707083893', security_sum: 150000.5, date_bg_start: '2026-12-01' })
    const { navigate } = await openWizard(server(bid), '/bids/new?id=12&step=customer')
    expect(input('customer_name')!.value).toBe('ГБУ Школа 5')
    expect(input('customer_inn')!.value).toBe('7707083893')
    await act(async () => navigate('/bids/new?id=12&step=terms'))
    await act(settle)
    expect(input('security_sum')!.value).toBe('150 000,50')
    expect(input('date_bg_start')!.value).toBe('01.12.2026')
  })

  it('saves the banks ticked beside the estimate with the draft (preferred_partner_ids) and shows them again from the server', async () => {
    const answer = server(draftBid(12, SERVICE.bankGuarantee, { preferred_partner_ids: [4] }))
    const product = (partner_id: number) => ({ id: partner_id, partner_id, service_type: SERVICE.bankGuarantee, rate_percent: 2, min_fee: 1000, min_amount: null, max_amount: null, max_term_days: null, required_documents: [], conditions: '' })
    const partners = { items: [3, 4].map(id => ({ id, name: `Банк ${id}`, short_name: `Банк ${id}`, kind: 'bank', products: [product(id)] })), total: 2 }
    const t = await openWizard(req => (req.path === 'v1/partners' ? partners : answer(req)), '/bids/new?id=12&step=terms')
    const west = await screen.findByRole('checkbox', { name: /Банк 4/ })
    expect((west as HTMLInputElement).checked).toBe(true)
    await t.user.click(screen.getByRole('checkbox', { name: /Банк 3/ }))
    await waitFor(() => expect(posts(t.sent, 'v1/bids/12').some(r => JSON.stringify((r.body as { preferred_partner_ids?: number[] }).preferred_partner_ids) === '[4,3]')).toBe(true))
  })

  it('a failed save says so and retries with the same values', async () => {
    let fail = true
    const base = server()
    const { user, clock, sent } = await openWizard(req => (req.method === 'POST' && fail ? { result: false, message: 'Сервер занят' } : base(req)))
    await user.type(input('contract_sum')!, '1000')
    await act(async () => clock.advanceBy(SAVE_DELAY_MS))
    await act(settle)
    expect(screen.getByTestId('save-state').getAttribute('data-status')).toBe('failed')
    expect(input('contract_sum')!.value).toBe('1000')
    fail = false
    await user.click(screen.getByTestId('save-retry'))
    await act(settle)
    expect(posts(sent, 'v1/bids/12').map(r => r.body)).toEqual([{ contract_sum: '1000' }, { contract_sum: '1000' }])
    await waitFor(() => expect(screen.getByTestId('save-state').getAttribute('data-status')).toBe('saved'))
  })
  it('a field the server refuses shows its message and is not sent again until it changes; the rest still saves', async () => {
    const base = server()
    const { user, clock, sent } = await openWizard(req =>
      req.method === 'POST' && (req.body as Record<string, unknown>).contract_sum === '999'
        ? { result: false, message: 'Проверьте поля', validation: { contract_sum: 'Сумма не принята банком' } }
        : base(req),
    )
    await user.type(input('contract_sum')!, '999')
    await act(async () => clock.advanceBy(SAVE_DELAY_MS))
    await act(settle)
    expect(screen.getByText('Сумма не принята банком')).toBeTruthy()
    await user.type(input('contract_subject')!, 'Парты')
    await act(async () => clock.advanceBy(SAVE_DELAY_MS))
    await act(settle)
    expect(posts(sent, 'v1/bids/12').map(r => r.body)).toEqual([{ contract_sum: '999' }, { contract_subject: 'Парты' }])
    expect(input('contract_sum')!.value).toBe('999')
  })
})

describe('validation messages', { timeout: 30_000 }, () => {
  it('"check and submit" with missing fields marks the steps and shows the shared schema’s messages', async () => {
    const { user, history } = await openWizard(server(), '/bids/new?id=12&step=terms')
    await user.type(input('date_bg_start')!, '10.12.2026')
    await user.type(input('date_bg_end')!, '01.12.2026')
    await user.click(screen.getByTestId('wizard-confirm'))
    await act(settle)
    await act(settle)
    // The first step with an error opens (contract: federal law, subject, sum missing), its fields marked.
    expect(history.at(-1)).toBe('/bids/new?id=12&step=contract')
    expect(screen.getByTestId('step-contract').getAttribute('data-state')).toBe('errors')
    expect(screen.getByTestId('step-terms').getAttribute('data-state')).toBe('errors')
    expect(screen.getAllByText(ru.wizard.fixErrors).length).toBe(1)
    expect(input('contract_subject')!.getAttribute('aria-invalid')).toBe('true')
    await user.click(screen.getByTestId('step-terms'))
    await act(settle)
    expect(screen.getByText(ru.validation.endBeforeStart)).toBeTruthy()
    expect(document.activeElement?.getAttribute('data-testid')).toBe('step-title')
  })

  it('submitErrors reads the service’s required fields and consistency from the shared schema', () => {
    const values = valuesFromBid(SERVICE.bankGuarantee, draftBid(12, SERVICE.bankGuarantee, { contract_sum: 100, security_sum: 200 }))
    const errors = submitErrors(SERVICE.bankGuarantee, values)
    expect(errors.security_sum).toBe('bids:validation.securityAboveContract')
    expect(errors.federal_law).toBe('validation:required')
    expect(Object.keys(submitErrors(SERVICE.settlementAccount, valuesFromBid(SERVICE.settlementAccount, draftBid(12, SERVICE.settlementAccount))))).toEqual([])
    expect(serviceFields(SERVICE.loan)).toEqual(['contract_subject', 'credit_sum', 'days', 'has_government_contracts'] satisfies BidField[])
  })
})

const complete = draftBid(12, SERVICE.bankGuarantee, {
  federal_law: 44,
  contract_subject: 'Поставка парт',
  contract_sum: 800000,
  customer_name: 'ГБУ Школа 5',
  customer_inn: '7707083893',
  customer_address: 'Москва',
  type_bg: 1,
  security_sum: 40000,
  date_bg_start: '2026-12-01',
  date_bg_end: '2027-03-01',
})

describe('/confirm-bid', { timeout: 30_000 }, () => {
  async function openConfirm(answer: (req: Sent) => unknown) {
    const t = wizardRuntime(answer, '/confirm-bid?id=12')
    const view = render(t.wrap(<ConfirmBidPage />))
    await act(settle)
    return { ...t, view, user: userEvent.setup({ delay: null }) }
  }

  it('shows the summary by step with edit links, the short documents list below 1 million, and the chosen banks', async () => {
    localStorage.setItem('bids.wizard.banks.12', '[3]')
    await openConfirm(req => (req.path === 'v1/bids/12' ? complete : req.path === 'v1/partners' ? { items: [{ id: 3, short_name: 'Банк Три', products: [] }], total: 1 } : null))
    await act(settle)
    expect(screen.getByTestId('summary-contract').textContent).toContain('800 000 ₽')
    expect(screen.getByTestId('summary-contract').textContent).toContain('44-ФЗ')
    expect(screen.getByRole('link', { name: `${ru.wizard.confirm.edit}: ${ru.steps.customer}` }).getAttribute('href')).toBe('/bids/new?id=12&step=customer')
    expect(Array.from(screen.getByTestId('documents').querySelectorAll('li'), li => li.getAttribute('data-kind'))).toEqual(['passport', 'enterprise_card'])
    expect(screen.getByTestId('banks').textContent).toContain('Банк Три')
    expect(requiredDocuments(SERVICE.bankGuarantee, { contract_sum: 5_000_000, amount: null })).toEqual(['passport', 'enterprise_card', 'financial_statements', 'contract_draft'])
  })

  it('submits exactly once: a double press sends one request; a network failure is retried with the same key; then the bid opens', async () => {
    let calls = 0
    const { user, sent, clock, history } = await openConfirm(req => {
      if (req.path === 'v1/bids/12/submit') {
        calls += 1
        if (calls === 1) throw new TypeError('Failed to fetch')
        return { ...complete, status: 10 }
      }
      return req.path === 'v1/bids/12' ? complete : null
    })
    const button = screen.getByTestId('bid-submit')
    await user.dblClick(button)
    await act(settle)
    expect(button.getAttribute('aria-busy')).toBe('true')
    expect(posts(sent, 'v1/bids/12/submit')).toHaveLength(1)
    await act(async () => clock.advanceBy(SUBMIT_RETRY_DELAYS_MS[0]))
    await act(settle)
    const submits = posts(sent, 'v1/bids/12/submit')
    expect(submits).toHaveLength(2)
    const keys = submits.map(r => r.headers.get('idempotency-key'))
    expect(keys[0]).toMatch(/^[A-Za-z0-9_-]{8,100}$/)
    expect(keys[1]).toBe(keys[0])
    await waitFor(() => expect(history.at(-1)).toBe('/bids/12'))
  })

  it('a refusal is not retried by itself; "try again" sends the same key; another visit has a new one', async () => {
    let refuse = true
    const answer = (req: Sent) => {
      if (req.path === 'v1/bids/12/submit') return refuse ? { result: false, message: 'Конфликт' } : { ...complete, status: 10 }
      return req.path === 'v1/bids/12' ? complete : null
    }
    const first = await openConfirm(answer)
    await first.user.click(screen.getByTestId('bid-submit'))
    await act(settle)
    await act(async () => first.clock.advanceBy(60_000))
    expect(posts(first.sent, 'v1/bids/12/submit')).toHaveLength(1)
    expect(screen.getByText('Конфликт')).toBeTruthy()
    await first.user.click(screen.getByTestId('bid-submit'))
    await act(settle)
    const keys = posts(first.sent, 'v1/bids/12/submit').map(r => r.headers.get('idempotency-key'))
    expect(keys).toHaveLength(2)
    expect(keys[1]).toBe(keys[0])
    cleanup()
    refuse = false
    const second = await openConfirm(answer)
    await second.user.click(screen.getByTestId('bid-submit'))
    await act(settle)
    expect(posts(second.sent, 'v1/bids/12/submit')[0]!.headers.get('idempotency-key')).not.toBe(keys[0])
  })

  it('with missing fields the submit is off and each missing field links to its step', async () => {
    await openConfirm(req => (req.path === 'v1/bids/12' ? draftBid(12, SERVICE.bankGuarantee) : null))
    expect(screen.getByTestId('bid-submit').hasAttribute('disabled') || screen.getByTestId('bid-submit').getAttribute('aria-disabled') === 'true').toBe(true)
    expect(screen.getByRole('link', { name: `${ru.fields.customer_name}: ${'Обязательное поле'}` }).getAttribute('href')).toBe('/bids/new?id=12&step=customer')
  })
})
