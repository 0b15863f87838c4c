/**
 * Issue 14 §1 in a real Chromium against the real server: a client (0010) publishes an offer through the 5 steps
 * (an image with its canvas preview included), the verifier (0170) passes it at /offers, another client (0011)
 * invests and the deal goes negotiation → awaiting payment → active → completed with each party's button; the
 * expected income schedule is exact. The market's own offers page by the server's cursors (issue 16). Every screen
 * fits 390 px; screenshots at 1440 and 390 px.
 *
 * E2E_SHOTS=<dir> saves the screenshots for a person to look at.
 */
import { describe, expect, it } from 'vitest'
import type { Page } from 'playwright-core'
import { signInAndWait, signOut, storageKeys } from './support/browser'
import { useE2E } from './support/setup'
import { DESKTOP, pageOverflowX, PHONE, shot } from './support/shots'

const e2e = useE2E()
const OWNER = '+7 (700) 100-00-10'
const INVESTOR = '+7 (700) 100-00-11'
const VERIFIER = '+7 (700) 100-01-70'

/** A 2×2 red PNG (signature, IHDR, IDAT, IEND). */
const PNG = Buffer.from(
  '89504e470d0a1a0a0000000d4948445200000002000000020802000000fdd49a730000001049444154789c63f8cfc000440c100a001fee03fd8b5f14d40000000049454e44ae426082',
  'hex',
)

async function fits(page: Page, name: string): Promise<void> {
  await page.setViewportSize(PHONE)
  await expect.poll(() => pageOverflowX(page), { message: `${name} at 390 px` }).toBeLessThanOrEqual(0)
  await shot(page, `${name}-390`)
  await page.setViewportSize(DESKTOP)
  await shot(page, `${name}-1440`)
}

describe('/invest: publish, review, invest, complete', () => {
  it('walks an offer from the editor to a completed deal', async () => {
    const { page } = e2e
    const name = `E2E линия ${Date.now()}`
    await page.setViewportSize(DESKTOP)

    // 1. The client publishes through the 5 steps; each step saves the draft.
    await signInAndWait(page, OWNER)
    await page.goto('/invest')
    await page.getByTestId('offer-cards').waitFor()
    await fits(page, 'invest-market')
    await page.getByTestId('invest-add').click()
    await page.getByTestId('editor-step-1').waitFor()
    await page.getByTestId('editor-next').click()
    await page.getByText('Обязательное поле').first().waitFor()
    await page.getByRole('textbox', { name: /Название/ }).fill(name)
    await page.getByRole('textbox', { name: /Краткий заголовок/ }).fill('Заём на оборудование')
    await page.getByRole('combobox', { name: /Тип/ }).selectOption('4')
    await page.getByTestId('editor-next').click()
    await page.getByText('Обязательное поле').first().waitFor()
    await page.getByRole('combobox', { name: /Вид залога/ }).selectOption('3')
    await fits(page, 'invest-editor-1')
    await page.getByTestId('editor-next').click()
    await page.waitForURL(/\/invest\/add\/\d+\?step=2$/)
    const offerId = Number(/\/invest\/add\/(\d+)/.exec(page.url())?.[1])
    expect(offerId).toBeGreaterThan(0)

    await page.getByTestId('editor-step-2').waitFor()
    await page.getByRole('textbox', { name: /Сумма от/ }).fill('500000')
    await page.getByRole('textbox', { name: /Сумма до/ }).fill('100000')
    await page.getByRole('textbox', { name: /Срок от/ }).fill('3')
    await page.getByRole('textbox', { name: /Срок до/ }).fill('12')
    await page.getByRole('textbox', { name: /Процент годовых/ }).fill('150')
    await page.getByTestId('editor-next').click()
    // One schema on both sides: min ≤ max and the percent's bounds, before anything is sent.
    await page.getByText('Не меньше минимальной суммы').waitFor()
    await page.getByText('Процент от 0,01 до 100').waitFor()
    await page.getByRole('textbox', { name: /Сумма до/ }).fill('5000000')
    await page.getByRole('textbox', { name: /Процент годовых/ }).fill('12')
    await fits(page, 'invest-editor-2')
    await page.getByTestId('editor-next').click()

    await page.getByTestId('editor-step-3').waitFor()
    await page.getByRole('textbox', { name: /Описание/ }).fill('Станок с ЧПУ в залоге до возврата займа.')
    await page.getByTestId('add-params').click()
    await page.getByRole('textbox', { name: 'Показатель 1' }).fill('Отрасль')
    await page.getByRole('textbox', { name: 'Значение 1' }).fill('Металлообработка')
    await page.getByTestId('editor-next').click()

    await page.getByTestId('editor-step-4').waitFor()
    await page.getByTestId('add-financials').click()
    await page.getByRole('textbox', { name: 'Показатель 1' }).fill('Выручка за год')
    await page.getByRole('textbox', { name: 'Значение 1' }).fill('40 млн ₽')
    await fits(page, 'invest-editor-4')
    await page.getByTestId('editor-next').click()

    await page.getByTestId('editor-step-5').waitFor()
    const uploaded = page.waitForResponse(r => r.url().endsWith(`/api/v1/invest/offers/${offerId}/images`) && r.request().method() === 'POST')
    await page.locator('#invest-image-input').setInputFiles({ name: 'станок.png', mimeType: 'image/png', buffer: PNG })
    const image = (await (await uploaded).json()) as { result: boolean; data: { has_preview: boolean } }
    expect(image.result).toBe(true)
    expect(image.data.has_preview).toBe(true)
    await page.getByTestId('files-image').getByText('станок.png').waitFor()
    await fits(page, 'invest-editor-5')
    await page.getByTestId('editor-send').click()
    await page.waitForURL(new RegExp(`/invest/${offerId}$`))
    await page.getByTestId('offer-status').getByText('На проверке').waitFor()
    await signOut(page)

    // 2. The verifier passes it.
    await signInAndWait(page, VERIFIER)
    await page.goto('/offers')
    await page.getByTestId(`review-link-${offerId}`).click()
    await page.waitForURL(new RegExp(`/offers/${offerId}$`))
    await page.getByTestId('offer-page').getByText('Металлообработка').waitFor()
    await fits(page, 'invest-review')
    await page.getByRole('button', { name: 'Проверка пройдена' }).click()
    await page.getByTestId('offer-status').getByText('Проверка пройдена').waitFor()
    await signOut(page)

    // 3. Another client finds it in the marketplace by its filters and opens a deal within its bounds.
    await signInAndWait(page, INVESTOR)
    await page.goto('/invest')
    await page.getByRole('combobox', { name: 'Тип' }).selectOption('4')
    await page.getByRole('textbox', { name: 'Сумма инвестиции' }).fill('1000000')
    await page.getByRole('textbox', { name: 'Срок, мес.' }).fill('12')
    await page.getByTestId('offer-filters-apply').click()
    await page.getByTestId(`offer-card-${offerId}`).click()
    await page.waitForURL(new RegExp(`/invest/${offerId}$`))
    const form = page.getByTestId('invest-form')
    await form.getByRole('textbox', { name: /Сумма/ }).fill('10000000')
    await form.getByTestId('open-deal').click()
    await form.getByText('Сумма вне границ предложения').waitFor()
    await form.getByRole('textbox', { name: /Сумма/ }).fill('1200000')
    await form.getByRole('textbox', { name: /Срок/ }).fill('12')
    await form.getByText(/Ожидаемый доход: 144\s000,00/).waitFor()
    await fits(page, 'invest-offer')
    await form.getByTestId('open-deal').click()
    await page.waitForURL(/\/invest\/deals\/\d+$/)
    const dealUrl = new URL(page.url()).pathname
    await page.getByTestId('deal-status').getByText('Согласование').waitFor()
    // 1 200 000.00 at 12 % a year: 12 000.00 a month, 144 000.00 over the term.
    await expect.poll(() => page.getByTestId('deal-interest-total').innerText()).toMatch(/144\s000,00/)
    expect(await page.getByTestId('deal-schedule').locator('tbody tr').count()).toBe(12)
    expect(await page.getByRole('button', { name: 'Согласовать' }).count()).toBe(0)
    await fits(page, 'invest-deal')
    await signOut(page)

    // 4. The owner agrees, the investor pays, the owner completes.
    await signInAndWait(page, OWNER)
    await page.goto(dealUrl)
    await page.getByRole('button', { name: 'Согласовать' }).click()
    await page.getByTestId('deal-status').getByText('Ожидает оплаты').waitFor()
    expect(await page.getByRole('button', { name: 'Оплачено' }).count()).toBe(0)
    await signOut(page)

    await signInAndWait(page, INVESTOR)
    await page.goto(dealUrl)
    await page.getByRole('button', { name: 'Оплачено' }).click()
    await page.getByTestId('deal-status').getByText('Действует').waitFor()
    await signOut(page)

    await signInAndWait(page, OWNER)
    await page.goto(dealUrl)
    await page.getByRole('button', { name: 'Выплачено, завершить' }).click()
    await page.getByTestId('deal-status').getByText('Завершена').waitFor()
    await page.goto('/invest?tab=deals')
    await page.getByTestId('deals-table').waitFor()
    await fits(page, 'invest-deals')
  })
})

describe('/invest: the lists page by the server\'s cursors', () => {
  it('a client\'s own offers past a page: "Вперёд" reads on from the last card, "Назад" back to the first page', async () => {
    const { page } = e2e
    await page.setViewportSize(DESKTOP)
    await signInAndWait(page, INVESTOR)
    // More drafts than a page holds (20), made through the API: "my offers" needs a second page.
    const made = await page.evaluate(async key => {
      const ids: number[] = []
      for (let n = 1; n <= 21; n++) {
        const res = await fetch('/api/v1/invest/offers', {
          method: 'POST',
          headers: { authorization: `Bearer ${localStorage.getItem(key)}`, 'content-type': 'application/json' },
          body: JSON.stringify({ name: `E2E страница ${n}`, title: 'Заём', type: 1 }),
        })
        ids.push(((await res.json()) as { data: { id: number } }).data.id)
      }
      return ids
    }, storageKeys.token)
    const shown = () => page.locator('[data-testid^="offer-card-"]').evaluateAll(cards => cards.map(c => Number(c.getAttribute('data-testid')!.slice('offer-card-'.length))))
    const pager = page.getByTestId('pager')

    await page.goto('/invest')
    await page.getByRole('combobox', { name: 'Показать' }).selectOption('mine')
    await page.getByTestId(`offer-card-${made.at(-1)}`).waitFor()
    // Newest first: the last twenty made fill the first page.
    expect(await shown()).toEqual(made.slice(1).reverse())
    expect(await pager.getByRole('button', { name: 'Назад' }).isDisabled()).toBe(true)

    await pager.getByRole('button', { name: 'Вперёд' }).click()
    await page.getByTestId(`offer-card-${made[0]}`).waitFor()
    const second = await shown()
    expect(second[0]).toBe(made[0])
    expect(second.some(id => made.slice(1).includes(id))).toBe(false)
    await fits(page, 'invest-mine-page-2')

    await pager.getByRole('button', { name: 'Назад' }).click()
    await page.getByTestId(`offer-card-${made.at(-1)}`).waitFor()
    expect(await shown()).toEqual(made.slice(1).reverse())
  })
})
