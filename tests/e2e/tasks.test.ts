/**
 * Issue 13 §2 in a real Chromium against the real server: an agent creates a task in the dialog, finds it in the
 * list and in the month and week calendars, opens it, starts and completes it and adds a comment. At 390 px the list
 * and both calendars fit the screen (nothing scrolls sideways); screenshots at 1440 and 390 px in Russian and English.
 *
 * E2E_SHOTS=<dir> saves the screenshots for a person to look at.
 */
import { describe, expect, it } from 'vitest'
import { businessToday } from '../../modules/tasks/contract'
import { sel, signInAndWait } from './support/browser'
import type { Page } from 'playwright-core'
import { useE2E } from './support/setup'
import { DESKTOP, pageOverflowX, PHONE, shot } from './support/shots'

const e2e = useE2E()
const AGENT = '+7 (700) 100-00-30'
const ADMIN = '+7 (700) 100-01-00'
/** The verifier of the demo seed (server/seed.ts), whom an administrator may give a task to. */
const VERIFIER = 'Козлова Наталья Викторовна'

const TEXTS = {
  ru: { dialog: 'Новая задача', name: /Название/, responsible: /Ответственный/, create: 'Создать', created: 'Задача создана' },
  en: { dialog: 'New task', name: /Name/, responsible: /Responsible/, create: 'Create', created: 'Task created' },
} as const

/**
 * Opens the new task dialog on /tasks, types part of a name into the responsible field, checks that the list of
 * people found fits the screen, picks the person and saves; the list then shows the task with that responsible, and
 * its responsible filter, found by the typed name as well, lists only that person's tasks (also after a reload).
 */
async function giveTaskByTypedName(page: Page, lang: 'ru' | 'en', width: number) {
  const t = TEXTS[lang]
  const name = `E2E ответственный ${width} ${lang} ${Date.now()}`
  await page.goto('/tasks')
  await page.getByTestId('task-table').waitFor()
  await page.getByTestId('task-new').click()
  const dialog = page.getByRole('dialog', { name: t.dialog })
  await dialog.getByRole('textbox', { name: t.name }).fill(name)
  const box = dialog.getByRole('combobox', { name: t.responsible })
  await box.click()
  await box.fill('')
  const asked = page.waitForResponse(r => r.url().includes('/api/v1/tasks/responsibles?search='))
  await box.pressSequentially('Козлов', { delay: 30 })
  expect((await asked).status()).toBe(200)
  const option = page.getByRole('listbox').getByRole('option', { name: VERIFIER })
  await option.waitFor()
  // The list of people found stays on the screen, whatever its width.
  const list = await page.getByRole('listbox').boundingBox()
  expect(list).not.toBeNull()
  expect(list!.x).toBeGreaterThanOrEqual(0)
  expect(list!.x + list!.width).toBeLessThanOrEqual(width)
  await expect.poll(() => pageOverflowX(page)).toBeLessThanOrEqual(0)
  await shot(page, `tasks-responsible-${width}-${lang}`, false)
  await option.click()
  expect(await box.inputValue()).toBe(VERIFIER)
  const created = page.waitForResponse(r => r.url().endsWith('/api/v1/tasks') && r.request().method() === 'POST')
  await dialog.getByRole('button', { name: t.create }).click()
  const body = (await (await created).json()) as { data: { responsible: { full_name: string } } }
  expect(body.data.responsible.full_name).toBe(VERIFIER)
  await page.getByText(t.created).first().waitFor()
  await expect.poll(() => dialog.count()).toBe(0)
  await page.getByTestId('task-search').locator('input').fill(name)
  const row = page.getByTestId('task-table').getByRole('row').filter({ hasText: name })
  await expect.poll(() => row.innerText()).toContain(VERIFIER)

  // The list's responsible filter finds the person the same way; the URL keeps the id, and a reload names them.
  await page.getByTestId('task-search').locator('input').fill('')
  const filter = page.getByTestId('task-responsible-filter').getByRole('combobox', { name: t.responsible })
  await filter.click()
  const found = page.waitForResponse(r => r.url().includes('/api/v1/tasks/responsibles?search='))
  await filter.pressSequentially('Козлов', { delay: 30 })
  expect((await found).status()).toBe(200)
  const person = page.getByRole('listbox').getByRole('option', { name: VERIFIER })
  await person.waitFor()
  await expect.poll(() => pageOverflowX(page)).toBeLessThanOrEqual(0)
  await shot(page, `tasks-filter-${width}-${lang}`, false)
  await person.click()
  await page.waitForURL(/responsible=\d+/)
  const responsibles = page.getByTestId('task-table').locator('[role="row"]:has([role="rowheader"])')
  const onlyVerifiers = async () => {
    const rows = await responsibles.allInnerTexts()
    return rows.length > 0 && rows.every(text => text.includes(VERIFIER))
  }
  await expect.poll(onlyVerifiers).toBe(true)
  await shot(page, `tasks-filtered-${width}-${lang}`, false)
  await page.reload()
  await expect.poll(() => filter.inputValue()).toBe(VERIFIER)
  await expect.poll(onlyVerifiers).toBe(true)
}

describe('/tasks as an agent', () => {
  it('creates a task from a client\'s card, linked to it, and the task links back', async () => {
    const { page } = e2e
    await page.setViewportSize(DESKTOP)
    await signInAndWait(page, AGENT)
    await page.goto('/clients')
    const first = page.getByTestId('companies-table').locator('[role="rowheader"] a').first()
    const href = await first.getAttribute('href')
    const companyId = Number(/\/clients\/(\d+)/.exec(href ?? '')?.[1])
    expect(companyId).toBeGreaterThan(0)
    await page.goto(`/clients/${companyId}`)
    await page.getByTestId('create-task-client').click()
    const dialog = page.getByRole('dialog', { name: 'Новая задача' })
    const name = dialog.getByRole('textbox', { name: /Название/ })
    expect(await name.inputValue()).toBe(`Связаться с клиентом № ${companyId}`)
    await name.fill(`Клиент ${companyId}: созвон ${Date.now()}`)
    const created = page.waitForResponse(r => r.url().endsWith('/api/v1/tasks') && r.request().method() === 'POST')
    await dialog.getByRole('button', { name: 'Создать' }).click()
    const body = (await (await created).json()) as { data: { id: number; links: { kind: string; id: number }[] } }
    expect(body.data.links).toEqual([{ kind: 'client', id: companyId }])
    await page.getByText('Задача создана').first().waitFor()
    await page.goto(`/tasks/${body.data.id}`)
    await page.getByTestId('task-fields').getByRole('link', { name: `Клиент № ${companyId}` }).click()
    await page.waitForURL(new RegExp(`/clients/${companyId}$`))

    // A task that is not there (or not this user's) is a not-found state, not an error.
    await page.goto('/tasks/99999999')
    await page.getByTestId('task-missing').getByText('Задача не найдена').waitFor()
  })

  it('creates a task, sees it in the list, the month and the week, starts and completes it, comments; fits 390 px', async () => {
    const { page } = e2e
    const name = `E2E задача ${Date.now()}`
    const tomorrow = businessToday(Date.now() + 86_400_000)

    await page.setViewportSize(DESKTOP)
    await signInAndWait(page, AGENT)
    await page.goto('/tasks')
    await page.getByTestId('task-table').waitFor()

    await page.getByTestId('task-new').click()
    const dialog = page.getByRole('dialog', { name: 'Новая задача' })
    await dialog.waitFor()
    // SPEC §9: dates typed with the mask ##.##.####, the time ##:##.
    const typed = (iso: string) => iso.split('-').reverse().join('.')
    const dateFrom = dialog.getByRole('textbox', { name: /Дата начала/ })
    expect(await dateFrom.inputValue()).toBe(typed(tomorrow))
    expect(await dialog.getByRole('textbox', { name: /Время/ }).inputValue()).toBe('15:00')
    await dateFrom.fill('')
    await dateFrom.pressSequentially(typed(tomorrow).replaceAll('.', ''))
    expect(await dateFrom.inputValue()).toBe(typed(tomorrow))
    await dialog.getByRole('button', { name: 'Создать' }).click()
    await dialog.getByText('Обязательное поле').first().waitFor()
    await dialog.getByRole('textbox', { name: /Название/ }).fill(name)
    await dialog.getByRole('textbox', { name: 'Описание' }).fill('Проверить календарь')
    await dialog.getByTestId('task-remind_executor').getByText('За 30 мин').click()
    await expect.poll(() => dialog.getByRole('switch').isEnabled()).toBe(true)
    await shot(page, 'tasks-dialog-1440-ru')
    await dialog.getByRole('button', { name: 'Создать' }).click()
    await page.getByText('Задача создана').first().waitFor()
    await expect.poll(() => dialog.count()).toBe(0)

    await page.getByTestId('task-search').locator('input').fill(name)
    const table = page.getByTestId('task-table')
    await expect.poll(() => table.locator('[role="rowheader"]').allInnerTexts()).toEqual([name])
    await shot(page, 'tasks-list-1440-ru')

    // The month of tomorrow, then its week: the task is on its day.
    await page.getByRole('group', { name: 'Вид' }).getByRole('button', { name: 'Месяц' }).click()
    await page.getByRole('grid').waitFor()
    if ((await page.getByTestId(`calendar-day-${tomorrow}`).count()) === 0) await page.getByTestId('calendar-next').click()
    const day = page.getByTestId(`calendar-day-${tomorrow}`)
    await day.getByRole('link', { name: `15:00 ${name}` }).waitFor()
    expect(await page.locator('[role="gridcell"][aria-current="date"]').count()).toBe(1)
    await shot(page, 'tasks-month-1440-ru')
    await page.getByRole('group', { name: 'Вид' }).getByRole('button', { name: 'Неделя' }).click()
    await page.waitForURL(/view=week/)
    if ((await page.getByTestId(`calendar-day-${tomorrow}`).count()) === 0) await page.getByTestId('calendar-next').click()
    await page.getByTestId(`calendar-day-${tomorrow}`).getByRole('link', { name: `15:00 ${name}` }).waitFor()
    await shot(page, 'tasks-week-1440-ru')

    // Keyboard: the grid's day is focusable, Enter opens the day's tasks as a list.
    await page.getByTestId(`calendar-day-${tomorrow}`).focus()
    await page.keyboard.press('Enter')
    await page.waitForURL(new RegExp(`from=${tomorrow}&to=${tomorrow}`))
    await expect.poll(() => table.locator('[role="rowheader"]').allInnerTexts()).toEqual([name])

    await table.getByRole('link', { name }).click()
    await page.getByRole('heading', { level: 1, name }).waitFor()
    const status = page.getByTestId('task-status')
    expect(await status.innerText()).toContain('Новая')
    await page.getByRole('button', { name: 'Взять в работу' }).click()
    await expect.poll(() => status.innerText()).toContain('В работе')
    await page.getByRole('button', { name: 'Выполнить' }).click()
    await expect.poll(() => status.innerText()).toContain('Выполнена')
    await page.getByRole('textbox', { name: 'Новый комментарий' }).fill('Готово, клиент доволен')
    await page.getByTestId('task-comment-add').click()
    await page.getByTestId('task-comments').getByText('Готово, клиент доволен').waitFor()
    const history = await page.getByTestId('task-history').innerText()
    expect(history).toContain('Задача создана')
    expect(history).toContain('Статус: Новая → В работе')
    expect(history).toContain('Статус: В работе → Выполнена')
    await shot(page, 'tasks-one-1440-ru')

    // 390 px: the task, the list and both calendars fit.
    await page.setViewportSize(PHONE)
    await expect.poll(() => pageOverflowX(page)).toBeLessThanOrEqual(0)
    await shot(page, 'tasks-one-390-ru')
    await page.goto('/tasks')
    await table.waitFor()
    await expect.poll(() => pageOverflowX(page)).toBeLessThanOrEqual(0)
    await shot(page, 'tasks-list-390-ru')
    await page.goto(`/tasks?view=month&day=${tomorrow}`)
    await page.getByRole('grid').waitFor()
    await expect.poll(() => pageOverflowX(page)).toBeLessThanOrEqual(0)
    await shot(page, 'tasks-month-390-ru')
    await page.goto(`/tasks?view=week&day=${tomorrow}`)
    await page.getByTestId(`calendar-day-${tomorrow}`).getByRole('link', { name: `15:00 ${name}` }).waitFor()
    await expect.poll(() => pageOverflowX(page)).toBeLessThanOrEqual(0)
    await shot(page, 'tasks-week-390-ru')

    // English (the choice is the user's: switched back at the end).
    await page.locator(sel.localeSwitch).click()
    await expect.poll(() => page.evaluate(() => document.documentElement.lang)).toBe('en')
    await page.getByRole('button', { name: 'Next week' }).waitFor()
    await expect.poll(() => pageOverflowX(page)).toBeLessThanOrEqual(0)
    await shot(page, 'tasks-week-390-en')
    await page.goto('/tasks')
    await table.waitFor()
    await expect.poll(() => pageOverflowX(page)).toBeLessThanOrEqual(0)
    await shot(page, 'tasks-list-390-en')
    await page.setViewportSize(DESKTOP)
    await page.goto(`/tasks?view=month&day=${tomorrow}`)
    await page.getByRole('grid').waitFor()
    await shot(page, 'tasks-month-1440-en')
    await page.goto('/tasks')
    await page.getByTestId('task-new').click()
    await page.getByRole('dialog', { name: 'New task' }).waitFor()
    await shot(page, 'tasks-dialog-1440-en')
    await page.keyboard.press('Escape')
    await page.locator(sel.localeSwitch).click()
    await expect.poll(() => page.evaluate(() => document.documentElement.lang)).toBe('ru')
  })
})

describe('/tasks: the responsible found by typing', () => {
  it('an administrator types part of a name, picks the person and saves; at 1440 and 390 px, in Russian and English', async () => {
    const { page } = e2e
    await page.setViewportSize(DESKTOP)
    await signInAndWait(page, ADMIN)
    await giveTaskByTypedName(page, 'ru', DESKTOP.width)
    await page.setViewportSize(PHONE)
    await giveTaskByTypedName(page, 'ru', PHONE.width)
    await page.locator(sel.localeSwitch).click()
    await expect.poll(() => page.evaluate(() => document.documentElement.lang)).toBe('en')
    await giveTaskByTypedName(page, 'en', PHONE.width)
    await page.setViewportSize(DESKTOP)
    await giveTaskByTypedName(page, 'en', DESKTOP.width)
    await page.locator(sel.localeSwitch).click()
    await expect.poll(() => page.evaluate(() => document.documentElement.lang)).toBe('ru')
  })
})
