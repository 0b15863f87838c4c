/**
 * Issue 13 §3 in a real Chromium against the real server: a callback request the company's website posts (a real
 * HTTP request from Node, no session, no Origin — as a site's backend or curl would) appears by itself in the
 * verifier's open /site-recall (the socket's updateSiteRecalls), is taken into work (a call-back task for the
 * verifier, linked from the row), and marked done (it moves to the processed tab). At 390 px nothing scrolls sideways.
 *
 * E2E_SHOTS=<dir> saves screenshots at 390 and 1440 px for a person to look at.
 */
import { describe, expect, it } from 'vitest'
import { sel, signInAndWait } from './support/browser'
import { useE2E } from './support/setup'
import { DESKTOP, pageOverflowX, PHONE, shot } from './support/shots'

const e2e = useE2E()
const VERIFIER = '+7 (700) 100-01-70'

describe('/site-recall as the verifier', () => {
  it('a request posted by the site appears live, is taken into work with a task link, and marked done', async () => {
    const { page, url } = e2e
    const stamp = String(Date.now()).slice(-7)
    const name = `Посетитель ${stamp}`
    const national = `703${stamp}`
    const formatted = `+7 (${national.slice(0, 3)}) ${national.slice(3, 6)}-${national.slice(6, 8)}-${national.slice(8)}`

    await page.setViewportSize(DESKTOP)
    await signInAndWait(page, VERIFIER)
    await page.goto('/site-recall')
    await page.getByTestId('site-recall-tab-new').waitFor()
    // The list has loaded (the tabs show their counts) before the site posts.
    await expect.poll(() => page.getByTestId('site-recall-tab-new').innerText()).toMatch(/\d/)

    const posted = await fetch(`${url}/api/v1/site-recall`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ name, phone: `8${national}`, comment: 'Хочу гарантию на тендер', page: 'https://site.example/guarantees', website: '' }),
    })
    expect(posted.status).toBe(200)
    expect(await posted.json()).toEqual({ result: true, data: { accepted: true } })

    // No reload: the socket's push makes the open page read its rows again.
    const row = page.getByRole('row').filter({ hasText: name })
    await row.waitFor({ timeout: 15_000 })
    expect(await row.innerText()).toContain(formatted)
    expect(await row.innerText()).toContain('Хочу гарантию на тендер')
    await shot(page, 'site-recall-1440-ru')

    await page.getByRole('button', { name: `Взять в работу заявку ${name}, ${formatted}` }).click()
    await page.getByText('Заявка взята в работу, задача на обратный звонок создана').first().waitFor()
    const task = row.getByRole('link', { name: /^Задача №\d+$/ })
    await task.waitFor()
    expect(await task.getAttribute('href')).toMatch(/^\/tasks\/\d+$/)
    expect(await row.innerText()).toContain('В работе')

    await page.setViewportSize(PHONE)
    await expect.poll(() => pageOverflowX(page)).toBeLessThanOrEqual(0)
    await shot(page, 'site-recall-390-ru')
    await page.setViewportSize(DESKTOP)

    await page.getByRole('button', { name: `Отметить обработанной заявку ${name}, ${formatted}` }).click()
    await page.getByText('Заявка отмечена обработанной').first().waitFor()
    await expect.poll(() => page.getByRole('row').filter({ hasText: name }).count()).toBe(0)

    await page.getByTestId('site-recall-tab-done').click()
    await expect.poll(() => new URL(page.url()).search).toBe('?tab=done')
    await page.getByRole('row').filter({ hasText: name }).waitFor()
    expect(await page.getByRole('row').filter({ hasText: name }).innerText()).toContain('Обработана')

    // In English, at 390 px as well.
    await page.locator(sel.localeSwitch).click()
    await page.getByRole('heading', { level: 1, name: 'Callback requests from the site' }).waitFor()
    expect(await page.getByRole('row').filter({ hasText: name }).innerText()).toContain('Processed')
    await shot(page, 'site-recall-1440-en')
    await page.setViewportSize(PHONE)
    await expect.poll(() => pageOverflowX(page)).toBeLessThanOrEqual(0)
    await shot(page, 'site-recall-390-en')
    // The language is the user's own choice, kept by the server: back to Russian for the suites that follow.
    await page.locator(sel.localeSwitch).click()
    await expect.poll(() => page.evaluate(() => document.documentElement.lang)).toBe('ru')
  })
})
