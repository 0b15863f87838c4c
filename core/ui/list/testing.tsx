import type { ReactNode } from 'react'
import { Router } from 'wouter'
import { memoryLocation } from 'wouter/memory-location'
import { memoryStorage } from '../../auth/storage'
import { virtualClock } from '../../bus/clock'
import { createI18n, type I18n } from '../../i18n/i18n'
import { I18nContext } from '../../i18n/useT'
import type { Plugin } from '../../plugin/types'
import { RuntimeProvider } from '../../react/runtime'
import { createRuntime, type LocationPort } from '../../runtime'
import { startSignedInCore } from '../../socket/signed-in'
import { UiProvider } from '../UiProvider'

/** One request the screen made: where, with which query, and whether a newer one aborted it. */
export interface SentRequest {
  method: string
  path: string
  search: URLSearchParams
  body: unknown
  signal: AbortSignal | null
}

/** What the fake server answers: an envelope's `data`, a Failure (`{ result: false, … }`), or a promise of either. */
export type Answer = (req: SentRequest) => unknown

const isFailure = (value: unknown) => typeof value === 'object' && value !== null && (value as { result?: unknown }).result === false

/**
 * A live runtime for component tests of list screens (happy-dom): the given plugins with their real commands and
 * stores, a virtual clock (debounces run when the test says), a router on an in-memory location shared by wouter
 * and the runtime's navigation, and a fetch that answers from `answer` and records every request with its signal.
 */
export interface ListTestOptions {
  plugins?: readonly Plugin[]
  answer?: Answer
  /** Where the in-memory router starts: `/agents?page=2`. */
  path?: string
  /** An i18next instance with the plugins' packs added (default: the core's only, in ru). */
  i18n?: I18n
}

export function listTestRuntime({ plugins = [], answer = () => null, path = '/', i18n }: ListTestOptions) {
  const sent: SentRequest[] = []
  const fetch: typeof globalThis.fetch = async (input, init) => {
    const request = input instanceof Request ? input : new Request(String(input), init)
    const url = new URL(request.url, 'http://localhost')
    // An upload's multipart body is kept as the FormData it was (its file part readable); anything else is JSON.
    const multipart = (request.headers.get('content-type') ?? '').includes('multipart/form-data')
    const text = request.method === 'GET' || multipart ? '' : await request.text()
    const req: SentRequest = {
      method: request.method,
      path: url.pathname.replace(/^\/api\//, ''),
      search: url.searchParams,
      body: multipart ? await request.formData() : text ? JSON.parse(text) : undefined,
      signal: init?.signal ?? request.signal ?? null,
    }
    sent.push(req)
    const value = await answer(req)
    if (req.signal?.aborted) throw new DOMException('The operation was aborted.', 'AbortError')
    const envelope = isFailure(value) ? value : { result: true, data: value }
    return new Response(JSON.stringify(envelope), { status: 200, headers: { 'content-type': 'application/json' } })
  }

  const location = memoryLocation({ path, record: true })
  const port: LocationPort = {
    path: () => {
      const last = location.history![location.history!.length - 1]!
      return last
    },
    navigate: (to, { replace }) => location.navigate(to, { replace }),
  }
  const clock = virtualClock(0)
  const texts = i18n ?? createI18n('ru')
  const runtime = createRuntime({
    plugins,
    location: port,
    clock,
    storage: memoryStorage({ token: 'test-token' }),
    fetch,
    i18n: texts,
    document: null,
    webSocket: () => ({ readyState: 0, send() {}, close() {}, onopen: null, onclose: null, onmessage: null, onerror: null }) as never,
    // A list screen is a signed-in one: the socket's logic (live refresh, resume) is in place, not fetched after a sign-in.
    signedIn: { start: startSignedInCore },
  })
  const wrap = (children: ReactNode) => (
    <RuntimeProvider runtime={runtime}>
      <I18nContext.Provider value={texts}>
        <UiProvider withGlobalStyle={false}>
          <Router hook={location.hook} searchHook={location.searchHook}>
            {children}
          </Router>
        </UiProvider>
      </I18nContext.Provider>
    </RuntimeProvider>
  )
  return { runtime, clock, sent, wrap, location, history: location.history!, i18n: texts }
}

/** Resolves the pending microtasks and timers' promises a fetch answer goes through (ky, JSON, the bus). */
export const settle = () => new Promise<void>(resolve => setTimeout(resolve, 0))
