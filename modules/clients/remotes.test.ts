import { describe, expect, it } from 'vitest'
import { memoryStorage } from '../../core/auth/storage'
import { createI18n } from '../../core/i18n/i18n'
import { createRuntime } from '../../core/runtime'
import { startSignedInCore } from '../../core/socket/signed-in'
import { withLogic } from '../../core/plugin/logic'
import type { Plugin } from '../../core/plugin/types'
import clientsPlugin from './index'
import { individual, sections } from './remotes'
import { shownFor } from './ui/shown'

// Its commands are fetched on demand in the app (./logic.ts); here they must answer at once.
const [clients] = await withLogic([clientsPlugin])

/** A runtime of the real plugin whose fetch answers when the test says so (`answer(path, body)`), in order. */
function runtime() {
  const waiting: { path: string; respond: (body: unknown) => void }[] = []
  const fetch: typeof globalThis.fetch = async (input, init) => {
    const request = input instanceof Request ? input : new Request(String(input), init)
    const path = new URL(request.url, 'http://localhost').pathname.replace(/^\/api\//, '')
    return new Promise<Response>(resolve => {
      waiting.push({ path, respond: body => resolve(new Response(JSON.stringify(body), { status: 200, headers: { 'content-type': 'application/json' } })) })
    })
  }
  const rt = createRuntime({
    // The signed-in core in place: a fetch of its chunk still under way when a test ends would outlive the test's environment.
    signedIn: { start: startSignedInCore },
    plugins: [clients as Plugin],
    location: { path: () => '/', navigate() {} },
    storage: memoryStorage({ token: 't' }),
    apiBase: 'http://localhost/api/',
    fetch,
    i18n: createI18n('ru'),
    document: null,
    webSocket: () => ({ readyState: 0, send() {}, close() {}, onopen: null, onclose: null, onmessage: null, onerror: null }) as never,
  })
  const settle = () => new Promise(resolve => setTimeout(resolve, 0))
  const answer = async (path: string, body: unknown) => {
    await settle()
    const i = waiting.findIndex(w => w.path === path)
    if (i < 0) throw new Error(`no request for ${path}; waiting: ${waiting.map(w => w.path).join(', ')}`)
    waiting.splice(i, 1)[0]!.respond(body)
    await settle()
    await settle()
  }
  return { rt, answer, waiting }
}

const person = (id: number) => ({ id, last_name: `Person ${id}` })

describe('clients remote stores', () => {
  it('a section keeps what it showed while the same company reloads, never another company’s data', async () => {
    const { rt, answer } = runtime()
    const persons = () => rt.scope.getState(sections.persons.$state)
    void rt.dispatch('clients/loadSection', { companyId: 5, section: 'persons' })
    await answer('v1/companies/5/persons', { result: true, data: [person(1), person(2)] })
    expect(persons()).toMatchObject({ status: 'loaded', query: { companyId: 5 }, data: [person(1), person(2)] })

    void rt.dispatch('clients/loadSection', { companyId: 5, section: 'persons' })
    expect(persons()).toMatchObject({ status: 'loading', data: [person(1), person(2)] })
    await answer('v1/companies/5/persons', { result: false, message: 'Сервер недоступен' })
    expect(persons()).toMatchObject({ status: 'failed', data: [person(1), person(2)], failure: { message: 'Сервер недоступен' } })

    void rt.dispatch('clients/loadSection', { companyId: 6, section: 'persons' })
    expect(persons()).toMatchObject({ status: 'loading', query: { companyId: 6 }, data: null })
    // The card of company 5 (still mounted somewhere) shows nothing of company 6 either.
    expect(shownFor(persons(), q => q.companyId === 5)).toEqual({ status: 'loading', data: null, failure: null })
  })

  it('each section loads and fails on its own', async () => {
    const { rt, answer } = runtime()
    void rt.dispatch('clients/loadSection', { companyId: 5, section: 'documents' })
    void rt.dispatch('clients/loadSection', { companyId: 5, section: 'licences' })
    await answer('v1/companies/5/licences', { result: false, message: 'Ошибка' })
    await answer('v1/companies/5/documents', { result: true, data: [] })
    expect(rt.scope.getState(sections.documents.$state).status).toBe('loaded')
    expect(rt.scope.getState(sections.licences.$state).status).toBe('failed')
  })

  it('a removed record leaves its section at once; a save’s answer replaces the company shown', async () => {
    const { rt, answer } = runtime()
    void rt.dispatch('clients/loadSection', { companyId: 5, section: 'owners' })
    await answer('v1/companies/5/owners', { result: true, data: [person(1), person(2)] })
    void rt.dispatch('clients/removeRecord', { companyId: 5, section: 'owners', id: 1 })
    await answer('v1/companies/5/owners/1/delete', { result: true, data: null })
    expect(rt.scope.getState(sections.owners.$state).data).toEqual([person(2)])

    void rt.dispatch('clients/loadSection', { companyId: 5, section: 'company' })
    await answer('v1/companies/5', { result: true, data: { id: 5, short_name: 'Old', inn: null, ogrn: null, full_name: null } })
    void rt.dispatch('clients/saveCompany', { companyId: 5, form: { kind: 'legal' } as never })
    await answer('v1/companies/5', { result: true, data: { id: 5, short_name: 'New', inn: null, ogrn: null, full_name: null } })
    expect(rt.scope.getState(sections.company.$state)).toMatchObject({ status: 'loaded', data: { short_name: 'New' } })
  })

  it('an individual saved as new does not show under another open individual', async () => {
    const { rt, answer } = runtime()
    void rt.dispatch('clients/loadIndividual', { id: 3 })
    await answer('v1/physics/3', { result: true, data: { id: 3, last_name: 'Третьяков' } })
    void rt.dispatch('clients/saveIndividual', { id: null, form: {} as never })
    await answer('v1/physics', { result: true, data: { id: 4, last_name: 'Четвертаков' } })
    expect(rt.scope.getState(individual.$state)).toMatchObject({ query: { id: 3 }, data: { last_name: 'Третьяков' } })
  })
})
