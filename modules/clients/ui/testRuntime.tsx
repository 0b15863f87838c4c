import type { ReactNode } from 'react'
import { memoryStorage } from '../../../core/auth/storage'
import { createI18n } from '../../../core/i18n/i18n'
import { I18nContext } from '../../../core/i18n/useT'
import { RuntimeProvider } from '../../../core/react/runtime'
import { createRuntime, type LocationPort, type Runtime } from '../../../core/runtime'
import { startSignedInCore } from '../../../core/socket/signed-in'
import { UiProvider } from '../../../core/ui/UiProvider'
import clients from '../index'
import ru from '../i18n/ru.json'

export interface Sent {
  method: string
  path: string
  body: unknown
}

/**
 * A live runtime for component tests of the clients screens (happy-dom): the real plugin, commands and
 * stores, an in-memory location, and a fetch that answers from `answer` and records what was sent.
 */
export async function testRuntime(answer: (req: Sent) => unknown = () => ({ result: true, data: null })) {
  const sent: Sent[] = []
  const fetch: typeof globalThis.fetch = async (input, init) => {
    const request = input instanceof Request ? input : new Request(String(input), init)
    const url = new URL(request.url, 'http://localhost')
    const text = request.method === 'GET' ? '' : await request.text()
    const req = { method: request.method, path: url.pathname.replace(/^\/api\//, ''), body: text ? JSON.parse(text) : undefined }
    sent.push(req)
    return new Response(JSON.stringify(answer(req)), { status: 200, headers: { 'content-type': 'application/json' } })
  }
  let path = '/'
  const location: LocationPort = {
    path: () => path,
    navigate: to => {
      path = to
    },
  }
  const i18n = createI18n('ru')
  i18n.addResourceBundle('ru', 'clients', ru, true, true)
  const runtime: Runtime = createRuntime({
    // The signed-in core in place: a fetch of its chunk still under way when a test ends would outlive the test's environment.
    signedIn: { start: startSignedInCore },
    plugins: [clients],
    location,
    storage: memoryStorage({ token: 'test-token' }),
    fetch,
    i18n,
    document: null,
    webSocket: () => ({ readyState: 0, send() {}, close() {}, onopen: null, onclose: null, onmessage: null, onerror: null }) as never,
  })
  const wrap = (children: ReactNode) => (
    <RuntimeProvider runtime={runtime}>
      <I18nContext.Provider value={i18n}>
        <UiProvider withGlobalStyle={false}>{children}</UiProvider>
      </I18nContext.Provider>
    </RuntimeProvider>
  )
  return { runtime, sent, wrap, path: () => path }
}
