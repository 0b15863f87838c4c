// @vitest-environment happy-dom
import { act, cleanup, render, screen, waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, describe, expect, it } from 'vitest'
import type { Profile } from '../../../core/auth/profile'
import { memoryStorage } from '../../../core/auth/storage'
import { createI18n } from '../../../core/i18n/i18n'
import { $locale } from '../../../core/i18n/model'
import { I18nContext } from '../../../core/i18n/useT'
import { RuntimeProvider } from '../../../core/react/runtime'
import { createRuntime, type Runtime } from '../../../core/runtime'
import { startSignedInCore } from '../../../core/socket/signed-in'
import { UiProvider } from '../../../core/ui/UiProvider'
import account from '../index'
import en from '../i18n/en.json'
import ru from '../i18n/ru.json'
import ProfilePage from './ProfilePage'

afterEach(cleanup)

interface Sent {
  method: string
  path: string
  body: unknown
}

/** A live runtime (the real commands, stores and processes) over a fake server that keeps one account's language. */
async function signedIn(language: 'ru' | 'en', overrides: Partial<Profile> = {}) {
  const server: { language: 'ru' | 'en'; pending_email: string | null } = { language, pending_email: null }
  const sent: Sent[] = []
  const profile = (): Profile => ({
    id: 1, name: 'Ирина', full_name: 'Ирина Петрова', phone: '77001000010', email: null, role: 10, office_id: null,
    settings: { services: { tender: false }, notify_messages: true, notify_events: true, is_agent: false },
    language: server.language, sip: null, ws_connection_string: 'ws://localhost/api/v1/socket?ticket=t',
    pending_email: server.pending_email, ...overrides,
  })
  const fetch: typeof globalThis.fetch = async (input, init) => {
    const request = input instanceof Request ? input : new Request(String(input), init)
    const path = new URL(request.url, 'http://localhost').pathname.replace(/^\/api\//, '')
    const text = request.method === 'GET' ? '' : await request.text()
    const body = text ? (JSON.parse(text) as { language?: 'ru' | 'en'; email?: string }) : undefined
    sent.push({ method: request.method, path, body })
    if (path === 'v1/profile/language' && body?.language) server.language = body.language
    if (path === 'v1/profile/email' && body?.email) server.pending_email = body.email
    const data = path === 'v1/company' ? null : profile()
    return new Response(JSON.stringify({ result: true, data }), { status: 200, headers: { 'content-type': 'application/json' } })
  }
  const i18n = createI18n('ru')
  i18n.addResourceBundle('ru', 'account', ru, true, true)
  i18n.addResourceBundle('en', 'account', en, true, true)
  const runtime: Runtime = createRuntime({
    plugins: [account],
    location: { path: () => '/profile', navigate: () => {} },
    storage: memoryStorage({ token: 'test-token' }),
    fetch,
    i18n,
    document: null,
    webSocket: () => ({ readyState: 0, send() {}, close() {}, onopen: null, onclose: null, onmessage: null, onerror: null }) as never,

    // In place, not fetched when a session begins: a fetch still under way when the test ends outlives its environment.
    signedIn: { start: startSignedInCore },
  })
  await act(() => runtime.start())
  await waitFor(() => expect(sent.some(r => r.path === 'v1/profile')).toBe(true))
  render(
    <RuntimeProvider runtime={runtime}>
      <I18nContext.Provider value={i18n}>
        <UiProvider withGlobalStyle={false}>
          <ProfilePage />
        </UiProvider>
      </I18nContext.Provider>
    </RuntimeProvider>,
  )
  return { runtime, sent, server }
}

describe('the profile page’s language', () => {
  it('shows the account’s language; choosing another switches the UI and saves it to the account', async () => {
    const { runtime, sent, server } = await signedIn('ru')
    const select = await screen.findByRole('combobox', { name: 'Язык кабинета и уведомлений' })
    expect((select as HTMLSelectElement).value).toBe('ru')
    expect(screen.getByText('На этом языке кабинет показывает уведомления и присылает письма.')).toBeTruthy()

    await userEvent.setup().selectOptions(select, 'en')
    expect(runtime.scope.getState($locale)).toBe('en')
    await waitFor(() => expect(server.language).toBe('en'))
    expect(sent.filter(r => r.path === 'v1/profile/language')).toEqual([{ method: 'POST', path: 'v1/profile/language', body: { language: 'en' } }])
    // The profile is reloaded: the page (now in English) shows what the account keeps.
    const english = await screen.findByRole('combobox', { name: 'Language of the cabinet and notifications' })
    await waitFor(() => expect((english as HTMLSelectElement).value).toBe('en'))
    runtime.stop()
  })

  it('a signed-in session adopts the account’s language when the profile arrives', async () => {
    const { runtime, sent } = await signedIn('en')
    await waitFor(() => expect(runtime.scope.getState($locale)).toBe('en'))
    expect(await screen.findByRole('combobox', { name: 'Language of the cabinet and notifications' })).toBeTruthy()
    expect(sent.filter(r => r.path === 'v1/profile/language')).toEqual([])
    runtime.stop()
  })
})

describe('the profile page’s contacts and switches', () => {
  it('lays the phone and e-mail out as a form; a new e-mail is sent for confirmation and named until then', async () => {
    const { runtime, sent } = await signedIn('ru', { email: 'old@example.com' })
    const form = await screen.findByRole('form', { name: 'Контакты' })
    const phone = screen.getByRole('textbox', { name: 'Телефон' }) as HTMLInputElement
    expect(phone.readOnly).toBe(true)
    expect(phone.value).toBe('+7 (700) 100-00-10')
    const email = screen.getByRole('textbox', { name: 'E-mail' }) as HTMLInputElement
    expect(email.value).toBe('old@example.com')
    const submit = screen.getByRole('button', { name: 'Сменить e-mail' })
    expect(submit.hasAttribute('disabled') || submit.getAttribute('aria-disabled') === 'true').toBe(true)
    expect(form.contains(email)).toBe(true)

    const user = userEvent.setup()
    await user.clear(email)
    await user.type(email, 'not-an-address')
    await user.click(screen.getByRole('button', { name: 'Сменить e-mail' }))
    expect(email.getAttribute('aria-invalid')).toBe('true')
    expect(sent.filter(r => r.path === 'v1/profile/email')).toEqual([])

    await user.clear(email)
    await user.type(email, 'new@example.com{Enter}')
    await waitFor(() => expect(sent.filter(r => r.path === 'v1/profile/email')).toEqual([{ method: 'POST', path: 'v1/profile/email', body: { email: 'new@example.com' } }]))
    expect((await screen.findByTestId('email-pending')).textContent).toBe('Ссылка для подтверждения отправлена на new@example.com. Пока вы её не откроете, письма приходят на old@example.com.')
    expect(email.value).toBe('old@example.com')
    runtime.stop()
  })

  it('shows the "I am an agent" switch to a client only', async () => {
    const client = await signedIn('ru')
    expect(await screen.findByRole('switch', { name: 'Я агент' })).toBeTruthy()
    client.runtime.stop()
    cleanup()
    const agent = await signedIn('ru', { role: 30 })
    await screen.findByRole('form', { name: 'Контакты' })
    expect(screen.getByRole('switch', { name: 'Новые сообщения' })).toBeTruthy()
    expect(screen.queryByRole('switch', { name: 'Я агент' })).toBeNull()
    agent.runtime.stop()
  })
})
