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
async function signedIn(language: 'ru' | 'en') {
  const server = { language }
  const sent: Sent[] = []
  const profile = (): Profile => ({
    id: 1, name: 'Ирина', full_name: 'Ирина Петрова', phone: '77001000010', email: null, role: 10, office_id: null,
    settings: { services: { tender: false }, notify_messages: true, notify_events: true, is_agent: false },
    language: server.language, sip: null, ws_connection_string: 'ws://localhost/api/v1/socket?ticket=t',
  })
  const fetch: typeof globalThis.fetch = async (input, init) => {
    const request = input instanceof Request ? input : new Request(String(input), init)
    const path = new URL(request.url, 'http://localhost').pathname.replace(/^\/api\//, '')
    const text = request.method === 'GET' ? '' : await request.text()
    const body = text ? (JSON.parse(text) as { language?: 'ru' | 'en' }) : undefined
    sent.push({ method: request.method, path, body })
    if (path === 'v1/profile/language' && body?.language) server.language = body.language
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
