import { describe, expect, it } from 'vitest'
import { shellPlugin } from '../../app/shell.plugin'
import { actorOf } from '../../core/access'
import { $profile } from '../../core/auth/model'
import { createBus } from '../../core/bus/bus'
import { virtualClock } from '../../core/bus/clock'
import { createCommandBus, noApi } from '../../core/bus/commands'
import type { Api } from '../../core/api/client'
import type { AnyEvent } from '../../core/events/map'
import { replayText } from '../../core/events/replay'
import { withLogic } from '../../core/plugin/logic'
import type { Plugin } from '../../core/plugin/types'
import agentsPlugin from '../../modules/agents'
import { isImpersonated } from '../../modules/agents/access'
import bids from '../../modules/bids'
import clientsPlugin from '../../modules/clients'
import { clientsCommands } from '../../modules/clients/commands'
import { clientsApi } from '../../modules/clients/contract'
import { $search } from '../../modules/clients/model'
import { httpRequests, ofType, scenario } from './support'

// A replay runs synchronously: the modules' logic, fetched on demand in the app, is in place from the start.
const [clients, agents] = (await withLogic([clientsPlugin, agentsPlugin])) as [Plugin, Plugin]

const DEBOUNCE = 300

describe('replay: company search', () => {
  const run = (until?: number) => replayText(scenario('clients-search.jsonl'), { plugins: [clients], ...(until === undefined ? {} : { until }) })
  const searches = (events: AnyEvent[]) =>
    httpRequests(events)
      .filter(e => e.payload.path.startsWith('v1/autocomplete/organization-search-kz/'))
      .map(e => [e.at, decodeURIComponent(e.payload.path.split('/').pop() ?? '')])

  it('asks once per pause in typing, 300 ms after the last input, and again for a newer input', () => {
    const { events } = run()
    expect(searches(events)).toEqual([
      [1250 + DEBOUNCE, 'Строй'],
      [1700 + DEBOUNCE, 'СтройК'],
    ])
    expect(httpRequests(events, clientsApi.organizationSearch('СтройК'))).toHaveLength(1)
  })

  it('never shows the late answer of an older input', () => {
    const { scope } = run(1900)
    expect(scope.getState($search)).toMatchObject({ query: 'СтройК', status: 'waiting' })
    expect(scope.getState($search).items).toEqual([])
    const later = run(2100)
    expect(later.scope.getState($search).status).toBe('ready')
    expect(later.scope.getState($search).items.map(i => i.title)).toEqual(['СтройКомплекс'])
  })

  it('asks nothing under 2 characters, and clearing the box cancels the wait', () => {
    const short = run(3500)
    expect(short.scope.getState($search).status).toBe('idle')
    const { events, clock, scope } = run()
    clock.advanceBy(10_000)
    expect(searches(events).map(([, q]) => q)).not.toContain('Газ')
    expect(scope.getState($search)).toMatchObject({ query: '', status: 'idle', items: [] })
  })
})

describe('the search command aborts the request of an older input', () => {
  it('aborts the first request when a second starts, reports only the second', async () => {
    const clock = virtualClock()
    const bus = createBus(clock)
    const seen: AnyEvent[] = []
    bus.events$.subscribe(e => seen.push(e))
    const pending: { path: string; signal?: AbortSignal; resolve: (v: unknown) => void; reject: (e: unknown) => void }[] = []
    const api: Api = {
      ...noApi,
      get: <T,>(path: string, options?: { signal?: AbortSignal }) =>
        new Promise<T>((resolve, reject) => {
          pending.push({ path, signal: options?.signal, resolve: v => resolve(v as T), reject })
          options?.signal?.addEventListener('abort', () => reject(Object.assign(new Error('aborted'), { name: 'AbortError' })))
        }),
      post: () => Promise.reject(new Error('no')),
    }
    const commands = createCommandBus({ bus, api })
    commands.registerAll(clientsCommands)
    const first = commands.dispatch('clients/runSearch', { query: 'Стр' })
    const second = commands.dispatch('clients/runSearch', { query: 'Строй' })
    expect(pending.map(p => p.signal?.aborted)).toEqual([true, false])
    pending[1]!.resolve([])
    await Promise.all([first, second])
    expect(ofType(seen, 'clients/searchFailed')).toEqual([])
    expect(ofType(seen, 'toast/shown')).toEqual([])
    expect(ofType(seen, 'clients/searchLoaded').map(e => e.payload.query)).toEqual(['Строй'])
  })

  it('reports a failure to the error reporter (a toast) and the store', async () => {
    const bus = createBus(virtualClock())
    const seen: AnyEvent[] = []
    bus.events$.subscribe(e => seen.push(e))
    const api: Api = { ...noApi, get: () => Promise.reject({ result: false, message: 'Реестр организаций недоступен' }), post: () => Promise.reject(new Error('no')) }
    const commands = createCommandBus({ bus, api })
    commands.registerAll(clientsCommands)
    await commands.dispatch('clients/runSearch', { query: 'Строй' })
    expect(ofType(seen, 'clients/searchFailed').map(e => e.payload.query)).toEqual(['Строй'])
    expect(ofType(seen, 'toast/shown').map(e => [e.payload.kind, e.payload.text])).toEqual([['error', 'Реестр организаций недоступен']])
  })
})

describe('replay: the client\'s completeness bar follows saves', () => {
  it('reloads v1/statistics/client-fullness after every save or removal in the client\'s company, and only then', () => {
    const { events } = replayText(scenario('clients-completeness.jsonl'), { plugins: [shellPlugin, clients] })
    // 40: the shell loads it with the profile; 1100, 2000, 3000: saves and a removal; not the failed save (3350),
    // not an individual (3500), not an agent's save (5000).
    expect(httpRequests(events, 'v1/statistics/client-fullness').map(e => e.at)).toEqual([40, 1100, 2000, 3000])
  })
})

describe('replay: log into an agent\'s cabinet and back', () => {
  const run = (until?: number) => replayText(scenario('clients-impersonation.jsonl'), { plugins: [shellPlugin, clients, agents, bids], ...(until === undefined ? {} : { until }) })

  it('loads the new profile, reopens the socket for it and lands the agent on their own page', () => {
    const { events, scope } = run(2000)
    expect(httpRequests(events, 'v1/profile').map(e => e.at)).toEqual([0, 1100])
    expect(ofType(events, 'socket/closeRequested').map(e => e.at)).toEqual([1100])
    expect(ofType(events, 'socket/opening').map(e => [e.at, e.payload.url.includes('agent=1')])).toEqual([
      [40, false],
      [1150, true],
    ])
    expect(ofType(events, 'app/navigationRequested').map(e => [e.at, e.payload.to])).toEqual([[1150, '/bids']])
    const profile = scope.getState($profile)
    expect(profile && isImpersonated(actorOf(profile))).toBe(true)
  })

  it('returns the administrator to the agent\'s page, and the header widget goes away', () => {
    const { events, scope, registry } = run()
    expect(httpRequests(events, 'v1/profile').map(e => e.at)).toEqual([0, 1100, 5100])
    expect(ofType(events, 'app/navigationRequested').map(e => [e.at, e.payload.to])).toEqual([
      [1150, '/bids'],
      [5150, '/agents/30'],
    ])
    expect(ofType(events, 'auth/rememberedPathCleared').map(e => e.at)).toEqual([5150])
    expect(registry.widgetsFor('header', scope.getState($profile)).some(w => w.visible === isImpersonated)).toBe(false)
  })
})
