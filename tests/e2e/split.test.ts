/**
 * Issue 14 §2 in a real Chromium against the real server: a call-center employee (150) lands on /split-bids after
 * a password sign-in, creates a split bid in the form, and works it: verified → go to payment → client paid →
 * complete, with its transaction and the payment schedule (downloaded as CSV). Every split screen fits 390 px (nothing
 * scrolls sideways); screenshots at 1440 and 390 px.
 *
 * E2E_SHOTS=<dir> saves the screenshots for a person to look at.
 */
import { describe, expect, it } from 'vitest'
import { signInAndWait, waitForPath } from './support/browser'
import { useE2E } from './support/setup'
import { DESKTOP, pageOverflowX, PHONE, shot } from './support/shots'

const e2e = useE2E()
const CALL_CENTER = '+7 (700) 100-01-50'

describe('split financing as a call-center employee', () => {
  it('creates a split bid and works it from verification to completion; fits 390 px', async () => {
    const { page } = e2e
    await page.setViewportSize(DESKTOP)
    await signInAndWait(page, CALL_CENTER)
    await waitForPath(page, '/split-bids')
    await page.getByTestId('split-table').waitFor()
    await shot(page, 'split-list-1440-ru')

    await page.getByTestId('split-new').click()
    const dialog = page.getByRole('dialog', { name: 'Новая сплит-заявка' })
    await dialog.waitFor()
    // Nothing typed: the form says what is missing and sends nothing.
    await dialog.getByTestId('split-save').click()
    await dialog.getByText('Обязательное поле').first().waitFor()
    const name = `Тестов Тест ${Date.now()}`
    await dialog.getByRole('textbox', { name: /Телефон/ }).pressSequentially('7019998877')
    await dialog.getByRole('textbox', { name: /ФИО/ }).fill(name)
    await dialog.getByRole('textbox', { name: /Адрес/ }).fill('г. Москва, ул. Тверская, д. 7, кв. 15')
    await dialog.getByRole('textbox', { name: /Серия/ }).fill('4510')
    await dialog.getByRole('textbox', { name: /Номер/ }).fill('654321')
    await dialog.getByRole('textbox', { name: /Дата выдачи/ }).pressSequentially('17032015')
    await dialog.getByRole('textbox', { name: /Кем выдан/ }).fill('ОВД Тверского района г. Москвы')
    await dialog.getByRole('textbox', { name: /^Сумма/ }).fill('1000000')
    await dialog.getByRole('textbox', { name: /^Срок/ }).fill('3')
    await dialog.getByRole('textbox', { name: /Ставка/ }).fill('12')
    await dialog.getByTestId('split-preview').waitFor()
    await shot(page, 'split-form-1440-ru')
    await page.setViewportSize(PHONE)
    await expect.poll(() => pageOverflowX(page)).toBeLessThanOrEqual(0)
    await shot(page, 'split-form-390-ru', false)
    await page.setViewportSize(DESKTOP)

    const created = page.waitForResponse(r => r.url().endsWith('/api/v1/split-bids') && r.request().method() === 'POST')
    await dialog.getByTestId('split-save').click()
    const body = (await (await created).json()) as { data: { id: number; phone: string; status: number; schedule: { rows: unknown[] } } }
    expect(body.data).toMatchObject({ phone: '77019998877', status: 10 })
    expect(body.data.schedule.rows).toHaveLength(3)
    await waitForPath(page, `/split-bids/${body.data.id}`)
    const status = page.getByTestId('split-status')
    await expect.poll(() => status.textContent()).toBe('Не активирована')
    await expect.poll(() => page.getByTestId('split-schedule').locator('[role="row"]').count()).toBeGreaterThanOrEqual(4)

    // The schedule as a file.
    const download = page.waitForEvent('download')
    await page.getByTestId('split-download').click()
    const file = await download
    expect(file.suggestedFilename()).toBe(`split-bid-${body.data.id}-schedule.csv`)

    await page.getByRole('button', { name: 'Проверено' }).click()
    await expect.poll(() => status.textContent()).toBe('Ожидает подписания')
    await page.getByRole('button', { name: 'Перейти к оплате' }).click()
    await expect.poll(() => status.textContent()).toBe('Ожидает оплаты')
    const transactions = page.getByTestId('split-transactions')
    await transactions.getByText('Ожидает').first().waitFor()
    await transactions.getByText('По реквизитам').first().waitFor()
    await shot(page, 'split-payment-1440-ru')
    await page.getByRole('button', { name: 'Клиент оплатил' }).click()
    await expect.poll(() => status.textContent()).toBe('Оплачена')
    await transactions.getByText('Проведена').first().waitFor()
    await page.getByRole('button', { name: 'Завершить' }).click()
    await expect.poll(() => status.textContent()).toBe('Завершена')
    await expect.poll(() => page.getByTestId('split-history').locator('li').count()).toBe(4)
    await shot(page, 'split-bid-1440-ru')

    await page.setViewportSize(PHONE)
    await expect.poll(() => pageOverflowX(page)).toBeLessThanOrEqual(0)
    await shot(page, 'split-bid-390-ru')

    await page.goto('/split-bids')
    await page.getByTestId('split-table').waitFor()
    await expect.poll(() => pageOverflowX(page)).toBeLessThanOrEqual(0)
    await shot(page, 'split-list-390-ru')

    await page.goto('/split-clients')
    await page.getByTestId('split-clients-table').getByText(name).waitFor()
    await expect.poll(() => pageOverflowX(page)).toBeLessThanOrEqual(0)
    await shot(page, 'split-clients-390-ru')
    await page.setViewportSize(DESKTOP)
    await shot(page, 'split-clients-1440-ru')
    // A client's row opens their bids.
    await page.getByTestId('split-clients-table').getByRole('link', { name }).click()
    await page.getByTestId('split-table').getByText(name).first().waitFor()

    await page.goto('/split-bids/99999999')
    await page.getByTestId('split-missing').waitFor()
  })
})
