import { act, render } from '@testing-library/react'
import type { ReactNode } from 'react'
import { memoryStorage } from '../../../core/auth/storage'
import { createI18n } from '../../../core/i18n/i18n'
import { I18nContext } from '../../../core/i18n/useT'
import { RuntimeProvider } from '../../../core/react/runtime'
import { createRuntime, type Runtime } from '../../../core/runtime'
import { startSignedInCore } from '../../../core/socket/signed-in'
import { UiProvider } from '../../../core/ui/UiProvider'
import account from '../index'
import en from '../i18n/en.json'
import ru from '../i18n/ru.json'

export interface Sent {
  method: string
  path: string
  body: Record<string, unknown> | undefined
}

/** What the fake server answers to one request: status and envelope. */
export type Answer = { status: number; body: unknown }

/**
 * A live signed-out runtime (the real commands, stores and processes of the account module) over a fake server
 * that answers by `answer`, with `screen` rendered inside the providers. The requests made are in `sent`.
 */
export async function guestRuntime(screen: ReactNode, answer: (request: Sent) => Answer, options: { locale?: 'ru' | 'en'; path?: string } = {}) {
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
  const i18n = createI18n(options.locale ?? 'ru')
  i18n.addResourceBundle('ru', 'account', ru, true, true)
  i18n.addResourceBundle('en', 'account', en, true, true)
  const navigations: string[] = []
  const runtime: Runtime = createRuntime({
    // The signed-in core in place: a fetch of its chunk still under way when a test ends would outlive the test's environment.
    signedIn: { start: startSignedInCore },
    plugins: [account],
    location: { path: () => options.path ?? '/register', navigate: to => void navigations.push(to) },
    storage: memoryStorage({}),
    fetch,
    i18n,
    document: null,
    webSocket: () => ({ readyState: 0, send() {}, close() {}, onopen: null, onclose: null, onmessage: null, onerror: null }) as never,
  })
  await act(() => runtime.start())
  render(
    <RuntimeProvider runtime={runtime}>
      <I18nContext.Provider value={i18n}>
        <UiProvider withGlobalStyle={false}>{screen}</UiProvider>
      </I18nContext.Provider>
    </RuntimeProvider>,
  )
  return { runtime, sent, navigations }
}

export const okAnswer = (data: unknown): Answer => ({ status: 200, body: { result: true, data } })
