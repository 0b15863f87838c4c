// @vitest-environment happy-dom
import { act, cleanup, render, screen, waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, describe, expect, it } from 'vitest'
import { memoryStorage } from '../../../../core/auth/storage'
import { virtualClock, type VirtualClock } from '../../../../core/bus/clock'
import { createI18n } from '../../../../core/i18n/i18n'
import { I18nContext } from '../../../../core/i18n/useT'
import { RuntimeProvider } from '../../../../core/react/runtime'
import { createRuntime } from '../../../../core/runtime'
import { startSignedInCore } from '../../../../core/socket/signed-in'
import { UiProvider } from '../../../../core/ui/UiProvider'
import en from '../../i18n/en.json'
import ru from '../../i18n/ru.json'
import bids from '../../index'
import { SIGN_LINK_EXPIRED_CODE, type SignView } from '../contract'
import SignPage from './SignPage'

afterEach(cleanup)

interface Sent {
  method: string
  path: string
  body: Record<string, unknown> | undefined
}
type Answer = { status: number; body: unknown }
const okAnswer = (data: unknown): Answer => ({ status: 200, body: { result: true, data } })

const HASH = '7.abcdefghijklmnopqrstuv.' + 'x'.repeat(43)
const DOCS = [
  { n: 1, name: 'Заявка № 7.pdf', size: 48_213, sha256: 'a'.repeat(64) },
  { n: 2, name: 'Анкета клиента.pdf', size: 2_300_000, sha256: 'b'.repeat(64) },
]
const pending: SignView = {
  state: 'pending',
  phone: '+7 (***) ***-**-10',
  documents: DOCS,
  expires_at: '2026-12-01T00:00:00Z',
  resend_after_seconds: 0,
  code_sent: false,
  signed_at: null,
  signature: null,
}
const signed: SignView = {
  ...pending,
  state: 'signed',
  signed_at: '2026-11-24T09:00:00Z',
  signature: { method: 'sms', documents: DOCS.map(({ n, name, sha256 }) => ({ n, name, sha256 })) },
}

/** A live runtime on a virtual clock over a fake server answering by `answer`; the page rendered inside. */
async function mount(answer: (request: Sent) => Answer, locale: 'ru' | 'en' = 'ru') {
  const sent: Sent[] = []
  const fetch: typeof globalThis.fetch = async (input, init) => {
    const request = input instanceof Request ? input : new Request(String(input), init)
    const path = new URL(request.url, 'http://localhost').pathname.replace(/^\/api\//, '')
    const text = request.method === 'GET' ? '' : await request.text()
    const one: Sent = { method: request.method, path, body: text ? (JSON.parse(text) as Record<string, unknown>) : undefined }
    sent.push(one)
    const { status, body } = answer(one)
    return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } })
  }
  const clock: VirtualClock = virtualClock(Date.parse('2026-11-24T08:00:00Z'))
  const i18n = createI18n(locale)
  i18n.addResourceBundle('ru', 'bids', ru, true, true)
  i18n.addResourceBundle('en', 'bids', en, true, true)
  const runtime = createRuntime({
    // The signed-in core in place: a fetch of its chunk still under way when a test ends would outlive the test's environment.
    signedIn: { start: startSignedInCore },
    plugins: [bids],
    location: { path: () => `/sign/${HASH}`, navigate: () => {} },
    storage: memoryStorage({ locale }),
    fetch,
    i18n,
    clock,
    document: null,
    webSocket: () => ({ readyState: 0, send() {}, close() {}, onopen: null, onclose: null, onmessage: null, onerror: null }) as never,
  })
  await act(() => runtime.start())
  render(
    <RuntimeProvider runtime={runtime}>
      <I18nContext.Provider value={i18n}>
        <UiProvider withGlobalStyle={false}>
          <SignPage params={{ hash: HASH }} />
        </UiProvider>
      </I18nContext.Provider>
    </RuntimeProvider>,
  )
  return { sent, clock }
}

/** The fake signing server: the code 123456 signs, any other is wrong. */
function server(request: Sent): Answer {
  if (request.method === 'GET') return okAnswer(pending)
  if (request.path.endsWith('/code')) return okAnswer({ resend_after_seconds: 60, expires_in_seconds: 600 })
  return request.body?.code === '123456'
    ? okAnswer(signed)
    : { status: 422, body: { result: false, message: 'Неверный код', validation: { code: 'Неверный код. Осталось попыток: 4' } } }
}

describe('/sign/{hash}', () => {
  it('lists the documents with download links, sizes and hashes', async () => {
    await mount(server)
    const first = await screen.findByRole('link', { name: 'Заявка № 7.pdf' })
    expect(first.getAttribute('href')).toBe(`/api/v1/sign/${encodeURIComponent(HASH)}/documents/1`)
    expect(screen.getByRole('link', { name: 'Анкета клиента.pdf' })).toBeTruthy()
    expect(screen.getByText('a'.repeat(64))).toBeTruthy()
    expect(screen.getByText(/47,1 КБ/)).toBeTruthy()
    expect(screen.getByText(/2,2 МБ/)).toBeTruthy()
    expect(screen.getByText(/\+7 \(\*\*\*\) \*\*\*-\*\*-10/)).toBeTruthy()
  })

  it('sends a code, counts 60 s down on the runtime clock before a resend, refuses a wrong code and shows the signed state', async () => {
    const user = userEvent.setup()
    const { sent, clock } = await mount(server)
    await user.click(await screen.findByRole('button', { name: ru.sign.sendCode }))
    expect(sent.filter(r => r.method === 'POST').map(r => r.path)).toEqual([`v1/sign/${encodeURIComponent(HASH)}/code`])

    // The countdown starts in an effect after the answer renders the resend button: wait for it to hold the button.
    await waitFor(() => {
      const resend = screen.getByRole('button', { name: ru.sign.resend })
      expect(resend.hasAttribute('disabled') || resend.getAttribute('aria-disabled') === 'true' || resend.hasAttribute('data-disabled')).toBe(true)
    })
    expect(screen.getByTestId('sign-countdown').textContent).toContain('1:00')
    act(() => clock.advanceBy(30_000))
    expect(screen.getByTestId('sign-countdown').textContent).toContain('0:30')
    act(() => clock.advanceBy(30_000))
    expect(screen.queryByTestId('sign-countdown')).toBeNull()
    await waitFor(() => expect(screen.getByRole('button', { name: ru.sign.resend }).hasAttribute('data-disabled')).toBe(false))

    const field = screen.getByRole('textbox', { name: new RegExp(ru.sign.code) })
    await user.type(field, '111111')
    await user.click(screen.getByRole('button', { name: ru.sign.sign }))
    expect(await screen.findByText('Неверный код. Осталось попыток: 4')).toBeTruthy()
    expect(field.getAttribute('aria-invalid')).toBe('true')

    await user.clear(field)
    await user.type(field, '123456')
    await user.click(screen.getByRole('button', { name: ru.sign.sign }))
    expect(await screen.findByText(ru.sign.signedTitle)).toBeTruthy()
    expect(screen.getByTestId('sign-signed').textContent).toMatch(/24 ноября 2026/)
    expect(screen.getByText(ru.sign.signedHashes)).toBeTruthy()
    expect(screen.queryByRole('button', { name: ru.sign.sign })).toBeNull()
    expect(sent.filter(r => r.method === 'POST').at(-1)?.body).toEqual({ code: '123456' })
  })

  it('keeps the wait the server asks for when the page is opened again within 60 s', async () => {
    await mount(request => (request.method === 'GET' ? okAnswer({ ...pending, code_sent: true, resend_after_seconds: 42 }) : server(request)))
    expect((await screen.findByTestId('sign-countdown')).textContent).toContain('0:42')
    expect(screen.getByRole('textbox', { name: new RegExp(ru.sign.code) })).toBeTruthy()
  })

  it('says when the link has expired', async () => {
    await mount(() => ({ status: 410, body: { result: false, message: 'Срок действия ссылки истёк', code: SIGN_LINK_EXPIRED_CODE } }))
    expect(await screen.findByText(ru.sign.expired)).toBeTruthy()
    expect(screen.getByText(ru.sign.askNew)).toBeTruthy()
  })

  it('speaks English', async () => {
    await mount(server, 'en')
    expect(await screen.findByRole('heading', { name: en.sign.title })).toBeTruthy()
    expect(screen.getByRole('button', { name: en.sign.sendCode })).toBeTruthy()
  })
})
