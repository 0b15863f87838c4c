// @vitest-environment happy-dom
import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { ROLE, type Role } from '../../../core/auth/profile'
import type { Bid, BidHistory, BidRequest, ChatMessage } from '../contract'
import type { BidDocuments } from '../documents'
import BidPage from './BidPage'
import { answerWith, bidTestRuntime, type Sent } from './bid/testRuntime'

afterEach(() => {
  cleanup()
  vi.unstubAllGlobals()
})

const NOW = '2026-11-20T10:00:00.000Z'
const EMPTY_FIELDS = {
  federal_law: null, customer_name: null, customer_inn: null, customer_address: null, contract_subject: null, contract_sum: null,
  actual_contract_sum: null, initial_max_price: null, security_sum: null, credit_sum: null, contract_start: null, contract_end: null,
  date_bg_start: null, date_bg_end: null, days: null, issue_deadline_date: null, type_bg: null, by_customer_form: null,
  direct_debiting: null, has_deposit: null, has_losses: null, has_government_contracts: null, special_account: null,
  leasing_type: null, initial_fee: null, lots: null,
} as const

function guarantee(patch: Partial<Bid> = {}): Bid {
  return {
    ...EMPTY_FIELDS,
    id: 1,
    company: { id: 5, name: 'ООО «Ромашка»', inn: '7707083893' },
    service_type: 1,
    status: 10,
    amount: 1_500_000,
    owner_user_id: 7,
    agent: null,
    verifier: null,
    created_by: 7,
    submitted_at: NOW,
    archived_at: null,
    archive_reason: null,
    decline_reason: null,
    preferred_partner_ids: [],
    created_at: NOW,
    updated_at: NOW,
    federal_law: 44,
    contract_subject: 'Поставка бумаги',
    contract_sum: 3_000_000,
    customer_name: 'ГБУ «Школа № 1»',
    customer_inn: '7707083893',
    type_bg: 1,
    security_sum: 1_500_000,
    date_bg_start: '2026-12-01',
    date_bg_end: '2027-06-30',
    has_deposit: true,
    requests: [],
    allowed_actions: [],
    ...patch,
  }
}

function request(patch: Partial<BidRequest>): BidRequest {
  return {
    id: 11,
    bid_id: 1,
    partner_id: 3,
    partner_name: 'Банк Восток',
    channel: 'bank',
    status: 70,
    assignee: null,
    offer: null,
    guarantee_number: null,
    guarantee_file: null,
    refusal_reason: null,
    chat_code: null,
    created_at: NOW,
    updated_at: NOW,
    allowed_actions: [],
    ...patch,
  }
}

const DOCS: BidDocuments = { items: [], required: ['passport', 'enterprise_card'], missing: ['passport', 'enterprise_card'], can_change: true }
const HISTORY: BidHistory = {
  status: 20,
  items: [
    { id: 1, workflow: 'bids.status', request_id: null, action: 'submit', from: 0, to: 10, input: null, user: { id: 7, name: 'Иванов' }, at: NOW },
    { id: 2, workflow: 'bids.status', request_id: null, action: 'take', from: 10, to: 20, input: null, user: { id: 9, name: 'Петрова' }, at: NOW },
    { id: 3, workflow: 'bidRequests.bankStatus', request_id: 11, action: 'makeOffer', from: 70, to: 150, input: null, user: { id: 12, name: 'Банкир' }, at: NOW },
  ],
}

/** A fake server for one bid: the bid (by reference, so a test can move it), documents, history, chats. */
function server(bid: { current: Bid }, extra: (req: Sent) => unknown = () => undefined) {
  const chats = new Map<number, ChatMessage[]>()
  return (req: Sent): unknown => {
    const own = extra(req)
    if (own !== undefined) return own
    if (req.path === 'v1/bids/1') return bid.current
    if (req.path === 'v1/bids/1/documents') return DOCS
    if (req.path === 'v1/bids/1/history') return HISTORY
    const chat = /^v1\/bids\/1\/requests\/(\d+)\/chat$/.exec(req.path)
    if (chat) {
      const id = Number(chat[1])
      const list = chats.get(id) ?? []
      if (req.method === 'POST') {
        const { text, code } = req.body as { text: string; code?: number }
        const message: ChatMessage = { id: list.length + 1, request_id: id, author: { id: 7, name: 'Я' }, text, code: (code ?? null) as ChatMessage['code'], created_at: NOW }
        chats.set(id, [...list, message])
        return message
      }
      return list
    }
    if (req.method === 'POST') return bid.current
    return answerWith(404, { result: false, message: 'Не найдено' })
  }
}

async function open(role: Role, bid: Bid, extra?: (req: Sent) => unknown, path = '/bids/1') {
  const current = { current: bid }
  const kit = bidTestRuntime(role, server(current, extra), path)
  render(kit.wrap(<BidPage params={{ id: path.split('/').pop() }} />))
  await screen.findByTestId('bid-screen')
  return { ...kit, current }
}

describe('the bid screen', { timeout: 20_000 }, () => {
  it('shows the header and the service’s own fields by section, formatted', async () => {
    await open(ROLE.client, guarantee())
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Заявка № 1')
    expect(screen.getByTestId('bid-service').textContent).toBe('Банковская гарантия')
    expect(screen.getByTestId('bid-company').textContent).toBe('ООО «Ромашка»')
    expect(screen.getByTestId('bid-status').textContent).toBe('Отправлена на проверку')
    const contract = screen.getByTestId('bid-section-contract')
    expect(within(contract).getByRole('heading').textContent).toBe('Контракт')
    expect(contract.querySelector('[data-field="federal_law"]')?.textContent).toBe('44-ФЗ')
    expect(contract.querySelector('[data-field="contract_sum"]')?.textContent?.replace(/\s/g, ' ')).toMatch(/3 000 000,00 ₽/)
    const terms = screen.getByTestId('bid-section-terms')
    expect(terms.querySelector('[data-field="date_bg_start"]')?.textContent).toBe('01.12.2026')
    expect(terms.querySelector('[data-field="has_deposit"]')?.textContent).toBe('Да')
    expect(screen.getByTestId('bid-section-customer')).toBeTruthy()
  })

  it('shows a leasing bid with the leasing fields only (no customer, no guarantee terms)', async () => {
    await open(
      ROLE.client,
      guarantee({ ...EMPTY_FIELDS, service_type: 8, contract_subject: 'Самосвал', leasing_type: 1, contract_sum: 5_000_000, days: 36, security_sum: 9, customer_name: 'лишнее' }),
    )
    expect(screen.getByTestId('bid-service').textContent).toBe('Лизинг')
    expect(screen.queryByTestId('bid-section-customer')).toBeNull()
    const terms = screen.getByTestId('bid-section-terms')
    expect(terms.querySelector('[data-field="leasing_type"]')?.textContent).toBe('Грузовой транспорт')
    expect(terms.querySelector('[data-field="days"]')?.textContent).toBe('36 дней')
    expect(screen.getByTestId('bid-details').querySelector('[data-field="security_sum"]')).toBeNull()
  })

  it('shows only the actions the server allows now, runs one and says "bid updated"', async () => {
    const bid = guarantee({ allowed_actions: ['take', 'decline', 'generateDocuments'] })
    const kit = await open(ROLE.verifier, bid)
    const group = screen.getByRole('group', { name: 'Действия' })
    expect(within(group).getAllByRole('button').map(b => b.textContent)).toEqual(['Взять в работу', 'Отклонить'])
    // Approve is the verifier's too, but not from this status: never shown.
    expect(screen.queryByRole('button', { name: 'Одобрить' })).toBeNull()

    kit.current.current = guarantee({ status: 20, allowed_actions: ['sendForCorrection', 'approve', 'decline'] })
    const reads = kit.sent.filter(r => r.path === 'v1/bids/1' && r.method === 'GET').length
    await userEvent.setup().click(within(group).getByRole('button', { name: 'Взять в работу' }))
    expect(kit.sent.find(r => r.method === 'POST')?.path).toBe('v1/bids/1/actions/take')
    await waitFor(() => expect(kit.sent.filter(r => r.path === 'v1/bids/1' && r.method === 'GET').length).toBe(reads + 1))
    await waitFor(() => expect(screen.getByTestId('bid-status').textContent).toBe('На рассмотрении'))
    expect(screen.getByRole('button', { name: 'Одобрить' })).toBeTruthy()
  })

  it('shows no action at all to a reader (role 1000)', async () => {
    await open(ROLE.callCenterVerifier, guarantee({ status: 20, allowed_actions: [] }))
    expect(screen.queryByRole('group', { name: 'Действия' })).toBeNull()
    expect(within(screen.getByTestId('bid-actions')).queryAllByRole('button')).toEqual([])
  })

  it('asks for the decline reason in the kit’s dialog and sends it', async () => {
    const kit = await open(ROLE.verifier, guarantee({ allowed_actions: ['take', 'decline'] }))
    const user = userEvent.setup()
    await user.click(screen.getByRole('button', { name: 'Отклонить' }))
    const dialog = screen.getByRole('dialog', { name: 'Отклонить' })
    await user.type(within(dialog).getByLabelText(/Причина/), 'Нет лицензии')
    await user.click(within(dialog).getByRole('button', { name: 'Подтвердить' }))
    await waitFor(() => expect(kit.sent.find(r => r.method === 'POST')).toMatchObject({ path: 'v1/bids/1/actions/decline', body: { reason: 'Нет лицензии' } }))
  })

  it('sends an approved bid to the banks the verifier ticks (the partners offering the service)', async () => {
    const partners = { items: [
      { id: 3, name: 'АО «Банк Восток»', short_name: 'Банк Восток', kind: 'bank', products: [] },
      { id: 4, name: 'АО «Банк Запад»', short_name: 'Банк Запад', kind: 'bank', products: [] },
    ], total: 2 }
    const kit = await open(ROLE.verifier, guarantee({ status: 40, allowed_actions: ['decline', 'returnToWork', 'sendToBanks'] }), req =>
      req.path === 'v1/partners' ? partners : undefined,
    )
    const user = userEvent.setup()
    await user.click(screen.getByRole('button', { name: 'Отправить в банки' }))
    const dialog = screen.getByRole('dialog', { name: 'Отправить в банки' })
    await user.click(within(dialog).getByRole('button', { name: 'Отправить' }))
    expect(within(dialog).getByText('Выберите хотя бы один')).toBeTruthy()
    await user.click(await within(dialog).findByText('Банк Восток'))
    await user.click(within(dialog).getByText('Банк Запад'))
    await user.click(within(dialog).getByRole('button', { name: 'Отправить' }))
    await waitFor(() => expect(kit.sent.find(r => r.method === 'POST')).toMatchObject({ path: 'v1/bids/1/actions/send-to-banks', body: { partner_ids: [3, 4], channel: 'bank' } }))
    expect(kit.sent.find(r => r.path === 'v1/partners')?.search.get('service')).toBe('1')
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull())
  })

  it('preselects the banks the client chose in the wizard in the send-to-banks dialog', async () => {
    const partners = { items: [
      { id: 3, name: 'АО «Банк Восток»', short_name: 'Банк Восток', kind: 'bank', products: [] },
      { id: 4, name: 'АО «Банк Запад»', short_name: 'Банк Запад', kind: 'bank', products: [] },
    ], total: 2 }
    const kit = await open(ROLE.verifier, guarantee({ status: 40, preferred_partner_ids: [4, 9], allowed_actions: ['sendToBanks'] }), req =>
      req.path === 'v1/partners' ? partners : undefined,
    )
    const user = userEvent.setup()
    await user.click(screen.getByRole('button', { name: 'Отправить в банки' }))
    const dialog = screen.getByRole('dialog', { name: 'Отправить в банки' })
    const west = await within(dialog).findByRole('checkbox', { name: /Банк Запад · выбор клиента/ })
    expect((west as HTMLInputElement).checked).toBe(true)
    expect((within(dialog).getByRole('checkbox', { name: 'Банк Восток' }) as HTMLInputElement).checked).toBe(false)
    // A preferred partner that does not offer the service (9) is not sent.
    await user.click(within(dialog).getByRole('button', { name: 'Отправить' }))
    await waitFor(() => expect(kit.sent.find(r => r.method === 'POST')).toMatchObject({ path: 'v1/bids/1/actions/send-to-banks', body: { partner_ids: [4], channel: 'bank' } }))
  })

  it('puts the requests side by side with bank statuses and chat codes, and compares offers in one table', async () => {
    const offer = request({
      id: 11,
      status: 150,
      offer: { amount: 1_500_000, fee: 30_000, term_days: 210, conditions: 'Без залога', draft_file: '41' },
      chat_code: 12040,
      allowed_actions: ['accept', 'askChange'],
    })
    const other = request({ id: 12, partner_id: 4, partner_name: 'Банк Запад', status: 70, chat_code: 12050 })
    const third = request({
      id: 13,
      partner_id: 5,
      partner_name: null,
      status: 150,
      offer: { amount: 1_400_000, fee: 45_000, term_days: 200, conditions: null, draft_file: null },
      allowed_actions: ['accept', 'askChange'],
    })
    const kit = await open(ROLE.client, guarantee({ status: 52, requests: [offer, other, third] }))
    const cards = screen.getByTestId('bid-requests')
    expect(within(cards).getAllByRole('heading', { level: 3 }).map(h => h.textContent)).toEqual(['Банк Восток', 'Банк Запад', 'Партнёр № 5'])
    expect(within(screen.getByTestId('request-11')).getByTestId('request-status').textContent).toBe('Есть предложение')
    expect(within(screen.getByTestId('request-11')).getByTestId('chat-code').textContent).toBe('Предварительно одобрено')
    expect(within(screen.getByTestId('request-12')).getByTestId('chat-code').textContent).toBe('Документы прошли проверку')
    // The answer to an offer sits in the offers table, not in the card.
    expect(within(screen.getByTestId('request-11')).queryByRole('button', { name: 'Принять предложение' })).toBeNull()

    const table = screen.getByTestId('offers-table')
    const rows = within(table).getAllByRole('row').slice(1)
    expect(rows).toHaveLength(2)
    expect(within(rows[0]!).getByRole('rowheader').textContent).toBe('Банк Восток')
    expect(rows[0]!.textContent?.replace(/\s/g, ' ')).toMatch(/1 500 000,00 ₽.*30 000,00 ₽.*210 дней.*Без залога.*Скачать/)
    expect(rows[1]!.textContent?.replace(/\s/g, ' ')).toMatch(/Партнёр № 5.*1 400 000,00 ₽.*45 000,00 ₽.*200 дней/)

    // The draft downloads through the request's scoped file endpoint; no draft, no link.
    expect(within(rows[1]!).queryByTestId('request-file-link')).toBeNull()
    await userEvent.setup().click(within(rows[0]!).getByTestId('request-file-link'))
    await waitFor(() => expect(kit.sent.some(r => r.method === 'GET' && r.path === 'v1/bids/1/requests/11/files/41')).toBe(true))

    await userEvent.setup().click(within(rows[1]!).getByRole('button', { name: 'Принять предложение' }))
    await waitFor(() => expect(kit.sent.find(r => r.method === 'POST')?.path).toBe('v1/bids/1/requests/13/actions/accept'))
  })

  it('lets the bank make an offer with its draft uploaded in the dialog, with progress, and sends the reference', async () => {
    const xhrs: { url: string; upload: { onprogress: ((e: { loaded: number; total: number; lengthComputable: boolean }) => void) | null }; status: number; responseText: string; onload: (() => void) | null }[] = []
    class FakeXhr {
      upload: { onprogress: ((e: { loaded: number; total: number; lengthComputable: boolean }) => void) | null } = { onprogress: null }
      onload: (() => void) | null = null
      onerror: (() => void) | null = null
      onabort: (() => void) | null = null
      status = 0
      responseText = ''
      url = ''
      open(_method: string, url: string) {
        this.url = url
      }
      setRequestHeader() {}
      send() {
        xhrs.push(this)
      }
      abort() {}
    }
    vi.stubGlobal('XMLHttpRequest', FakeXhr)
    const kit = await open(ROLE.bank, guarantee({ status: 50, requests: [request({ id: 11, status: 70, allowed_actions: ['askDocuments', 'refuse', 'makeOffer'] })] }))
    const user = userEvent.setup()
    await user.click(screen.getByTestId('request-makeOffer'))
    const dialog = screen.getByTestId('file-action-makeOffer')
    expect(within(dialog).queryByLabelText(/Проект гарантии/, { selector: 'textarea' })).toBeNull()
    await user.type(within(dialog).getByLabelText(/Сумма/), '100000')
    await user.type(within(dialog).getByLabelText(/Комиссия/), '3000')
    await user.type(within(dialog).getByLabelText(/Срок/), '180')
    const file = new File(['%PDF-1.4 проект'], 'Проект.pdf', { type: 'application/pdf' })
    fireEvent.change(within(dialog).getByTestId('request-file-input'), { target: { files: [file] } })
    await waitFor(() => expect(xhrs).toHaveLength(1))
    expect(xhrs[0]!.url).toMatch(/v1\/bids\/1\/requests\/11\/files\?kind=draft$/)
    act(() => xhrs[0]!.upload.onprogress?.({ loaded: 50, total: 100, lengthComputable: true }))
    expect(screen.getByTestId('upload-progress').getAttribute('aria-valuenow')).toBe('50')
    act(() => {
      xhrs[0]!.status = 200
      xhrs[0]!.responseText = JSON.stringify({ result: true, data: { ref: '77', kind: 'draft', name: 'Проект.pdf', mime: 'application/pdf', size: 100, created_at: '2026-11-24T00:00:00Z' } })
      xhrs[0]!.onload?.()
    })
    await waitFor(() => expect(screen.getByTestId('request-file-chosen').textContent).toContain('Проект.pdf'))
    await user.click(screen.getByTestId('file-action-confirm'))
    await waitFor(() => expect(kit.sent.find(r => r.method === 'POST' && r.path === 'v1/bids/1/requests/11/actions/make-offer')?.body).toMatchObject({ amount: 100000, fee: 3000, term_days: 180, draft_file: '77' }))
  })

  it('never offers a bank the client’s answer to an offer', async () => {
    await open(ROLE.bank, guarantee({ status: 52, requests: [request({ status: 150, offer: { amount: 1, fee: 0, term_days: 1, conditions: null, draft_file: null }, allowed_actions: [] })] }))
    expect(within(screen.getByTestId('offers-table')).queryAllByRole('button')).toEqual([])
  })

  it('posts to a bank’s chat and shows the message; the bank marks it with a chat code', async () => {
    const kit = await open(ROLE.bank, guarantee({ status: 50, requests: [request({ id: 11, status: 70, allowed_actions: ['askDocuments', 'refuse', 'makeOffer'] })] }))
    const chat = screen.getByTestId('chat-11')
    expect(within(chat).getByRole('heading').textContent).toBe('Чат: Банк Восток')
    await waitFor(() => expect(within(chat).getByText('Сообщений пока нет.')).toBeTruthy())
    const user = userEvent.setup()
    await user.type(within(chat).getByLabelText('Сообщение'), 'Документы проверены')
    await user.selectOptions(within(chat).getByLabelText('Отметка статуса'), '12050')
    await user.click(within(chat).getByRole('button', { name: 'Отправить' }))
    await waitFor(() => expect(within(chat).getByTestId('chat-messages').textContent).toContain('Документы проверены'))
    expect(kit.sent.find(r => r.method === 'POST')).toMatchObject({ path: 'v1/bids/1/requests/11/chat', body: { text: 'Документы проверены', code: 12050 } })
    expect(within(chat).getByTestId('chat-code').textContent).toBe('Документы прошли проверку')
    // The bank's own actions on its request, from the server's list.
    expect(within(screen.getByTestId('request-11')).getAllByRole('button').map(b => b.textContent)).toEqual(['Запросить документы', 'Отказать', 'Сделать предложение'])
  })

  it('lets a client write but not mark the chat with a code', async () => {
    await open(ROLE.client, guarantee({ status: 50, requests: [request({})] }))
    expect(within(screen.getByTestId('chat-11')).queryByLabelText('Отметка статуса')).toBeNull()
  })

  it('uploads a document with its progress, then reads the documents again', async () => {
    const xhrs: FakeXhr[] = []
    class FakeXhr {
      upload: { onprogress: ((e: { loaded: number; total: number; lengthComputable: boolean }) => void) | null } = { onprogress: null }
      onload: (() => void) | null = null
      onerror: (() => void) | null = null
      onabort: (() => void) | null = null
      status = 0
      responseText = ''
      url = ''
      open(_method: string, url: string) {
        this.url = url
      }
      setRequestHeader() {}
      send() {
        xhrs.push(this)
      }
      abort() {}
    }
    vi.stubGlobal('XMLHttpRequest', FakeXhr)
    const kit = await open(ROLE.client, guarantee({ status: 0, allowed_actions: ['submit', 'edit', 'archive'] }))
    await waitFor(() => expect(screen.getByTestId('documents-missing').textContent).toBe('Копия паспорта, Карточка предприятия'))
    const documentReads = () => kit.sent.filter(r => r.path === 'v1/bids/1/documents').length
    const before = documentReads()
    const user = userEvent.setup()
    await user.selectOptions(screen.getByLabelText('Тип документа'), 'enterprise_card')
    const file = new File(['%PDF-1.4 карточка'], 'Карточка.pdf', { type: 'application/pdf' })
    fireEvent.change(screen.getByTestId('bid-file-input'), { target: { files: [file] } })
    await waitFor(() => expect(xhrs).toHaveLength(1))
    expect(xhrs[0]!.url).toMatch(/v1\/bids\/1\/documents\?kind=enterprise_card$/)
    act(() => xhrs[0]!.upload.onprogress?.({ loaded: 50, total: 100, lengthComputable: true }))
    const bar = screen.getByTestId('upload-progress')
    expect(bar.getAttribute('role')).toBe('progressbar')
    expect(bar.getAttribute('aria-valuenow')).toBe('50')
    expect(bar.textContent).toContain('50 B из 100 B')
    expect(bar.textContent).toContain('Карточка.pdf')
    act(() => {
      xhrs[0]!.status = 200
      xhrs[0]!.responseText = JSON.stringify({ result: true, data: { id: 1 } })
      xhrs[0]!.onload?.()
    })
    await waitFor(() => expect(screen.queryByTestId('upload-progress')).toBeNull())
    await waitFor(() => expect(documentReads()).toBe(before + 1))
    expect(screen.getByText('Карточка.pdf загружен')).toBeTruthy()
    // The submit goes through /confirm-bid (it carries the Idempotency-Key), editing through the wizard.
    expect(screen.getByTestId('action-submit').getAttribute('href')).toBe('/confirm-bid?id=1')
    expect(screen.getByTestId('action-edit').getAttribute('href')).toBe('/bids/new?id=1')
  })

  it('offers the same file again when an upload fails', async () => {
    const xhrs: { onload: (() => void) | null; status: number; responseText: string }[] = []
    vi.stubGlobal(
      'XMLHttpRequest',
      class {
        upload = { onprogress: null }
        onload: (() => void) | null = null
        status = 0
        responseText = ''
        open() {}
        setRequestHeader() {}
        send() {
          xhrs.push(this)
        }
      },
    )
    await open(ROLE.client, guarantee({ status: 0 }))
    await screen.findByTestId('documents-missing')
    fireEvent.change(screen.getByTestId('bid-file-input'), { target: { files: [new File(['MZ'], 'a.exe')] } })
    await waitFor(() => expect(xhrs).toHaveLength(1))
    act(() => {
      xhrs[0]!.status = 415
      xhrs[0]!.responseText = JSON.stringify({ result: false, message: 'Можно загрузить PDF, JPEG, PNG, TIFF, DOC, DOCX, XLS, XLSX или ZIP' })
      xhrs[0]!.onload?.()
    })
    expect(await screen.findByText('Не удалось загрузить a.exe')).toBeTruthy()
    await userEvent.setup().click(screen.getByTestId('upload-retry'))
    expect(xhrs).toHaveLength(2)
  })

  it('hides upload and delete when the server says the documents cannot change now', async () => {
    await open(ROLE.client, guarantee(), req => (req.path === 'v1/bids/1/documents' ? { ...DOCS, can_change: false } : undefined))
    await screen.findByTestId('documents-missing')
    expect(screen.queryByRole('button', { name: 'Загрузить' })).toBeNull()
    expect(screen.queryByRole('button', { name: 'Взять из документов компании' })).toBeNull()
  })

  it('shows the history of both fields; the verifier taking the bid is SPEC history type 10', async () => {
    await open(ROLE.client, guarantee({ requests: [request({ id: 11 })] }))
    const history = screen.getByTestId('bid-history')
    await waitFor(() => expect(history.querySelectorAll('li')).toHaveLength(3))
    const lines = [...history.querySelectorAll('li strong')].map(s => s.textContent)
    expect(lines).toEqual(['Отправить на проверку', 'Верификатор взял заявку', 'Банк Восток: Сделать предложение'])
  })

  it('says "no bid with such number" on a 404 and for a number that cannot be one', async () => {
    const kit = bidTestRuntime(ROLE.client, () => answerWith(404, { result: false, message: 'Не найдено' }), '/bids/77')
    render(kit.wrap(<BidPage params={{ id: '77' }} />))
    expect(await screen.findByText('Нет заявки с таким номером')).toBeTruthy()
    cleanup()
    const other = bidTestRuntime(ROLE.client, () => null, '/bids/abc')
    render(other.wrap(<BidPage params={{ id: 'abc' }} />))
    expect(screen.getByText('Нет заявки с таким номером')).toBeTruthy()
    expect(other.sent).toHaveLength(0)
  })

  it('says the bid could not be loaded, with a retry that asks again', async () => {
    let fail = true
    const kit = bidTestRuntime(ROLE.client, server({ current: guarantee() }, req => (req.path === 'v1/bids/1' && fail ? answerWith(500, { result: false, message: 'Сервер недоступен' }) : undefined)))
    render(kit.wrap(<BidPage params={{ id: '1' }} />))
    expect(await screen.findByText('Не удалось загрузить заявку')).toBeTruthy()
    fail = false
    await userEvent.setup().click(screen.getByRole('button', { name: 'Повторить' }))
    expect(await screen.findByTestId('bid-screen')).toBeTruthy()
  })

  it('reads the bid again when the socket says this bid changed, not another', async () => {
    const kit = await open(ROLE.client, guarantee())
    const reads = () => kit.sent.filter(r => r.path === 'v1/bids/1' && r.method === 'GET').length
    const before = reads()
    kit.current.current = guarantee({ status: 30 })
    act(() => void kit.runtime.bus.emit('socket/action', { action: 'updateBids', data: { id: 2 } } as never, 'socket'))
    expect(reads()).toBe(before)
    act(() => void kit.runtime.bus.emit('socket/action', { action: 'updateBids', data: { id: 1 } } as never, 'socket'))
    await waitFor(() => expect(screen.getByTestId('bid-status').textContent).toBe('Возвращена на доработку'))
    expect(reads()).toBe(before + 1)
  })

  it('opens on the verifier’s path with a way back to the queue', async () => {
    await open(ROLE.verifier, guarantee(), undefined, '/verificator/bid/1')
    expect(screen.getByRole('link', { name: 'К заявкам' }).getAttribute('href')).toBe('/verificator')
  })
})
