import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest'
import { WebSocket, WebSocketServer } from 'ws'
import { $authStatus, $company, $profile, $token } from './auth/model'
import { memoryStorage, STORAGE_KEY } from './auth/storage'
import { virtualClock } from './bus/clock'
import type { CommandContext, CommandId } from './bus/commands'
import type { AnyEvent } from './events/map'
import { replayText } from './events/replay'
import { $feedback } from './feedback/model'
import { createI18n } from './i18n/i18n'
import { $locale } from './i18n/model'
import { definePlugin, type Plugin } from './plugin/types'
import { createRuntime, type LocationPort, type Runtime } from './runtime'
import type { WebSocketLike } from './socket/adapter'
import { $socketStatus } from './socket/model'
import { $toasts } from './toast/model'

/** A small real back end: HTTP envelope API + a ticketed WebSocket, on 127.0.0.1. */
interface Backend {
  origin: string
  requests: { method: string; path: string; auth: string | undefined; lang: string | undefined; body: string }[]
  socketsReceived: string[]
  sockets: Set<WebSocket>
  ticketsIssued: number
}
let http: Server
let wss: WebSocketServer
const backend: Backend = { origin: '', requests: [], socketsReceived: [], sockets: new Set(), ticketsIssued: 0 }
const liveTickets = new Set<string>()

const TOKEN = 'tok-client-secret'
const issueTicket = () => {
  const ticket = `ticket-${++backend.ticketsIssued}`
  liveTickets.add(ticket)
  return `${backend.origin.replace('http', 'ws')}/api/v1/socket?ticket=${ticket}`
}
const profile = () => ({
  id: 10, name: 'Client', full_name: 'Client Clientov', phone: '77001000010', email: null, role: 10, office_id: null,
  settings: { services: { tender: false }, notify_messages: true, notify_events: true, is_agent: false },
  sip: { code: '100', password: 'sip-secret' }, ws_connection_string: issueTicket(),
})

function answer(req: IncomingMessage, res: ServerResponse, body: string) {
  const path = (req.url ?? '').split('?')[0]!
  backend.requests.push({ method: req.method!, path, auth: req.headers.authorization, lang: req.headers['accept-language'], body })
  const send = (status: number, value: unknown) => {
    res.writeHead(status, { 'content-type': 'application/json' })
    res.end(JSON.stringify(value))
  }
  const authed = req.headers.authorization === `Bearer ${TOKEN}`
  const expired = () => send(401, { result: false, message: 'Session expired', code: 6969 })
  switch (`${req.method} ${path}`) {
    case 'POST /api/v1/users/sign-in': {
      const form = JSON.parse(body) as { phone: string; password: string }
      if (form.phone === '(700) 100-00-10' && form.password === 'demo123') return send(200, { result: true, data: { token: TOKEN, role: 10, user_id: 10 } })
      return send(422, { result: false, message: 'Wrong phone or password', validation: { password: 'Wrong phone or password' } })
    }
    case 'GET /api/v1/profile':
      return authed ? send(200, { result: true, data: profile() }) : expired()
    case 'GET /api/v1/company':
      return authed ? send(200, { result: true, data: { id: 3, inn: '7700000000', ogrn: '1027700000000', short_name: 'R', full_name: 'OOO R' } }) : expired()
    case 'GET /api/v1/socket/ticket':
      return authed ? send(200, { result: true, data: { ws_connection_string: issueTicket() } }) : expired()
    case 'POST /api/v1/users/register': {
      const form = JSON.parse(body) as { phone: string }
      if (form.phone === '+7 (700) 999-99-99') return send(200, { result: true, data: { token: TOKEN, role: 10, user_id: 10 } })
      return send(409, { result: false, message: 'Taken', validation: { phone: 'This phone is already registered' } })
    }
    case 'GET /api/v1/users/logout':
    case 'POST /api/v1/users/feedback':
      return authed ? send(200, { result: true, data: null }) : expired()
    default:
      return send(404, { result: false, message: 'Not found' })
  }
}

beforeAll(async () => {
  http = createServer((req, res) => {
    let body = ''
    req.on('data', chunk => (body += chunk))
    req.on('end', () => answer(req, res, body))
  })
  wss = new WebSocketServer({
    server: http,
    path: '/api/v1/socket',
    verifyClient: ({ req }: { req: IncomingMessage }) => {
      const ticket = new URL(req.url ?? '', 'http://x').searchParams.get('ticket') ?? ''
      return liveTickets.delete(ticket) // one-time
    },
  })
  wss.on('connection', socket => {
    backend.sockets.add(socket)
    socket.on('message', data => backend.socketsReceived.push(String(data)))
    socket.on('close', () => backend.sockets.delete(socket))
  })
  await new Promise<void>(resolve => http.listen(0, '127.0.0.1', resolve))
  backend.origin = `http://127.0.0.1:${(http.address() as AddressInfo).port}`
})
afterAll(async () => {
  for (const socket of wss.clients) socket.terminate()
  await new Promise<void>(resolve => wss.close(() => resolve()))
  await new Promise<void>(resolve => http.close(() => resolve()))
})

function memoryLocation(initial: string) {
  let current = initial
  const listeners = new Set<(path: string) => void>()
  const navigations: string[] = []
  const port: LocationPort = {
    path: () => current,
    navigate(to) {
      current = to
      navigations.push(to)
      listeners.forEach(listener => listener(to))
    },
    listen(listener) {
      listeners.add(listener)
      return () => listeners.delete(listener)
    },
  }
  return { port, navigations }
}

const bids = definePlugin({
  id: 'bids',
  landing: [{ when: ({ profile: p, company }) => p.role === 10 && Boolean(company?.inn && company.ogrn), to: '/bids' }],
  i18n: { ru: async () => ({ default: { menu: 'Заявки' } }), en: async () => ({ default: { menu: 'Bids' } }) },
})

const runtimes: Runtime[] = []
afterEach(() => runtimes.splice(0).forEach(r => r.stop()))

function boot(options: { path: string; storage?: ReturnType<typeof memoryStorage>; plugins?: Plugin[]; rest?: () => Promise<readonly Plugin[]> }) {
  const clock = virtualClock(1_700_000_000_000)
  const storage = options.storage ?? memoryStorage()
  const location = memoryLocation(options.path)
  const runtime = createRuntime({
    plugins: options.plugins ?? [bids],
    ...(options.rest ? { rest: options.rest } : {}),
    location: location.port,
    clock,
    storage,
    apiBase: `${backend.origin}/api/`,
    webSocket: url => new WebSocket(url) as unknown as WebSocketLike,
    i18n: createI18n(),
    document: null,
  })
  runtimes.push(runtime)
  const events: AnyEvent[] = []
  runtime.bus.events$.subscribe(e => events.push(e))
  return { runtime, clock, storage, location, events }
}

describe('runtime against a real HTTP + WebSocket back end', () => {
  it('signs in, lands, connects, shows socket toasts, reconnects with a fresh ticket, sends feedback and logs out', async () => {
    const { runtime, clock, storage, location, events } = boot({ path: '/login' })
    await runtime.start()
    expect(runtime.i18n.t('bids:menu')).toBe('Заявки')

    // Sign-in: the phone goes as 11 digits; the profile and, for role 10, the company follow; landing by role.
    await runtime.dispatch('auth/signIn', { phone: '(700) 100-00-10', password: 'demo123' })
    const signIn = backend.requests.find(r => r.path === '/api/v1/users/sign-in')!
    expect(JSON.parse(signIn.body)).toEqual({ phone: '(700) 100-00-10', password: 'demo123' })
    expect(signIn.lang).toBe('ru')
    await vi.waitFor(() => expect(location.navigations).toEqual(['/bids']))
    expect(storage.getItem(STORAGE_KEY.token)).toBe(TOKEN)
    expect(runtime.scope.getState($authStatus)).toBe('success')
    expect(runtime.scope.getState($company)?.ogrn).toBe('1027700000000')
    expect(backend.requests.filter(r => r.path === '/api/v1/profile' || r.path === '/api/v1/company').map(r => r.auth)).toEqual([`Bearer ${TOKEN}`, `Bearer ${TOKEN}`])

    await vi.waitFor(() => expect(runtime.scope.getState($socketStatus)).toBe('connected'))
    expect(events.filter(e => e.type === 'app/navigated').map(e => e.payload)).toEqual([{ path: '/bids' }])

    // A type-1 message becomes a toast that the clock dismisses.
    for (const socket of backend.sockets) socket.send(JSON.stringify({ type: 1, action: JSON.stringify({ type: 'success', text: 'Bid approved' }), seq: 1 }))
    await vi.waitFor(() => expect(runtime.scope.getState($toasts).map(t => t.text)).toEqual(['Bid approved']))
    clock.advanceBy(2000)
    expect(runtime.scope.getState($toasts)).toEqual([])

    // The server drops the connection: 2 s later a fresh one-time ticket, then a new connection.
    const ticketsBefore = backend.ticketsIssued
    for (const socket of backend.sockets) socket.close(1011, 'restart')
    await vi.waitFor(() => expect(runtime.scope.getState($socketStatus)).toBe('closed'))
    clock.advanceBy(1999)
    expect(backend.requests.filter(r => r.path === '/api/v1/socket/ticket')).toHaveLength(0)
    clock.advanceBy(1)
    await vi.waitFor(() => expect(runtime.scope.getState($socketStatus)).toBe('connected'))
    expect(backend.ticketsIssued).toBe(ticketsBefore + 1)

    // Feedback with the recent log attached: replayable and without secrets.
    await runtime.dispatch('feedback/send', { message: 'Help', url: '/bids', attachLog: true })
    expect(runtime.scope.getState($feedback).status).toBe('sent')
    const feedback = JSON.parse(backend.requests.find(r => r.path === '/api/v1/users/feedback')!.body) as { message: string; events: string }
    expect(feedback.message).toBe('Help')
    expect(feedback.events).not.toContain(TOKEN)
    expect(feedback.events).not.toContain('sip-secret')
    expect(feedback.events).not.toMatch(/ticket=ticket-\d/)
    expect(feedback.events.split('\n')[0]).toContain('"kind":"header"')
    const replayed = replayText(feedback.events, { plugins: [bids] })
    expect(replayed.scope.getState($profile)?.id).toBe(10)

    // Logout: the other tabs hear userAfterLogout, the server is told with the token, storage forgets it.
    await runtime.dispatch('auth/logout', {})
    await vi.waitFor(() => expect(backend.socketsReceived).toContain('{"type":2,"action":"userAfterLogout"}'))
    await vi.waitFor(() => expect(backend.requests.find(r => r.path === '/api/v1/users/logout')?.auth).toBe(`Bearer ${TOKEN}`))
    expect(storage.getItem(STORAGE_KEY.token)).toBeNull()
    expect(location.navigations.at(-1)).toBe('/login')
    expect(runtime.scope.getState($token)).toBeNull()
    await vi.waitFor(() => expect(backend.sockets.size).toBe(0))
    clock.advanceBy(10_000)
    expect(runtime.scope.getState($socketStatus)).toBe('closed')
  })

  it('restores a stored session at start without navigating, in the stored locale', async () => {
    const storage = memoryStorage({ token: TOKEN, locale: 'en', redirectPath: '/bids/9' })
    const { runtime, location } = boot({ path: '/bids/5', storage })
    await runtime.start()
    await vi.waitFor(() => expect(runtime.scope.getState($authStatus)).toBe('success'))
    expect(location.navigations).toEqual([])
    expect(runtime.scope.getState($locale)).toBe('en')
    expect(runtime.i18n.t('bids:menu')).toBe('Bids')
    expect(backend.requests.at(-1)!.lang).toBe('en')
  })

  it('a stored token the server no longer knows: token removed, go to / (SPEC §8)', async () => {
    const storage = memoryStorage({ token: 'stale' })
    const { runtime, location } = boot({ path: '/bids', storage })
    await runtime.start()
    await vi.waitFor(() => expect(location.navigations).toEqual(['/']))
    expect(storage.getItem(STORAGE_KEY.token)).toBeNull()
    expect(runtime.scope.getState($authStatus)).toBe('empty')
  })

  it('a wrong password leaves the form error and no toast', async () => {
    const { runtime, events } = boot({ path: '/login' })
    await runtime.start()
    await runtime.dispatch('auth/signIn', { phone: '(700) 100-00-10', password: 'nope' })
    expect(runtime.scope.getState($authStatus)).toBe('error')
    expect(events.filter(e => e.type === 'auth/signInFailed').map(e => e.payload)).toEqual([
      { failure: { result: false, message: 'Wrong phone or password', validation: { password: 'Wrong phone or password' } } },
    ])
    expect(events.filter(e => e.type === 'toast/shown')).toHaveLength(0)
  })

  it('setLocale switches the language, stores it and reloads plugin packs', async () => {
    const { runtime, storage } = boot({ path: '/login' })
    await runtime.start()
    await runtime.dispatch('locale/set', { locale: 'en' })
    expect(runtime.scope.getState($locale)).toBe('en')
    expect(storage.getItem(STORAGE_KEY.locale)).toBe('en')
    await vi.waitFor(() => expect(runtime.i18n.t('bids:menu')).toBe('Bids'))
    // The core's own English texts are not in the first load: they come with the switch.
    await vi.waitFor(() => expect(runtime.i18n.t('validation:required')).toBe('Required field'))
  })

  it('registers, which signs the new client in and lands them', async () => {
    const { runtime, location, events } = boot({ path: '/register' })
    await runtime.start()
    const form = { phone: '+7 (700) 999-99-99', password: 'secret1', full_name: 'New Client', email: '', agree_personal_data: true, agree_edo: true, code: '123456' } as const
    await runtime.dispatch('auth/register', form)
    await vi.waitFor(() => expect(location.navigations).toEqual(['/bids']))
    expect(events.filter(e => e.type === 'auth/signedIn').map(e => e.payload.method)).toEqual(['password'])

    await runtime.dispatch('auth/logout', {})
    await runtime.dispatch('auth/register', { ...form, phone: '+7 (700) 111-11-11' })
    expect(runtime.scope.getState($authStatus)).toBe('error')
    expect(events.filter(e => e.type === 'auth/registerFailed').at(-1)!.payload.failure.validation).toEqual({ phone: 'This phone is already registered' })
  })

  it('runs the route decisions the router hands it', async () => {
    const { runtime, storage, location } = boot({ path: '/login' })
    await runtime.start()
    await runtime.dispatch('auth/applyRoute', { remember: '/tasks/3', redirect: '/login' })
    expect(storage.getItem(STORAGE_KEY.redirectPath)).toBe('/tasks/3')
    expect(location.navigations).toEqual(['/login'])
  })
})

describe('the first load knows only a guest\'s modules; the rest come when a session begins', () => {
  const page = async () => ({ default: () => null })
  // A module's command the core's command map does not know.
  const OPEN_TASKS = 'tasks/open' as CommandId
  const account = definePlugin({ id: 'account', routes: [{ path: '/login', page, access: 'public', bare: true }] })
  const tasks = definePlugin({
    id: 'tasks',
    routes: [{ path: '/tasks', page, access: () => true }],
    commands: { [OPEN_TASKS]: (_: unknown, ctx: CommandContext) => void ctx.bus.emit('toast/dismissed', { id: 'tasks' }, ctx.source) },
  } as Plugin)

  /** The rest, fetched by the runtime when it asks: each ask counted, held until `arrive` (or failed by `fail`). */
  function held() {
    let asks = 0
    let settle: { arrive: () => void; fail: () => void } | null = null
    const rest = () => {
      asks += 1
      return new Promise<readonly Plugin[]>((resolve, reject) => {
        settle = { arrive: () => resolve([account, bids, tasks]), fail: () => reject(new Error('chunk failed')) }
      })
    }
    return { rest, asks: () => asks, arrive: () => settle!.arrive(), fail: () => settle!.fail() }
  }

  it('a guest on /login fetches none of it; a sign-in asks for it at once and lands by its rules once it arrives', async () => {
    const more = held()
    const { runtime, location, events } = boot({ path: '/login', plugins: [account], rest: more.rest })
    await runtime.start()
    expect(more.asks()).toBe(0)
    expect(runtime.registry.complete).toBe(false)
    expect(runtime.registry.routes.map(r => r.path)).toEqual(['/login'])

    const signingIn = runtime.dispatch('auth/signIn', { phone: '(700) 100-00-10', password: 'demo123' })
    expect(more.asks()).toBe(1)
    await signingIn
    await vi.waitFor(() => expect(runtime.scope.getState($authStatus)).toBe('success'))
    // The profile is in, the landing rules (the bids module's) are not: no navigation yet, and no second fetch.
    expect(location.navigations).toEqual([])
    expect(more.asks()).toBe(1)

    more.arrive()
    await vi.waitFor(() => expect(location.navigations).toEqual(['/bids']))
    expect(runtime.registry.complete).toBe(true)
    expect(runtime.registry.plugins.map(p => p.id)).toEqual(['account', 'bids', 'tasks'])
    expect(events.filter(e => e.type === 'app/modulesInstalled').map(e => e.payload)).toEqual([{ plugins: ['bids', 'tasks'] }])
    // A module installed late has its commands.
    await runtime.dispatch(OPEN_TASKS, {} as never)
    expect(events.some(e => e.type === 'toast/dismissed')).toBe(true)
  })

  it('a stored session, or a page the first load does not know, starts with every module installed', async () => {
    const stored = held()
    const session = boot({ path: '/tasks', plugins: [account], rest: stored.rest, storage: memoryStorage({ token: TOKEN }) })
    const starting = session.runtime.start()
    await vi.waitFor(() => expect(stored.asks()).toBe(1))
    stored.arrive()
    await starting
    expect(session.runtime.registry.complete).toBe(true)
    expect(session.events.find(e => e.type === 'app/started')).toBeDefined()
    expect(session.runtime.i18n.t('bids:menu')).toBe('Заявки')

    const unknown = held()
    const guest = boot({ path: '/tasks', plugins: [account], rest: unknown.rest })
    const guestStart = guest.runtime.start()
    await vi.waitFor(() => expect(unknown.asks()).toBe(1))
    unknown.arrive()
    await guestStart
    expect(guest.runtime.registry.canOpen('/tasks', profile() as never)).toBe(true)
  })

  it('a failed fetch is asked for again; a command of a module not installed yet waits for it', async () => {
    const more = held()
    const { runtime, events } = boot({ path: '/login', plugins: [account], rest: more.rest })
    await runtime.start()
    const first = runtime.registry.installRest()
    more.fail()
    await expect(first).rejects.toThrow('chunk failed')
    expect(runtime.registry.complete).toBe(false)

    const command = runtime.dispatch(OPEN_TASKS, {} as never)
    expect(more.asks()).toBe(2)
    more.arrive()
    await command
    expect(events.some(e => e.type === 'toast/dismissed')).toBe(true)
    expect(events.some(e => e.type === 'command/unknown')).toBe(false)
  })
})
