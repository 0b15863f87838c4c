import { describe, expect, it } from 'vitest'
import type { Api } from '../../core/api/client'
import { createBus } from '../../core/bus/bus'
import { virtualClock } from '../../core/bus/clock'
import { createCommandBus, noApi } from '../../core/bus/commands'
import type { AnyEvent } from '../../core/events/map'
import { callcenterCommands } from '../../modules/callcenter/commands'
import '../../modules/callcenter/model'

/** The call center's HTTP commands against a scripted API: what they send, and what they report as events. */
function setup(answer: (method: string, path: string, body?: unknown, options?: unknown) => unknown) {
  const bus = createBus(virtualClock(0))
  const events: AnyEvent[] = []
  bus.events$.subscribe(e => events.push(e))
  const requests: unknown[][] = []
  const reply = (method: string) => (path: string, bodyOrOptions?: unknown, options?: unknown) => {
    requests.push(method === 'GET' ? [method, path, bodyOrOptions] : [method, path, bodyOrOptions, options])
    try {
      return Promise.resolve(answer(method, path, bodyOrOptions, options))
    } catch (error) {
      return Promise.reject(error)
    }
  }
  const api: Api = { ...noApi, get: reply('GET') as Api['get'], post: reply('POST') as Api['post'] }
  const commands = createCommandBus({ bus, api })
  commands.registerAll(callcenterCommands)
  const reported = (): [string, string, unknown][] => events.map(e => [e.type, e.source, e.payload])
  return { commands, requests, reported }
}

describe('call-center commands', () => {
  it('dial: digits of a +7 phone or an extension; anything else goes to the panel to be corrected', async () => {
    const { commands, reported } = setup(() => ({}))
    await commands.dispatch('callcenter/dial', { phone: '+7 (701) 123-45-67', page: 'tender', page_id: 4 })
    await commands.dispatch('callcenter/dial', { phone: '1160' })
    await commands.dispatch('callcenter/dial', { phone: 'позвонить Ивану' })
    expect(reported()).toEqual([
      ['callcenter/dialRequested', 'ui', { phone: '77011234567', page: 'tender', page_id: 4 }],
      ['callcenter/dialRequested', 'ui', { phone: '1160', page: null, page_id: null }],
      ['callcenter/panelOpened', 'ui', {}],
      ['callcenter/numberEntered', 'ui', { value: 'позвонить Ивану' }],
    ])
  })

  it('createCall reports the record’s id, and a failure when the answer has none', async () => {
    let data: unknown = { id: 77 }
    const { commands, requests, reported } = setup(() => data)
    await commands.dispatch('callcenter/createCall', { key: 1, phone: '1160', direction: 2, page: null, page_id: null }, 'process')
    data = { nope: true }
    await commands.dispatch('callcenter/createCall', { key: 2, phone: '1160', direction: 2, page: null, page_id: null }, 'process')
    expect(requests[0]).toEqual(['POST', 'v1/call-center/phone-call', { phone: '1160', direction: 2, page: null, page_id: null }, undefined])
    expect(reported()).toEqual([
      ['callcenter/callCreated', 'api', { key: 1, id: 77 }],
      ['callcenter/callCreateFailed', 'api', { key: 2, message: 'The call record has no id' }],
    ])
  })

  it('searchLinks is quiet and tolerates an answer without lists', async () => {
    const { commands, requests, reported } = setup(() => ({ clients: null }))
    await commands.dispatch('callcenter/searchLinks', { phone: '77011234567' }, 'process')
    expect(requests).toEqual([['POST', 'v1/call-center/search-links-by-phone', { phone: '77011234567' }, { quiet: true }]])
    expect(reported()).toEqual([['callcenter/linksLoaded', 'api', { phone: '77011234567', links: { clients: [], calls: [] } }]])
  })

  it('postContact and postCallEnd report the server’s refusal with its validation map', async () => {
    const failure = { result: false, message: 'Массовый номер', validation: { phone: 'Массовый номер' }, code: 4601 }
    const { commands, reported } = setup(() => {
      throw failure
    })
    await commands.dispatch('callcenter/postContact', { path: 'v1/call-center/contact-add', body: { phone: '78005553535', name: 'X' } }, 'process')
    await commands.dispatch('callcenter/postCallEnd', { key: 3, path: 'v1/call-center/9/call-end', body: { status: 103 } }, 'process')
    expect(reported()).toEqual([
      ['callcenter/contactFailed', 'api', { failure }],
      ['callcenter/finishFailed', 'api', { key: 3, failure }],
    ])
  })

  it('saveCaller: "employee added" (2 s) or "employee edited" (4 s), then back to /callers', async () => {
    const caller = { id: 5, full_name: 'Анна' }
    const { commands, requests, reported } = setup(() => caller)
    await commands.dispatch('callcenter/saveCaller', { id: null, form: { full_name: 'Анна' } as never })
    await commands.dispatch('callcenter/saveCaller', { id: 5, form: { full_name: 'Анна' } as never })
    expect(requests.map(r => r.slice(0, 2))).toEqual([
      ['POST', 'v1/call-center/callers'],
      ['POST', 'v1/call-center/callers/5'],
    ])
    const toasts = reported().filter(([type]) => type === 'toast/shown').map(([, , p]) => [(p as { text: string }).text, (p as { timeout: number }).timeout])
    expect(toasts).toEqual([
      ['callcenter:toast.employeeAdded', 2000],
      ['callcenter:toast.employeeEdited', 4000],
    ])
    expect(reported().filter(([type]) => type === 'app/navigationRequested').map(([, , p]) => p)).toEqual([
      { to: '/callers', replace: false },
      { to: '/callers', replace: false },
    ])
  })

  // Changed with the admin stores' move to remote() (issue 8): the loads report the kit's remote/requested → loaded |
  // failed with the store's key instead of the module's own adminRequested/adminLoaded/adminFailed, and pass an abort
  // signal (a newer load of the same store cancels the older one). What is asked for and when stays the same.
  it('admin lists load with their query and report loading, loaded and failed per store', async () => {
    let fail = false
    const { commands, requests, reported } = setup(() => {
      if (fail) throw { result: false, message: 'Нет доступа' }
      return { items: [], total: 0 }
    })
    await commands.dispatch('callcenter/loadCallers', { page: 2, limit: 20, search: 'Анна' })
    fail = true
    await commands.dispatch('callcenter/loadStatistics', { from: '2026-11-16', to: '2026-11-22', min_seconds: 10 })
    expect(requests).toEqual([
      ['GET', 'v1/call-center/callers', { quiet: true, signal: expect.any(AbortSignal), searchParams: { page: 2, limit: 20, search: 'Анна' } }],
      ['GET', 'v1/call-center/statistics', { quiet: true, signal: expect.any(AbortSignal), searchParams: { from: '2026-11-16', to: '2026-11-22', min_seconds: 10 } }],
    ])
    const callers = { page: 2, limit: 20, search: 'Анна' }
    const range = { from: '2026-11-16', to: '2026-11-22', min_seconds: 10 }
    expect(reported()).toEqual([
      ['remote/requested', 'ui', { key: 'callcenter/callers', query: callers }],
      ['remote/loaded', 'api', { key: 'callcenter/callers', query: callers, data: { items: [], total: 0 } }],
      ['remote/requested', 'ui', { key: 'callcenter/statistics', query: range }],
      ['remote/failed', 'api', { key: 'callcenter/statistics', query: range, failure: { result: false, message: 'Нет доступа' } }],
    ])
  })
})
