/**
 * Issue 3 §2 in the browser: the call-center administration screens against the real server — SIP accounts
 * (/sips, /sips/add: passwords never shown back), employees (/callers, /callers/add, /callers/{id}: added/edited
 * toasts, the edited one for 4 s; an open list follows another manager's change), statistics with a chart and a
 * date range — with the contract's validation in the forms; and the softphone's weight: a user without a SIP code
 * never downloads the call panel or JsSIP.
 */
import { describe, expect, it } from 'vitest'
import type { Page } from 'playwright-core'
import type { Office, SipAccount } from '../../modules/callcenter/contract'
import { newSession, sel, signInAndWait, storageKeys, waitForPath } from './support/browser'
import { shot } from './support/shots'
import { useE2E } from './support/setup'

const ADMIN = '+7 (700) 100-01-00'
const MANAGER = '+7 (700) 100-01-60'

const e2e = useE2E()

/** The server's API with the browser's session (its token from local storage). */
async function api<T>(page: Page, path: string, body?: unknown): Promise<T> {
  const token = await page.evaluate(key => window.localStorage.getItem(key), storageKeys.token)
  const res = await fetch(`${e2e.url}/api/v1/${path}`, {
    method: body === undefined ? 'GET' : 'POST',
    headers: { authorization: `Bearer ${token}`, accept: 'application/json', ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  })
  const answer = (await res.json()) as { result: boolean; data: T }
  if (!answer.result) throw new Error(`${path}: ${JSON.stringify(answer)}`)
  return answer.data
}

/** A SIP code no other test uses (2–32 digits). */
// Unique within a run (three codes may be made in one millisecond) and across runs on one database.
let codes = 0
const freshCode = () => `77${String(Date.now()).slice(-6)}${String(++codes % 100).padStart(2, '0')}`

describe('call-center administration', () => {
  it('never loads the call panel or JsSIP for a user without a SIP code', async () => {
    const page = e2e.page
    const scripts: string[] = []
    page.on('request', r => {
      if (r.resourceType() === 'script') scripts.push(new URL(r.url()).pathname)
    })
    await signInAndWait(page, ADMIN)
    await page.goto('/statistics')
    await page.locator('[data-testid="statistics"]').waitFor()
    expect(await page.locator('[data-testid="call-toggle"]').count()).toBe(0)
    expect(scripts.filter(s => /\/(CallPanel|JsSIP)-/.test(s))).toEqual([])
  })

  it('adds a SIP account with the form’s own checks, and lists it without its password', async () => {
    const page = e2e.page
    await signInAndWait(page, ADMIN)
    await page.goto('/sips')
    await page.locator('[data-testid="sip-add"]').click()
    await waitForPath(page, '/sips/add')
    const form = page.locator('[data-testid="sip-form"]')
    await form.locator('[data-testid="sip-save"]').click()
    await expect.poll(() => form.getByText('Обязательное поле').count()).toBeGreaterThanOrEqual(2)
    const code = String(3000 + Math.floor(Math.random() * 6000))
    await form.getByRole('textbox', { name: /Название/ }).fill('Резервная линия')
    await form.getByRole('textbox', { name: /Код/ }).fill('1a')
    await form.getByLabel(/Пароль SIP/).fill('secret-sip')
    await form.locator('[data-testid="sip-save"]').click()
    await form.getByText('SIP-код состоит из 2–32 цифр').waitFor()
    await form.getByRole('textbox', { name: /Код/ }).fill(code)
    await form.locator('[data-testid="sip-save"]').click()
    await waitForPath(page, '/sips')
    await page.getByText('SIP-аккаунт добавлен').waitFor()
    // The list kit's search: Enter applies it at once, and it lives in the URL (a reload or a shared link keeps it).
    await page.getByRole('searchbox', { name: /Поиск/ }).fill(code)
    await page.getByRole('searchbox', { name: /Поиск/ }).press('Enter')
    const row = page.getByRole('row', { name: new RegExp(code) })
    await row.waitFor()
    expect(new URL(page.url()).searchParams.get('q')).toBe(code)
    await page.reload()
    await row.waitFor()
    expect(await page.getByRole('searchbox', { name: /Поиск/ }).inputValue()).toBe(code)
    expect(await row.textContent()).toContain('Свободен')
    expect(await page.content()).not.toContain('secret-sip')

    // The same code again: the server's "already exists" under the field.
    await page.goto('/sips/add')
    await form.getByRole('textbox', { name: /Название/ }).fill('Дубль')
    await form.getByRole('textbox', { name: /Код/ }).fill(code)
    await form.getByLabel(/Пароль SIP/).fill('secret-sip')
    await form.locator('[data-testid="sip-save"]').click()
    await form.getByText('SIP-аккаунт с таким кодом уже есть').waitFor()
  })

  it('adds an employee and edits them: "employee added", then "employee edited" for 4 s', async () => {
    const page = e2e.page
    await signInAndWait(page, MANAGER)
    await page.goto('/callers')
    await page.locator('[data-testid="caller-add"]').click()
    await waitForPath(page, '/callers/add')
    const form = page.locator('[data-testid="caller-form"]')
    const tail = String(Math.floor(1000 + Math.random() * 8999))
    await form.getByRole('textbox', { name: /ФИО/ }).fill(`Тестова Анна ${tail}`)
    await form.locator('input[name="phone"]').pressSequentially(`705555${tail}`)
    await form.getByRole('textbox', { name: /^E-mail/ }).fill('not-an-email')
    await form.getByLabel(/^Пароль/).fill('12345')
    await form.locator('[data-testid="caller-save"]').click()
    await form.getByText('Неверный E-mail').waitFor()
    await form.getByText('Пароль должен быть не короче 6 символов').waitFor()
    await form.getByRole('textbox', { name: /^E-mail/ }).fill(`anna${tail}@example.com`)
    await form.getByLabel(/^Пароль/).fill('demo12345')
    await form.locator('[data-testid="caller-save"]').click()
    await waitForPath(page, '/callers')
    await page.getByText('Сотрудник добавлен').waitFor()
    await page.getByRole('link', { name: `Тестова Анна ${tail}` }).click()
    await page.locator('[data-testid="caller-form"]').waitFor()
    expect(await form.getByRole('textbox', { name: /ФИО/ }).inputValue()).toBe(`Тестова Анна ${tail}`)
    await form.getByText('Руководитель колл-центра', { exact: true }).click()
    await form.locator('[data-testid="caller-save"]').click()
    await waitForPath(page, '/callers')
    const toast = page.getByText('Сотрудник изменён')
    await toast.waitFor()
    const shownAt = Date.now()
    await toast.waitFor({ state: 'detached', timeout: 10_000 })
    const shownFor = Date.now() - shownAt
    expect(shownFor).toBeGreaterThan(3000)
    expect(await page.getByRole('row', { name: new RegExp(`Тестова Анна ${tail}`) }).textContent()).toContain('Руководитель колл-центра')
  })

  it('finds an employee by a mistyped surname and says the rows are similar names (1440 and 390 px, ru and en)', async () => {
    const page = e2e.page
    await signInAndWait(page, ADMIN)
    await page.setViewportSize({ width: 1440, height: 900 })
    await page.goto('/callers')
    const table = page.locator('[data-testid="callers-table"]')
    await table.getByRole('rowheader').first().waitFor()
    // The longest surname on the page, one letter changed: a word no name holds, similar enough to the real one.
    const names = (await table.getByRole('rowheader').allTextContents()).map(n => n.trim())
    const name = names.sort((x, y) => y.split(' ')[0]!.length - x.split(' ')[0]!.length)[0]!
    const surname = name.split(' ')[0]!
    expect(surname.length, name).toBeGreaterThanOrEqual(6)
    const typo = `${surname.slice(0, -2)}ъ${surname.slice(-1)}`.toLowerCase()
    const search = page.locator('[data-testid="callers-search"] input')
    try {
      for (const [lang, line] of [
        ['ru', `«${typo}» не найдено — показаны похожие имена · Всего:`],
        ['en', `No “${typo}” — showing similar names · Total:`],
      ] as const) {
        await page.setViewportSize({ width: 1440, height: 900 })
        await page.goto(`/callers?q=${encodeURIComponent(typo)}`)
        if ((await page.locator('html').getAttribute('lang')) !== lang) await page.locator(sel.localeSwitch).click()
        await page.getByText(line, { exact: false }).waitFor()
        await table.getByRole('rowheader').filter({ hasText: name }).first().waitFor()
        await shot(page, `callers-similar-1440-${lang}`)
        await page.setViewportSize({ width: 390, height: 844 })
        await page.getByText(line, { exact: false }).waitFor()
        await shot(page, `callers-similar-390-${lang}`)
      }
      // Typed right, the surname brings no such line.
      await search.fill(surname)
      await page.waitForURL(url => url.searchParams.get('q') === surname)
      await table.getByRole('rowheader').filter({ hasText: name }).first().waitFor()
      await page.getByText('showing similar names', { exact: false }).waitFor({ state: 'detached' })
    } finally {
      await page.setViewportSize({ width: 1366, height: 900 })
      if ((await page.locator('html').getAttribute('lang')) !== 'ru') await page.locator(sel.localeSwitch).click()
    }
  })

  it('an open /callers list shows the employee another manager just added, without a reload', async () => {
    const page = e2e.page
    await signInAndWait(page, ADMIN)
    await page.goto('/callers')
    await page.locator('[data-testid="callers-table"]').waitFor()
    const navigations: string[] = []
    page.on('framenavigated', f => f === page.mainFrame() && navigations.push(f.url()))

    // The call-center manager, in a browser of their own, adds someone to their office.
    const other = await newSession(e2e.browser, e2e.url)
    try {
      await signInAndWait(other.page, MANAGER)
      await other.page.goto('/callers/add')
      const form = other.page.locator('[data-testid="caller-form"]')
      const tail = String(Math.floor(1000 + Math.random() * 8999))
      await form.getByRole('textbox', { name: /ФИО/ }).fill(`Живая Лента ${tail}`)
      await form.locator('input[name="phone"]').pressSequentially(`705556${tail}`)
      await form.getByRole('textbox', { name: /^E-mail/ }).fill(`live${tail}@example.com`)
      await form.getByLabel(/^Пароль/).fill('demo12345')
      await form.locator('[data-testid="caller-save"]').click()
      await waitForPath(other.page, '/callers')

      // The administrator's list re-reads its page on the server's updateCallers.
      await page.getByRole('link', { name: `Живая Лента ${tail}` }).waitFor({ timeout: 10_000 })
      expect(navigations).toEqual([])
    } finally {
      await other.close()
    }
  })

  it('shows statistics per employee and day with a chart, and checks the date range', async () => {
    const page = e2e.page
    await signInAndWait(page, ADMIN)
    await page.goto('/statistics')
    const report = page.locator('[data-testid="statistics"]')
    await report.waitFor()
    await expect.poll(() => report.getByRole('img').count()).toBe(1)
    await expect.poll(() => report.getByRole('table', { name: 'По сотрудникам' }).count()).toBe(1)
    const from = page.getByRole('textbox', { name: /^С/ })
    const to = page.getByRole('textbox', { name: /^По/ })
    const toValue = await to.inputValue()
    await from.fill('')
    await from.pressSequentially(toValue.replace(/\D/g, ''))
    await to.fill('')
    await to.pressSequentially('01012020')
    await page.getByRole('button', { name: 'Показать' }).click()
    await page.getByText('Неверный период (не больше 366 дней, начало не позже конца)').waitFor()
    await to.fill('')
    await to.pressSequentially(toValue.replace(/\D/g, ''))
    await page.getByRole('textbox', { name: /Разговор дольше/ }).fill('600')
    const answered = page.waitForResponse(r => r.url().includes('/api/v1/call-center/statistics') && r.url().includes('min_seconds=600'))
    await page.getByRole('button', { name: 'Показать' }).click()
    expect((await answered).status()).toBe(200)
    await page.getByText(/разговоры дольше 600 с/).waitFor()
  })

  it('the employee form offers the chosen office’s free SIP accounts only, and follows a change of office', async () => {
    const page = e2e.page
    await signInAndWait(page, ADMIN)
    const offices = await api<Office[]>(page, 'call-center/offices')
    expect(offices.length).toBeGreaterThanOrEqual(2)
    const [first, second] = offices as [Office, Office]
    // A free account in each office, and one of the first office's that an employee already has.
    const own = { name: 'Первый офис, свободный', code: freshCode(), office_id: first.id, password: 'sip-secret-1' }
    const other = { name: 'Второй офис, свободный', code: freshCode(), office_id: second.id, password: 'sip-secret-2' }
    const taken = { name: 'Первый офис, занятый', code: freshCode(), office_id: first.id, password: 'sip-secret-3' }
    for (const account of [own, other, taken]) await api(page, 'call-center/sips', account)
    const tail = String(Math.floor(1000 + Math.random() * 8999))
    await api(page, 'call-center/callers', {
      full_name: `Занятова Ирина ${tail}`,
      role: 150,
      phone: `(705) 557-${tail.slice(0, 2)}-${tail.slice(2)}`,
      email: null,
      office_id: first.id,
      sip: taken.code,
      emails: [],
      password: 'demo12345',
      enabled: true,
    })

    await page.goto('/callers/add')
    const form = page.locator('[data-testid="caller-form"]')
    const office = form.locator('select[name="office_id"]')
    const sip = form.locator('select[name="sip"]')
    await office.waitFor()
    await expect.poll(() => office.locator('option').count()).toBe(offices.length + 1)
    const offered = async () => (await sip.locator('option').evaluateAll(options => options.map(o => (o as HTMLOptionElement).value))).filter(Boolean).sort()
    // What the server says is free now, for an office: its own accounts and those of no office (shared).
    const freeFor = async (officeId: number | null) =>
      (await api<SipAccount[]>(page, 'call-center/sips/free'))
        .filter(a => a.office_id === officeId || a.office_id === null)
        .map(a => a.code)
        .sort()

    await office.selectOption(String(first.id))
    const expectedFirst = await freeFor(first.id)
    await expect.poll(offered).toEqual(expectedFirst)
    expect(expectedFirst).toContain(own.code)
    expect(expectedFirst).not.toContain(other.code)
    expect(expectedFirst).not.toContain(taken.code)
    await sip.selectOption(own.code)

    // Another office: another list, and the first office's account chosen a moment ago is not kept.
    await office.selectOption(String(second.id))
    const expectedSecond = await freeFor(second.id)
    await expect.poll(offered).toEqual(expectedSecond)
    expect(expectedSecond).toContain(other.code)
    expect(expectedSecond).not.toContain(own.code)
    expect(await sip.inputValue()).toBe('')

    // No office: the shared accounts only.
    await office.selectOption('')
    await expect.poll(offered).toEqual(await freeFor(null))

    // Given to an employee through the form, an account is offered to nobody after that.
    await office.selectOption(String(second.id))
    await sip.selectOption(other.code)
    await form.getByRole('textbox', { name: /ФИО/ }).fill(`Второва Ольга ${tail}`)
    await form.locator('input[name="phone"]').pressSequentially(`705558${tail}`)
    await form.getByLabel(/^Пароль/).fill('demo12345')
    await form.locator('[data-testid="caller-save"]').click()
    await waitForPath(page, '/callers')
    await page.getByText('Сотрудник добавлен').waitFor()
    await page.goto('/callers/add')
    await office.selectOption(String(second.id))
    const afterSave = await freeFor(second.id)
    expect(afterSave).not.toContain(other.code)
    await expect.poll(offered).toEqual(afterSave)
  })
})
