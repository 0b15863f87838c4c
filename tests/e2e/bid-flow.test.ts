/**
 * Issue 11 §4, the whole flow of a bank guarantee bid in real Chromium against the real server, four people at once
 * (one browser context each, every screen left open and followed live over the socket, never reloaded):
 * the demo client creates the bid through the wizard (the draft survives a reload) and submits it → it appears on the verifier's open queue; the
 * verifier takes it and sends it for correction with a comment → it appears in the client's open "need answer" tab;
 * the client fixes a field and resubmits → the verifier's open bid screen shows the recheck; the verifier takes it,
 * approves it and sends it to two banks (bank #1, Sberbank, staff 0040; and VTB, whose staff user 0041 is given to it
 * through the partners admin API) → each bank user's bell rings and leads to the bid; both banks take it and make offers → the client's
 * open bid screen shows both in one table; the client accepts bank #1's → bank #1's open screen offers "issue"; the
 * bank issues with a guarantee number (200) → the client's screen says so; the application PDF downloads and its
 * text is read back with pdftotext.
 */
import { readFileSync } from 'node:fs'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Browser, Page } from 'playwright-core'
import { pdfText } from '../support/pdf-text'
import { DEMO_PASSWORD, launchBrowser, newSession, signInAndWait, storageKeys, waitForPath, type Session } from './support/browser'
import { baseUrl, releaseBaseUrl } from './support/server'

const CLIENT = '+7 (700) 100-00-10'
const VERIFIER = '+7 (700) 100-01-70'
const BANK1 = '+7 (700) 100-00-40'
const BANK2 = '+7 (700) 100-00-41'
const ADMIN = '+7 (700) 100-01-00'
/** The two banks as the verifier's choice lists them (short names) and as a request names them (full names). */
const SBER = 'ПАО Сбербанк'
const VTB = 'Банк ВТБ (ПАО)'
const SBER_NAME = /Сбербанк/
const VTB_NAME = /ВТБ/

const SUBJECT = 'Поставка школьных парт (сквозной сценарий)'
const FIXED_SUBJECT = 'Поставка школьных парт и стульев (исправлено)'
const COMMENT = 'Уточните предмет контракта: стулья тоже поставляются'
const GUARANTEE_NUMBER = 'БГ-2026/000123'

let browser: Browser
let url: string
const sessions: Session[] = []
let client: Page
let verifier: Page
let bank1: Page
let bank2: Page
/** The bank users sign in while the client fills the wizard. */
let banksReady: Promise<void>
let bidId = 0

beforeAll(async () => {
  url = await baseUrl()
  browser = await launchBrowser()
})
/** Puts the shared server's demo data back: 0041 returns to bank #1 (the suite's other files see the seed's staff). */
let restoreStaff: (() => Promise<unknown>) | undefined
afterAll(async () => {
  await restoreStaff?.().catch(() => undefined)
  for (const s of sessions) await s.close().catch(() => undefined)
  await browser?.close()
  await releaseBaseUrl()
})

async function signedIn(phone: string): Promise<Page> {
  const s = await newSession(browser, url)
  sessions.push(s)
  s.page.on('dialog', d => void d.dismiss())
  await signInAndWait(s.page, phone)
  return s.page
}

async function api<T>(path: string, token: string | null, body?: unknown): Promise<T> {
  const res = await fetch(`${url}/api/${path}`, {
    method: body === undefined ? 'GET' : 'POST',
    headers: { ...(token ? { authorization: `Bearer ${token}` } : {}), ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  })
  const json = (await res.json()) as { result: boolean; data: T; message?: string }
  if (!res.ok || json.result === false) throw new Error(`${path}: ${res.status} ${JSON.stringify(json)}`)
  return json.data
}

/** What the server says of the bid for the user of this page (its token). */
async function bidAs(page: Page): Promise<{ status: number; requests: { partner_name: string | null; status: number }[] }> {
  const token = await page.evaluate(k => localStorage.getItem(k), storageKeys.token)
  return api(`v1/bids/${bidId}`, token)
}

const field = (page: Page, name: string) => page.locator(`[name="${name}"]`).first()
const saved = (page: Page) => page.locator('[data-testid="save-state"][data-status="saved"]').waitFor({ timeout: 15_000 })
const bidStatus = (page: Page, text: string) => page.getByTestId('bid-status').getByText(text, { exact: true }).waitFor({ timeout: 20_000 })
/** The unread count on the bell (0 when there is no badge). */
const bellCount = async (page: Page) => {
  const badge = page.locator('[data-testid="bell-count"]')
  return (await badge.count()) ? Number((await badge.innerText()).replace(/\D/g, '') || 0) : 0
}

/** Runs a workflow action that asks for input: the button, the kit's dialog with one text area per input, confirm. */
async function actWithInput(page: Page, scope: ReturnType<Page['locator']> | Page, action: string, inputs: Record<string, string>) {
  await scope.getByRole('button', { name: action, exact: true }).click()
  const dialog = page.getByRole('dialog')
  await dialog.waitFor()
  for (const [name, value] of Object.entries(inputs)) await dialog.locator(`textarea[name="${name}"]`).fill(value)
  await dialog.getByRole('button', { name: 'Подтвердить' }).click()
  await dialog.waitFor({ state: 'detached' }).catch(async (error: Error) => {
    throw new Error(`${action}: the dialog stayed open: ${(await dialog.innerText().catch(() => '?')).replace(/\s+/g, ' ')} (${error.message.split('\n')[0]})`)
  })
}

const t0 = Date.now()
const lap = (what: string) => console.log(`[bid-flow] ${((Date.now() - t0) / 1000).toFixed(1)} s ${what}`)

describe('a bank guarantee bid from the wizard to the issued guarantee, every step seen live', () => {
  it('sets the scene: VTB gets a staff user (0041) through the partners admin API; everyone signs in', async () => {
    const admin = (await api<{ token: string }>('v1/users/sign-in', null, { phone: ADMIN, password: DEMO_PASSWORD })).token
    const partners = await api<{ items: { id: number; short_name: string | null; name: string }[] }>('v1/partners?service=1&kind=bank', admin)
    const vtb = partners.items.find(p => p.short_name === VTB)
    expect(vtb, 'VTB is in the demo partners').toBeTruthy()
    const users = await api<{ user_id: number; phone: string; partner_id: number | null }[]>('v1/partners/bank-users', admin)
    const second = users.find(u => u.phone.endsWith('1000041'))
    expect(second, 'the demo bank user 0041').toBeTruthy()
    expect(second!.partner_id, '0041 starts in bank #1').toBe(partners.items.find(p => p.short_name === SBER)?.id)
    await api(`v1/partners/${vtb!.id}/staff`, admin, { user_id: second!.user_id })
    restoreStaff = () => api(`v1/partners/${second!.partner_id}/staff`, admin, { user_id: second!.user_id })

    ;[client, verifier] = await Promise.all([signedIn(CLIENT), signedIn(VERIFIER)])
    banksReady = Promise.all([signedIn(BANK1), signedIn(BANK2)]).then(pages => void ([bank1, bank2] = pages))
    banksReady.catch(() => undefined)
    await waitForPath(verifier, '/verificator')
    await verifier.getByTestId('verifier-table').or(verifier.getByTestId('verifier-page')).first().waitFor()
    lap('signed in')
  })

  it('the client creates the bid through the wizard and submits it; the verifier’s open queue shows it', async () => {
    await client.goto('/bids/new')
    await client.locator('form[data-testid="recipient-form"]').waitFor()
    await expect.poll(() => client.locator('input[name="company_id"]:checked').count()).toBe(1)
    await client.locator('input[name="service_type"][value="1"]').check()
    await client.locator('[data-testid="wizard-create"]').click()
    await client.waitForURL(u => u.searchParams.get('step') === 'contract')
    bidId = Number(new URL(client.url()).searchParams.get('id'))
    expect(bidId).toBeGreaterThan(0)
    await field(client, 'federal_law').selectOption('44')
    await field(client, 'contract_subject').fill(SUBJECT)
    await field(client, 'contract_sum').fill('800 000')
    await saved(client)
    // The draft lives on the server: a reload continues it.
    await client.reload()
    await field(client, 'contract_subject').waitFor()
    expect(await field(client, 'contract_subject').inputValue()).toBe(SUBJECT)
    expect(await field(client, 'contract_sum').inputValue()).toBe('800 000')
    await client.locator('[data-testid="wizard-next"]').click()
    await client.waitForURL(u => u.searchParams.get('step') === 'customer')
    await field(client, 'customer_name').fill('ГБОУ Школа № 5')
    await field(client, 'customer_inn').fill('7707083893')
    await field(client, 'customer_address').fill('Москва, ул. Ленина, 1')
    await client.locator('[data-testid="wizard-next"]').click()
    await client.waitForURL(u => u.searchParams.get('step') === 'terms')
    await field(client, 'type_bg').selectOption('1')
    await field(client, 'security_sum').fill('40000')
    await field(client, 'date_bg_start').fill('01.12.2026')
    await field(client, 'date_bg_end').fill('01.03.2027')
    await saved(client)
    await client.locator('[data-testid="wizard-confirm"]').click()
    await waitForPath(client, '/confirm-bid')
    await client.locator('[data-testid="summary-contract"]').waitFor()
    await client.locator('[data-testid="bid-submit"]').click()
    await waitForPath(client, `/bids/${bidId}`, 30_000)
    await bidStatus(client, 'Отправлена на проверку')

    // Live: the verifier's queue, open since sign-in, lists it without a reload.
    await verifier.locator(`a[href="/verificator/bid/${bidId}"]`).first().waitFor({ timeout: 20_000 })
    lap('submitted')
  })

  it('the verifier takes it and sends it for correction; the client’s open “need answer” tab shows it', async () => {
    await client.goto('/bids?tab=answer')
    await client.locator('[data-testid="bids-tab-answer"][aria-selected="true"]').waitFor()
    await client.locator('[data-testid="bids-table"]:not([aria-busy="true"])').waitFor()
    expect(await client.locator(`a[href="/bids/${bidId}"]`).count()).toBe(0)

    await verifier.locator(`a[href="/verificator/bid/${bidId}"]`).first().click()
    await waitForPath(verifier, `/verificator/bid/${bidId}`)
    await verifier.getByRole('button', { name: 'Взять в работу', exact: true }).click()
    await bidStatus(verifier, 'На рассмотрении')
    await verifier.getByTestId('bid-history').getByText('Верификатор взял заявку').first().waitFor()
    await actWithInput(verifier, verifier, 'Отправить на доработку', { comment: COMMENT })
    await bidStatus(verifier, 'Возвращена на доработку')

    await client.locator(`a[href="/bids/${bidId}"]`).first().waitFor({ timeout: 20_000 })
    lap('returned')
  })

  it('the client reads the comment, fixes the subject and resubmits; the verifier’s open bid screen follows', async () => {
    await client.locator(`a[href="/bids/${bidId}"]`).first().click()
    await waitForPath(client, `/bids/${bidId}`)
    await bidStatus(client, 'Возвращена на доработку')
    await client.getByText(COMMENT).first().waitFor()
    await client.getByTestId('action-edit').click()
    await waitForPath(client, '/bids/new')
    await client.goto(`/bids/new?id=${bidId}&step=contract`)
    await field(client, 'contract_subject').waitFor()
    expect(await field(client, 'contract_subject').inputValue()).toBe(SUBJECT)
    await field(client, 'contract_subject').fill(FIXED_SUBJECT)
    await saved(client)
    await client.goto(`/confirm-bid?id=${bidId}`)
    await client.locator('[data-testid="summary-contract"]').getByText(FIXED_SUBJECT).waitFor()
    await client.locator('[data-testid="bid-submit"]').click()
    await waitForPath(client, `/bids/${bidId}`, 30_000)
    await bidStatus(client, 'На повторной проверке')

    await bidStatus(verifier, 'На повторной проверке')
    lap('resubmitted')
  })

  it('the verifier takes it, approves it and sends it to two banks; both banks’ bells ring', async () => {
    await banksReady
    await expect.poll(() => bank1.locator('[data-testid="bell"]').count()).toBe(1)
    await expect.poll(() => bank2.locator('[data-testid="bell"]').count()).toBe(1)
    const rings = [await bellCount(bank1), await bellCount(bank2)]
    await verifier.getByRole('button', { name: 'Взять в работу', exact: true }).click()
    await bidStatus(verifier, 'На рассмотрении')
    await verifier.getByRole('button', { name: 'Одобрить', exact: true }).click()
    await bidStatus(verifier, 'Одобрена верификатором')
    await verifier.getByRole('button', { name: 'Отправить в банки', exact: true }).click()
    const dialog = verifier.getByRole('dialog')
    await dialog.getByText(SBER, { exact: true }).click()
    await dialog.getByText(VTB, { exact: true }).click()
    await dialog.getByRole('button', { name: 'Отправить', exact: true }).click()
    await dialog.waitFor({ state: 'detached' })
    await bidStatus(verifier, 'Отправлена в банк')
    const requests = verifier.getByTestId('bid-requests')
    await requests.getByRole('heading', { name: SBER_NAME }).waitFor()
    await requests.getByRole('heading', { name: VTB_NAME }).waitFor()

    await bidStatus(client, 'Отправлена в банк')
    // Live: each bank user's bell counts the new request (type 3 notification) without a reload.
    await expect.poll(() => bellCount(bank1), { timeout: 20_000 }).toBeGreaterThan(rings[0]!)
    await expect.poll(() => bellCount(bank2), { timeout: 20_000 }).toBeGreaterThan(rings[1]!)
    lap('sent to banks')
  })

  it('both banks take it and make offers; the client’s open bid screen compares them in one table', async () => {
    await client.getByTestId('bid-offers').waitFor()
    const offers: [Page, RegExp, Record<string, string>][] = [
      [bank1, SBER_NAME, { amount: '40000', fee: '2400', term_days: '90', conditions: 'Без залога, выдача за 1 день' }],
      [bank2, VTB_NAME, { amount: '40000', fee: '1990', term_days: '91', conditions: 'Поручительство директора' }],
    ]
    await Promise.all(
      offers.map(async ([bank, name, input]) => {
        // From the bell: its new notification leads to the bid.
        await bank.locator('[data-testid="bell"]').click()
        await bank.locator(`[data-testid="bell-list"] a[href="/bids/${bidId}"]`).first().click()
        await waitForPath(bank, `/bids/${bidId}`)
        const card = bank.getByTestId('bid-requests').locator('article').filter({ has: bank.getByRole('heading', { name }) })
        await card.waitFor()
        // A bank sees only its own request.
        expect(await bank.getByTestId('bid-requests').locator('article').count()).toBe(1)
        await card.getByRole('button', { name: 'Взять на рассмотрение', exact: true }).click()
        await card.getByTestId('request-status').getByText('На рассмотрении в банке').waitFor()
        await actWithInput(bank, card, 'Сделать предложение', input)
        await card.getByTestId('request-status').getByText('Есть предложение').waitFor()
      }),
    )

    const table = client.getByTestId('offers-table')
    await expect.poll(() => table.locator('tbody tr').count(), { timeout: 20_000 }).toBe(2)
    await bidStatus(client, 'Получен ответ банка')
    const sber = table.locator('tbody tr').filter({ hasText: SBER_NAME })
    const vtb = table.locator('tbody tr').filter({ hasText: VTB_NAME })
    expect((await sber.innerText()).replace(/\s+/g, ' ')).toMatch(/40 000.*2 400.*90.*Без залога, выдача за 1 день/)
    expect((await vtb.innerText()).replace(/\s+/g, ' ')).toMatch(/40 000.*1 990.*91.*Поручительство директора/)
    lap('offers')
  })

  it('the client accepts bank #1’s offer; bank #1’s open screen lets it issue (200, guarantee number); the client sees it', async () => {
    const table = client.getByTestId('offers-table')
    await table.locator('tbody tr').filter({ hasText: SBER_NAME }).getByRole('button', { name: 'Принять предложение' }).click()
    await bidStatus(client, 'Принята')

    const card = bank1.getByTestId('bid-requests').locator('article').first()
    await card.getByTestId('request-status').getByText('Клиент согласовал').waitFor({ timeout: 20_000 })
    await actWithInput(bank1, card, 'Выдать гарантию', { guarantee_number: GUARANTEE_NUMBER })
    await card.getByTestId('request-status').getByText('Выдана').waitFor()
    await card.getByText(GUARANTEE_NUMBER).waitFor()

    await bidStatus(client, 'Гарантия выдана')
    await client.getByTestId('bid-requests').getByText(GUARANTEE_NUMBER).waitFor()
    // The other bank's request keeps its offer; the bid is issued on the server too.
    const seen = await bidAs(client)
    expect(seen.status).toBe(200)
    expect(seen.requests.find(r => r.partner_name?.includes('Сбербанк'))?.status).toBe(200)
    expect(seen.requests.find(r => r.partner_name?.includes('ВТБ'))?.status).toBe(150)
    lap('issued')
  })

  it('the application PDF downloads from the bid screen and reads back', async () => {
    const [download] = await Promise.all([client.waitForEvent('download'), client.getByRole('button', { name: 'Заявление (PDF)' }).click()])
    const text = pdfText(readFileSync(await download.path())).replace(/\s+/g, ' ')
    expect(text).toContain(`Заявка № ${bidId}`)
    expect(text).toContain(FIXED_SUBJECT)
    expect(text).toContain('ГБОУ Школа № 5')
    expect(text).toContain('44-ФЗ')
    lap('pdf')
  })
})
