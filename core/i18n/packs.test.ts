import { describe, expect, it } from 'vitest'
import { roles } from '../access'
import { ROLE, type Profile, type Role } from '../auth/profile'
import { memoryStorage } from '../auth/storage'
import { virtualClock } from '../bus/clock'
import type { Locale } from '../events/map'
import type { LocalePack, PageProps, Plugin } from '../plugin/types'
import { createRuntime } from '../runtime'
import type { WebSocketLike } from '../socket/adapter'
import { startSignedInCore } from '../socket/signed-in'
import { showToast } from '../toast/toast'
import { createI18n } from './i18n'

function profileOf(role: Role): Profile {
  return {
    id: 1, name: 'U', full_name: 'U', phone: '77001000010', email: null, role, office_id: null,
    settings: { services: { tender: false }, notify_messages: true, notify_events: true, is_agent: false },
    sip: null, ws_connection_string: 'ws://x/api/v1/socket?ticket=t', language: 'ru',
  }
}

/** A controllable promise: a chunk or a pack that arrives when the test says so. */
function deferred<T>() {
  let resolve!: (value: T) => void
  const promise = new Promise<T>(ok => (resolve = ok))
  return { promise, resolve }
}

type PageModule = { default: (props: PageProps) => null }
const pageModule: PageModule = { default: () => null }

/** Plugins whose packs record each request (`<plugin>/<lng>`) and answer at once, unless held. */
function fixture() {
  const requested: string[] = []
  const held = new Map<string, ReturnType<typeof deferred<{ default: Record<string, unknown> }>>>()
  const pack = (id: string, hold = false): LocalePack => {
    const one = (lng: Locale) => () => {
      requested.push(`${id}/${lng}`)
      if (hold) {
        const d = deferred<{ default: Record<string, unknown> }>()
        held.set(`${id}/${lng}`, d)
        return d.promise
      }
      return Promise.resolve({ default: { title: `${id} ${lng}` } })
    }
    return { ru: one('ru'), en: one('en') }
  }
  const chunk = deferred<PageModule>()
  const chunkRequests: string[] = []
  const plugins: Plugin[] = [
    { id: 'shell', i18n: pack('shell') },
    { id: 'account', routes: [{ path: '/login', page: async () => pageModule, access: 'public', bare: true }], i18n: pack('account') },
    {
      id: 'bids',
      routes: [
        {
          path: '/bids',
          page: () => {
            chunkRequests.push('BidsPage')
            return chunk.promise
          },
          access: roles(ROLE.client),
        },
      ],
      i18n: pack('bids', true),
    },
    { id: 'tenders', routes: [{ path: '/tenders', page: async () => pageModule, access: roles(ROLE.agent) }], i18n: pack('tenders') },
  ]
  return { requested, held, chunk, chunkRequests, plugins }
}

function runtimeAt(path: string, plugins: Plugin[], locale: Locale = 'ru') {
  return createRuntime({
    plugins,
    location: { path: () => path, navigate: () => {} },
    clock: virtualClock(),
    storage: memoryStorage({ locale }),
    document: null,
    i18n: createI18n(locale),
    apiBase: 'http://127.0.0.1/api/',
    fetch: async () => new Response(JSON.stringify({ result: false, message: 'offline' }), { status: 503 }),
    webSocket: () => ({ readyState: 0, send() {}, close() {}, onopen: null, onmessage: null, onclose: null, onerror: null }) satisfies WebSocketLike,

    // In place, not fetched when a session begins: a fetch still under way when the test ends outlives its environment.
    signedIn: { start: startSignedInCore },
  })
}

describe('locale packs on demand', () => {
  it('/login loads the shell\'s and its own module\'s packs only, none of the other modules\'', async () => {
    const { requested, plugins } = fixture()
    const runtime = runtimeAt('/login', plugins)
    await runtime.start()
    expect(requested.sort()).toEqual(['account/ru', 'shell/ru'])
    expect(runtime.i18n.t('account:title')).toBe('account ru')
    runtime.stop()
  })

  it('asks for a page\'s pack together with its chunk, and renders the page only when both are in', async () => {
    const { requested, held, chunk, chunkRequests, plugins } = fixture()
    const runtime = runtimeAt('/login', plugins)
    await runtime.start()
    const route = runtime.registry.routes.find(r => r.path === '/bids')!
    let loaded = false
    const loading = route.page().then(m => ((loaded = true), m))
    // Both requests are out at once — the pack does not wait for the chunk, nor the chunk for the pack.
    expect(chunkRequests).toEqual(['BidsPage'])
    expect(requested).toContain('bids/ru')
    chunk.resolve(pageModule)
    await Promise.resolve()
    await Promise.resolve()
    expect(loaded).toBe(false)
    held.get('bids/ru')!.resolve({ default: { title: 'Заявки' } })
    expect(await loading).toBe(pageModule)
    expect(runtime.i18n.t('bids:title')).toBe('Заявки')
    runtime.stop()
  })

  it('after sign-in loads the packs of the modules the role can reach, and each needed pack again for a new language', async () => {
    const { requested, held, plugins } = fixture()
    const runtime = runtimeAt('/login', plugins)
    await runtime.start()
    runtime.bus.emit('auth/profileLoaded', { profile: profileOf(ROLE.agent), company: null }, 'api')
    await Promise.resolve()
    expect(requested).toContain('tenders/ru')
    expect(requested).not.toContain('bids/ru')

    runtime.bus.emit('locale/changed', { locale: 'en' }, 'ui')
    await new Promise(r => setTimeout(r, 0))
    // en for what is needed so far (ru, the fallback, is in already); bids was never needed.
    expect(requested.filter(r => r.endsWith('/en')).sort()).toEqual(['account/en', 'shell/en', 'tenders/en'])
    expect(runtime.i18n.t('tenders:title', { lng: 'en' })).toBe('tenders en')
    expect(held.size).toBe(0)
    runtime.stop()
  })

  it('after sign-in only the shell\'s part of a pack that has one; its page, a toast in its words and a borrower bring the whole', async () => {
    const requested: string[] = []
    const loader = (name: string, texts: Record<string, unknown>) => () => {
      requested.push(name)
      return Promise.resolve({ default: texts })
    }
    const packOf = (id: string, extra: Partial<LocalePack> = {}): LocalePack => ({
      ru: loader(`${id}/ru`, { menu: `${id} menu`, toast: { saved: `${id} saved` } }),
      en: loader(`${id}/en`, { menu: `${id} menu en`, toast: { saved: `${id} saved en` } }),
      shell: { ru: loader(`${id}/ru?shell`, { menu: `${id} menu` }), en: loader(`${id}/en?shell`, { menu: `${id} menu en` }) },
      ...extra,
    })
    const page = async () => pageModule
    const plugins: Plugin[] = [
      { id: 'account', routes: [{ path: '/login', page, access: 'public', bare: true }] },
      { id: 'clients', routes: [{ path: '/clients', page, access: roles(ROLE.agent) }], i18n: packOf('clients') },
      { id: 'bids', routes: [{ path: '/bids', page, access: roles(ROLE.agent) }], i18n: packOf('bids') },
      { id: 'verification', routes: [{ path: '/verificator', page, access: roles(ROLE.agent) }], i18n: packOf('verification', { borrows: ['bids'] }) },
    ]
    const runtime = runtimeAt('/login', plugins)
    await runtime.start()
    runtime.bus.emit('auth/profileLoaded', { profile: profileOf(ROLE.agent), company: null }, 'api')
    await new Promise(r => setTimeout(r, 0))
    expect(requested.sort()).toEqual(['bids/ru?shell', 'clients/ru?shell', 'verification/ru?shell'])
    expect(runtime.i18n.t('clients:menu')).toBe('clients menu')
    expect(runtime.packs.hasWhole('clients')).toBe(false)

    // A command of the clients module toasts before any of its pages opened: the whole pack, and no key on screen.
    showToast(runtime.bus, { kind: 'success', text: 'clients:toast.saved' }, 'process')
    await new Promise(r => setTimeout(r, 0))
    expect(requested).toContain('clients/ru')
    expect(runtime.packs.hasWhole('clients')).toBe(true)
    expect(runtime.i18n.t('clients:toast.saved')).toBe('clients saved')

    // The verifier's page reads the bids' texts: both whole packs come with it, once each.
    await runtime.registry.routes.find(r => r.path === '/verificator')!.page()
    expect(requested.filter(r => !r.endsWith('?shell')).sort()).toEqual(['bids/ru', 'clients/ru', 'verification/ru'])
    expect(runtime.i18n.t('bids:toast.saved')).toBe('bids saved')

    // A new language: the whole packs needed so far, the shell's part of the others (none left here).
    runtime.bus.emit('locale/changed', { locale: 'en' }, 'ui')
    await new Promise(r => setTimeout(r, 0))
    expect(requested.filter(r => r.includes('/en')).sort()).toEqual(['bids/en', 'clients/en', 'verification/en'])
    runtime.stop()
  })

  it('starts in the stored language with the fallback\'s pack too', async () => {
    const { requested, plugins } = fixture()
    const runtime = runtimeAt('/login', plugins, 'en')
    await runtime.start()
    expect(requested.sort()).toEqual(['account/en', 'account/ru', 'shell/en', 'shell/ru'])
    runtime.stop()
  })
})
