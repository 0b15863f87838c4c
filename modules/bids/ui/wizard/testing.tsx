import type { ReactNode } from 'react'
import { Router } from 'wouter'
import { memoryLocation } from 'wouter/memory-location'
import { memoryStorage } from '../../../../core/auth/storage'
import { virtualClock } from '../../../../core/bus/clock'
import { createI18n } from '../../../../core/i18n/i18n'
import { I18nContext } from '../../../../core/i18n/useT'
import { RuntimeProvider } from '../../../../core/react/runtime'
import { createRuntime, type LocationPort } from '../../../../core/runtime'
import { startSignedInCore } from '../../../../core/socket/signed-in'
import { UiProvider } from '../../../../core/ui/UiProvider'
import type { Bid } from '../../contract'
import ru from '../../i18n/ru.json'
import bids from '../../index'
import { BID_FIELDS, type ServiceCode } from '../../services'

export interface Sent {
  method: string
  path: string
  search: URLSearchParams
  headers: Headers
  body: unknown
}

/** A draft as GET v1/bids/{id} answers it. */
export function draftBid(id: number, service: ServiceCode, fields: Partial<Bid> = {}): Bid {
  const empty = Object.fromEntries(BID_FIELDS.map(f => [f, null])) as unknown as Bid
  return {
    ...empty,
    id,
    company: { id: 7, name: 'ООО Ромашка', inn: '7707083893' },
    service_type: service,
    status: 0,
    amount: null,
    owner_user_id: 1,
    agent: null,
    verifier: null,
    created_by: 1,
    submitted_at: null,
    archived_at: null,
    archive_reason: null,
    decline_reason: null,
    created_at: '2026-11-24T08:00:00Z',
    updated_at: '2026-11-24T08:00:00Z',
    requests: [],
    allowed_actions: ['submit', 'edit'],
    ...fields,
  }
}

/** `answer` returns the data, a failure envelope, or throws (a network failure: the fetch rejects). */
export type Answer = (req: Sent) => unknown

/**
 * A live runtime for the wizard's component tests (happy-dom, Russian as the app starts): the bids plugin, a virtual clock (the
 * autosave's debounce runs when the test says), wouter on an in-memory location, and a fetch that answers from
 * `answer` and records every request with its headers.
 */
export function wizardRuntime(answer: Answer, path: string) {
  const sent: Sent[] = []
  const fetch: typeof globalThis.fetch = async (input, init) => {
    const request = input instanceof Request ? input : new Request(String(input), init)
    const url = new URL(request.url, 'http://localhost')
    const text = request.method === 'GET' ? '' : await request.text()
    const req: Sent = {
      method: request.method,
      path: url.pathname.replace(/^\/api\//, ''),
      search: url.searchParams,
      headers: request.headers,
      body: text ? JSON.parse(text) : undefined,
    }
    sent.push(req)
    const value = answer(req)
    const failed = typeof value === 'object' && value !== null && (value as { result?: unknown }).result === false
    return new Response(JSON.stringify(failed ? value : { result: true, data: value }), { status: failed ? 422 : 200, headers: { 'content-type': 'application/json' } })
  }
  const location = memoryLocation({ path, record: true })
  const port: LocationPort = {
    path: () => location.history![location.history!.length - 1]!,
    navigate: (to, { replace }) => location.navigate(to, { replace }),
  }
  const clock = virtualClock(0)
  const i18n = createI18n('ru')
  i18n.addResourceBundle('ru', 'bids', ru, true, true)
  const runtime = createRuntime({
    // The signed-in core in place: a fetch of its chunk still under way when a test ends would outlive the test's environment.
    signedIn: { start: startSignedInCore },
    plugins: [bids],
    location: port,
    clock,
    storage: memoryStorage({ token: 'test-token' }),
    fetch,
    i18n,
    document: null,
    webSocket: () => ({ readyState: 0, send() {}, close() {}, onopen: null, onclose: null, onmessage: null, onerror: null }) as never,
  })
  const wrap = (children: ReactNode) => (
    <RuntimeProvider runtime={runtime}>
      <I18nContext.Provider value={i18n}>
        <UiProvider withGlobalStyle={false}>
          <Router hook={location.hook} searchHook={location.searchHook}>
            {children}
          </Router>
        </UiProvider>
      </I18nContext.Provider>
    </RuntimeProvider>
  )
  return { runtime, clock, sent, wrap, history: location.history!, navigate: location.navigate }
}

/** Lets fetch answers, JSON parsing and React's updates run. */
export const settle = () => new Promise<void>(resolve => setTimeout(resolve, 0))
