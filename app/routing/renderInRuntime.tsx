import { render } from '@testing-library/react'
import type { ReactElement } from 'react'
import { memoryStorage } from '../../core/auth/storage'
import { virtualClock } from '../../core/bus/clock'
import { createI18n } from '../../core/i18n/i18n'
import * as english from '../../core/i18n/locales/en'
import { I18nContext } from '../../core/i18n/useT'
import type { Plugin } from '../../core/plugin/types'
import { RuntimeProvider } from '../../core/react/runtime'
import { createRuntime } from '../../core/runtime'
import type { WebSocketLike } from '../../core/socket/adapter'
import { startSignedInCore } from '../../core/socket/signed-in'
import { AriaLocale } from '../../core/ui/AriaLocale'
import { UiProvider } from '../../core/ui/UiProvider'
import { shellPlugin } from '../shell.plugin'

/**
 * For component tests of the shell: a real runtime (English, a virtual clock, no socket or document) with the shell's
 * plugin and `plugins`, and `ui` rendered inside it as the app renders pages. `fetch` stands in for the network; a
 * socket never opens (emit `socket/opened` to say it did). The shell is what a signed-in user sees: the core's signed-in
 * logic (socket, session control) is in place from the start, not fetched after a sign-in.
 */
export async function renderInRuntime(
  ui: ReactElement,
  options: {
    plugins?: Plugin[]
    fetch?: typeof globalThis.fetch
    /** The plugins left out of the first load (RuntimeOptions.rest); the shell's plugin is then among them. */
    rest?: () => Promise<readonly Plugin[]>
    /** Where the runtime starts (default `/tasks`). */
    path?: string
  } = {},
) {
  const clock = virtualClock()
  const i18n = createI18n('en', { en: english })
  const runtime = createRuntime({
    plugins: options.rest ? (options.plugins ?? []) : [shellPlugin, ...(options.plugins ?? [])],
    ...(options.rest ? { rest: options.rest } : {}),
    location: { path: () => options.path ?? '/tasks', navigate: () => {} },
    clock,
    storage: memoryStorage({ locale: 'en' }),
    document: null,
    i18n,
    apiBase: 'http://127.0.0.1/api/',
    webSocket: () => ({ readyState: 0, send() {}, close() {}, onopen: null, onmessage: null, onclose: null, onerror: null }) satisfies WebSocketLike,
    ...(options.fetch ? { fetch: options.fetch } : {}),
    signedIn: { start: startSignedInCore },
  })
  await runtime.start()
  const view = render(
    <RuntimeProvider runtime={runtime}>
      <I18nContext.Provider value={i18n}>
        <UiProvider>
          <AriaLocale>{ui}</AriaLocale>
        </UiProvider>
      </I18nContext.Provider>
    </RuntimeProvider>,
  )
  /** The `app/chunkFailed` lines of the runtime's event log (what a feedback report attaches). */
  const chunkEvents = async () =>
    (await runtime.recorder.recentLog())
      .split('\n')
      .filter(line => line.includes('"app/chunkFailed"'))
      .map(line => JSON.parse(line) as { type: string; payload: { kind: string; message: string }; at: number; source: string })
  return { runtime, clock, view, chunkEvents }
}
