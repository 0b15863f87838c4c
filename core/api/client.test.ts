import { createServer, type IncomingMessage, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createBus } from '../bus/bus'
import { virtualClock } from '../bus/clock'
import type { AnyEvent } from '../events/map'
import { createApi } from './client'

interface Seen {
  method: string
  url: string
  headers: IncomingMessage['headers']
  body: string
}

/** Canned answers by path, served by a real HTTP server on 127.0.0.1. */
const routes: Record<string, { status: number; body: string; type?: string }> = {
  '/api/v1/ok': { status: 200, body: JSON.stringify({ result: true, data: { id: 7 } }) },
  '/api/v1/no-result': { status: 200, body: JSON.stringify({ data: { id: 7 } }) },
  '/api/v1/message': { status: 400, body: JSON.stringify({ result: false, message: 'Bad bid' }) },
  '/api/v1/expired': { status: 401, body: JSON.stringify({ result: false, message: 'Session expired', code: 6969 }) },
  '/api/v1/validation': {
    status: 422,
    body: JSON.stringify({ result: false, message: 'Check the fields', validation: { phone: 'Invalid phone', password: 'Required field' } }),
  },
  '/api/v1/crash': { status: 500, body: 'Internal meltdown', type: 'text/plain' },
  '/api/v1/empty-500': { status: 502, body: '', type: 'text/plain' },
}

let server: Server
let base: string
const seen: Seen[] = []

beforeAll(async () => {
  server = createServer((req, res) => {
    let body = ''
    req.on('data', chunk => (body += chunk))
    req.on('end', () => {
      seen.push({ method: req.method ?? '', url: req.url ?? '', headers: req.headers, body })
      const route = routes[(req.url ?? '').split('?')[0] ?? '']
      res.writeHead(route?.status ?? 404, { 'content-type': route?.type ?? 'application/json' })
      res.end(route?.body ?? JSON.stringify({ result: false, message: 'Not found' }))
    })
  })
  await new Promise<void>(resolve => server.listen(0, '127.0.0.1', resolve))
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}/api/`
})
afterAll(() => new Promise<void>(resolve => server.close(() => resolve())))

function setup(options: { onLogin?: boolean; token?: string | null | (() => string | null); base?: string } = {}) {
  const bus = createBus(virtualClock())
  const events: AnyEvent[] = []
  bus.events$.subscribe(e => events.push(e))
  const api = createApi({
    base: options.base ?? base,
    bus,
    getToken: () => (options.token === undefined ? 'tok-123' : typeof options.token === 'function' ? options.token() : options.token),
    getLocale: () => 'en',
    isOnLoginPage: () => options.onLogin ?? false,
  })
  const of = <T extends AnyEvent['type']>(type: T) => events.filter((e): e is Extract<AnyEvent, { type: T }> => e.type === type)
  return { api, events, of }
}

describe('API client against a real HTTP server', () => {
  it('resolves with data and sends bearer, accept-language and JSON', async () => {
    const { api, events } = setup()
    await expect(api.post('/v1/ok', { a: 1 }, { searchParams: { page: 2 } })).resolves.toEqual({ id: 7 })
    const request = seen.at(-1)!
    expect(request.method).toBe('POST')
    expect(request.url).toBe('/api/v1/ok?page=2')
    expect(request.headers.authorization).toBe('Bearer tok-123')
    expect(request.headers['accept-language']).toBe('en')
    expect(JSON.parse(request.body)).toEqual({ a: 1 })
    expect(events).toEqual([])
  })

  it('sends extra headers (an Idempotency-Key) beside the session ones, which win', async () => {
    const { api } = setup()
    await api.post('v1/ok', {}, { headers: { 'Idempotency-Key': 'key-12345678', Authorization: 'Bearer other' } })
    expect(seen.at(-1)!.headers['idempotency-key']).toBe('key-12345678')
    expect(seen.at(-1)!.headers.authorization).toBe('Bearer tok-123')
  })

  it('sends no Authorization header without a token', async () => {
    const { api } = setup({ token: null })
    await api.get('v1/ok')
    expect(seen.at(-1)!.headers.authorization).toBeUndefined()
  })

  it('treats a body without a truthy result as a failure: rejected with the body, no toast without a message', async () => {
    const { api, of } = setup()
    await expect(api.get('v1/no-result')).rejects.toEqual({ data: { id: 7 } })
    expect(of('api/failed')).toHaveLength(1)
    expect(of('api/failed')[0]!.payload).toMatchObject({ path: 'v1/no-result', status: 200 })
    expect(of('toast/shown')).toHaveLength(0)
  })

  it('shows the message of a failed envelope as an error toast and rejects with the body', async () => {
    const { api, of } = setup()
    await expect(api.get('v1/message')).rejects.toEqual({ result: false, message: 'Bad bid' })
    expect(of('toast/shown').map(e => [e.payload.kind, e.payload.text, e.payload.timeout])).toEqual([['error', 'Bad bid', 2000]])
    expect(of('app/navigationRequested')).toHaveLength(0)
  })

  it('formats a validation map as one field:message line per field', async () => {
    const { api, of } = setup()
    await expect(api.post('v1/validation', {})).rejects.toMatchObject({ validation: { phone: 'Invalid phone' } })
    expect(of('toast/shown')[0]!.payload.text).toBe('phone:Invalid phone\npassword:Required field')
  })

  it('sends the user to /login on 6969 when elsewhere', async () => {
    const { api, of } = setup({ onLogin: false })
    await expect(api.get('v1/expired')).rejects.toMatchObject({ code: 6969 })
    expect(of('app/navigationRequested').map(e => e.payload)).toEqual([{ to: '/login', replace: true }])
    expect(of('api/failed')[0]!.payload.status).toBe(401)
  })

  it('does not navigate on 6969 when already on /login (or when the caller opts out)', async () => {
    const onLogin = setup({ onLogin: true })
    await expect(onLogin.api.get('v1/expired')).rejects.toMatchObject({ code: 6969 })
    expect(onLogin.of('app/navigationRequested')).toHaveLength(0)
    expect(onLogin.of('toast/shown')).toHaveLength(1)
    const optOut = setup()
    await expect(optOut.api.get('v1/expired', { sessionRedirect: false })).rejects.toMatchObject({ code: 6969 })
    expect(optOut.of('app/navigationRequested')).toHaveLength(0)
  })

  it('neither toasts nor sends to /login when the session that sent the request was left meanwhile', async () => {
    // An administrator back from an agent's cabinet: a request of the agent's session answers 6969 late.
    let token = 'tok-agent'
    const { api, of } = setup({ token: () => token })
    const late = api.get('v1/expired')
    token = 'tok-admin'
    await expect(late).rejects.toMatchObject({ code: 6969 })
    expect(seen.at(-1)!.headers.authorization).toBe('Bearer tok-agent')
    expect(of('app/navigationRequested')).toHaveLength(0)
    expect(of('toast/shown')).toHaveLength(0)
    expect(of('api/failed')).toHaveLength(1)
    // The same answer for the session still in use does both.
    await expect(api.get('v1/expired')).rejects.toMatchObject({ code: 6969 })
    expect(of('app/navigationRequested')).toHaveLength(1)
    expect(of('toast/shown')).toHaveLength(1)
  })

  it('shows the body of an HTTP error that is not an envelope, and rejects', async () => {
    const { api, of } = setup()
    await expect(api.get('v1/crash')).rejects.toEqual({ result: false, message: 'Internal meltdown' })
    expect(of('toast/shown')[0]!.payload.text).toBe('Internal meltdown')
    expect(of('api/failed')[0]!.payload.status).toBe(500)
    const empty = setup()
    await expect(empty.api.get('v1/empty-500')).rejects.toMatchObject({ result: false })
    expect(empty.of('toast/shown')[0]!.payload.text).toBe('Server error')
  })

  it('turns a network error (closed port) into a toast and a rejection', async () => {
    const closed = createServer()
    await new Promise<void>(resolve => closed.listen(0, '127.0.0.1', resolve))
    const port = (closed.address() as AddressInfo).port
    await new Promise<void>(resolve => closed.close(() => resolve()))
    const { api, of } = setup({ base: `http://127.0.0.1:${port}/api/` })
    await expect(api.get('v1/ok')).rejects.toEqual({ result: false, message: 'No connection to the server', network: true })
    expect(of('toast/shown').map(e => e.payload.kind)).toEqual(['error'])
    expect(of('api/failed')[0]!.payload.status).toBeNull()
  })

  it('stays quiet when asked, but still reports api/failed', async () => {
    const { api, of } = setup()
    await expect(api.get('v1/message', { quiet: true })).rejects.toMatchObject({ message: 'Bad bid' })
    expect(of('toast/shown')).toHaveLength(0)
    expect(of('api/failed')).toHaveLength(1)
  })

  it('rejects an aborted request with the AbortError and reports nothing', async () => {
    const { api, events } = setup()
    const controller = new AbortController()
    controller.abort()
    await expect(api.get('v1/ok', { signal: controller.signal })).rejects.toMatchObject({ name: 'AbortError' })
    expect(events).toEqual([])
  })
})
