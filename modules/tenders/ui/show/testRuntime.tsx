import type { ReactNode } from 'react'
import { Router } from 'wouter'
import { memoryLocation } from 'wouter/memory-location'
import { memoryStorage } from '../../../../core/auth/storage'
import type { Profile, Role } from '../../../../core/auth/profile'
import { virtualClock } from '../../../../core/bus/clock'
import { createI18n } from '../../../../core/i18n/i18n'
import { I18nContext } from '../../../../core/i18n/useT'
import { RuntimeProvider } from '../../../../core/react/runtime'
import { createRuntime, type LocationPort } from '../../../../core/runtime'
import { startSignedInCore } from '../../../../core/socket/signed-in'
import { UiProvider } from '../../../../core/ui/UiProvider'
import tenders from '../../index'
import ru from '../../i18n/ru.json'

export interface Sent {
  method: string
  path: string
  search: URLSearchParams
  body: unknown
}

/** What the fake server answers: data (wrapped in the envelope), or `{ status, body }` for an answer of its own. */
export type Answer = (req: Sent) => unknown
export const answerWith = (status: number, body: unknown) => ({ __answer: true, status, body })

/**
 * A live runtime for ShowTender's component and replay tests (happy-dom): the tenders plugin, a router on an
 * in-memory location, a signed-in call-center operator with a softphone and the tender service, and a fetch that
 * answers from `answer` with real HTTP statuses (the screen tells "no such tender" by the 404) and records every
 * request. Commands the screen dispatches to other modules (the call panel's dial) are recorded in `dispatched`.
 */
export function tenderTestRuntime(answer: Answer, path = '/tenders/1', role: Role = 150) {
  const sent: Sent[] = []
  const fetch: typeof globalThis.fetch = async (input, init) => {
    const request = input instanceof Request ? input : new Request(String(input), init)
    const url = new URL(request.url, 'http://localhost')
    const text = request.method === 'GET' ? '' : await request.text()
    let body: unknown
    try {
      body = text ? JSON.parse(text) : undefined
    } catch {
      body = text
    }
    const req: Sent = { method: request.method, path: url.pathname.replace(/^\/api\//, ''), search: url.searchParams, body }
    sent.push(req)
    const value: unknown = await answer(req)
    const own = typeof value === 'object' && value !== null && '__answer' in value ? (value as unknown as { status: number; body: unknown }) : null
    const envelope = own ? own.body : typeof value === 'object' && value !== null && (value as { result?: unknown }).result === false ? value : { result: true, data: value }
    return new Response(JSON.stringify(envelope), { status: own?.status ?? 200, headers: { 'content-type': 'application/json' } })
  }
  const location = memoryLocation({ path, record: true })
  const port: LocationPort = {
    path: () => location.history![location.history!.length - 1]!,
    navigate: (to, { replace }) => location.navigate(to, { replace }),
  }
  const i18n = createI18n('ru')
  i18n.addResourceBundle('ru', 'tenders', ru, true, true)
  const runtime = createRuntime({
    // The signed-in core in place: a fetch of its chunk still under way when a test ends would outlive the test's environment.
    signedIn: { start: startSignedInCore },
    plugins: [tenders],
    location: port,
    clock: virtualClock(0),
    storage: memoryStorage({ token: 'test-token' }),
    fetch,
    i18n,
    document: null,
    webSocket: () => ({ readyState: 0, send() {}, close() {}, onopen: null, onclose: null, onmessage: null, onerror: null }) as never,
  })
  const profile: Profile = {
    id: 7,
    name: 'Я',
    full_name: 'Я',
    phone: '77001000010',
    email: null,
    role,
    office_id: null,
    settings: { services: { tender: true }, notify_messages: true, notify_events: true, is_agent: false },
    language: 'ru',
    sip: { code: '1150', password: 'sip1150' },
    ws_connection_string: 'ws://localhost/api/v1/socket?ticket=t',
  } as Profile
  runtime.bus.emit('auth/profileLoaded', { profile, company: null }, 'api')
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
  return { runtime, sent, wrap, location }
}
