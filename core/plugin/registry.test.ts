import { describe, expect, it } from 'vitest'
import { ROLE, type CompanySummary, type Profile, type Role } from '../auth/profile'
import { landingPath } from '../auth/route'
import { createRegistry } from './registry'
import { roles } from '../access'
import { definePlugin, type Plugin } from './types'

const page = () => Promise.resolve({ default: () => null })

function profileOf(role: Role): Profile {
  return {
    id: 1, name: 'U', full_name: 'U', phone: '77001000010', email: null, role, office_id: null,
    settings: { services: { tender: false }, notify_messages: true, notify_events: true, is_agent: false },
    sip: null, ws_connection_string: 'ws://x/api/v1/socket?ticket=t', language: 'ru',
  }
}
const company = (inn: string | null, ogrn: string | null): CompanySummary => ({ id: 1, inn, ogrn, short_name: null, full_name: null })

const bids = definePlugin({
  id: 'bids',
  routes: [
    { path: '/bids', page, access: roles(ROLE.client, ROLE.agent) },
    { path: '/tasks/:id', page, access: roles(ROLE.agent) },
  ],
  landing: [
    { when: ({ profile, company: c }) => profile.role === ROLE.client && Boolean(c?.inn && c.ogrn), to: '/bids' },
    { when: ({ profile }) => profile.role === ROLE.agent, to: '/bids' },
  ],
})
const clients = definePlugin({
  id: 'clients',
  routes: [{ path: '/company', page, access: roles(ROLE.client) }],
  landing: [{ when: ({ profile, company: c }) => profile.role === ROLE.client && !(c?.inn && c.ogrn), to: '/company' }],
})
const split = definePlugin({
  id: 'split',
  landing: [{ when: ({ profile, via }) => profile.role === ROLE.callCenter && via === 'password', to: '/split-bids' }],
})
const tenders = definePlugin({
  id: 'tenders',
  landing: [{ when: ({ profile, via }) => profile.role === ROLE.callCenter && via !== 'password', to: '/tenders' }],
})

describe('registry', () => {
  it('throws on a duplicate plugin id', () => {
    expect(() => createRegistry([bids, { id: 'bids' }])).toThrow('Duplicate plugin id: "bids"')
  })

  it('throws on a duplicate route path across plugins', () => {
    const other: Plugin = { id: 'other', routes: [{ path: '/bids', page, access: 'public' }] }
    expect(() => createRegistry([bids, other])).toThrow('Duplicate route path: "/bids"')
  })

  it('throws on a command id declared by two plugins', () => {
    const a: Plugin = { id: 'a', commands: { 'app/navigate': () => {} } }
    const b: Plugin = { id: 'b', commands: { 'app/navigate': () => {} } }
    expect(() => createRegistry([a, b])).toThrow('Duplicate command id: "app/navigate"')
  })

  it('throws when two rules land one profile on different pages', () => {
    const clash: Plugin = { id: 'clash', landing: [{ when: ({ profile }) => profile.role === ROLE.agent, to: '/clients' }] }
    const registry = createRegistry([bids, clash])
    expect(() => registry.landingFor({ profile: profileOf(ROLE.agent), company: null, via: 'password' })).toThrow(/Ambiguous landing/)
  })
})

describe('landing resolution (SPEC §6)', () => {
  const registry = createRegistry([bids, clients, split, tenders])

  it.each([
    [ROLE.client, company('7700000000', '1027700000000'), 'password', '/bids'],
    [ROLE.client, company('7700000000', null), 'password', '/company'],
    [ROLE.client, null, 'password', '/company'],
    [ROLE.agent, null, 'password', '/bids'],
    [ROLE.callCenter, null, 'password', '/split-bids'],
    [ROLE.callCenter, null, 'certificate', '/tenders'],
    [ROLE.callCenter, null, 'home', '/tenders'],
    [ROLE.bank, null, 'password', '/'],
  ] as const)('role %i with %o via %s lands on %s', (role, c, via, to) => {
    expect(landingPath({ registry, profile: profileOf(role), company: c, via, rememberedPath: null })).toEqual({ to, usedRemembered: false })
  })

  it('prefers a remembered path over the role landing', () => {
    expect(landingPath({ registry, profile: profileOf(ROLE.agent), company: null, via: 'password', rememberedPath: '/tasks/7?x=1' })).toEqual({
      to: '/tasks/7?x=1',
      usedRemembered: true,
    })
  })

  it('ignores (and clears) a remembered page the role may not open, or one that does not exist', () => {
    expect(landingPath({ registry, profile: profileOf(ROLE.client), company: null, via: 'password', rememberedPath: '/tasks/7' })).toEqual({ to: '/company', usedRemembered: true })
    expect(landingPath({ registry, profile: profileOf(ROLE.agent), company: null, via: 'password', rememberedPath: '/nowhere' })).toEqual({ to: '/bids', usedRemembered: true })
  })

  it('never lands on a remembered guest page', () => {
    expect(landingPath({ registry, profile: profileOf(ROLE.agent), company: null, via: 'password', rememberedPath: '/login' }).to).toBe('/bids')
  })

  it('preloads a page with what its module needs, once per loader call; an unknown path loads nothing', async () => {
    const loaded: string[] = []
    const prepared: string[] = []
    const reports = definePlugin({
      id: 'reports',
      routes: [{ path: '/reports/:id', page: () => (loaded.push('reports'), Promise.resolve({ default: () => null })), access: roles(ROLE.admin) }],
    })
    const withPrepare = createRegistry([reports], { prepare: id => (prepared.push(id), Promise.resolve()) })
    withPrepare.preload('/reports/7?tab=1')
    withPrepare.preload('/nowhere')
    await Promise.resolve()
    expect(loaded).toEqual(['reports'])
    expect(prepared).toEqual(['reports'])
  })

  it('installs the rest once: new plugins join, the first ones keep their place and their page loaders', async () => {
    const heard: string[][] = []
    let asks = 0
    const rest = async () => (asks++, [bids, clients, split])
    const growing = createRegistry([bids], { rest })
    growing.onInstalled(added => heard.push(added.map(p => p.id)))
    const bidsPage = growing.routes.find(r => r.path === '/bids')!.page
    expect(growing.complete).toBe(false)
    expect(growing.canOpen('/company', profileOf(ROLE.client))).toBe(false)

    await Promise.all([growing.installRest(), growing.installRest()])
    await growing.installRest()
    expect(asks).toBe(1)
    expect(heard).toEqual([['clients', 'split']])
    expect(growing.complete).toBe(true)
    expect(growing.plugins.map(p => p.id)).toEqual(['bids', 'clients', 'split'])
    expect(growing.canOpen('/company', profileOf(ROLE.client))).toBe(true)
    expect(growing.landingFor({ profile: profileOf(ROLE.client), company: company(null, null), via: 'password' })).toBe('/company')
    // The same loader, so a page on screen is not mounted afresh by the installation.
    expect(growing.routes.find(r => r.path === '/bids')!.page).toBe(bidsPage)
  })

  it('asks again after a failed fetch; another plugin under an installed id, or a clash, throws', async () => {
    let fail = true
    const retried = createRegistry([bids], { rest: async () => (fail ? Promise.reject(new Error('offline')) : [clients]) })
    await expect(retried.installRest()).rejects.toThrow('offline')
    fail = false
    await retried.installRest()
    expect(retried.plugins.map(p => p.id)).toEqual(['bids', 'clients'])

    const impostor = createRegistry([bids], { rest: async () => [{ ...bids }] })
    await expect(impostor.installRest()).rejects.toThrow('Duplicate plugin id: "bids"')
    const clash = createRegistry([bids], { rest: async () => [{ id: 'other', routes: [{ path: '/bids', page, access: 'public' }] }] })
    await expect(clash.installRest()).rejects.toThrow('Duplicate route path: "/bids"')
    // A registry without a rest is complete from the start.
    expect(createRegistry([bids]).complete).toBe(true)
  })

  it('fills the one socket action map as plugins are installed', async () => {
    const action = { action: 'updateThings', data: {} }
    const things = { id: 'things', socketActions: [action] } as unknown as Plugin
    const growing = createRegistry([bids], { rest: async () => [things] })
    const actions = growing.socketActions
    expect(actions.has('updateThings')).toBe(false)
    await growing.installRest()
    expect(actions.get('updateThings')).toBe(action)
  })
})
