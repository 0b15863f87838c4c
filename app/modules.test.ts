import { describe, expect, it } from 'vitest'
import { ROLE, type Profile, type Role } from '../core/auth/profile'
import { actorOf } from '../core/access'
import { createRegistry } from '../core/plugin/registry'
import type { LandingContext } from '../core/plugin/types'
import { modules } from './modules'

const registry = createRegistry(modules)

function profile(role: Role, extra: { office?: number | null; tender?: boolean } = {}): Profile {
  return {
    id: 1, name: 'x', full_name: 'x', phone: '77000000000', email: null, role,
    office_id: extra.office === undefined ? 1 : extra.office,
    settings: { services: { tender: extra.tender ?? false }, notify_messages: true, notify_events: true, is_agent: false },
    sip: null, ws_connection_string: '', language: 'ru',
  }
}

/** SPEC §2 "Sidebar visibility", written out independently of the modules' predicates. */
const SPEC_SIDEBAR: Array<[string, (p: Profile) => boolean]> = [
  ['/clients', p => [30, 35, 100].includes(p.role)],
  ['/bids', p => [30, 35, 10, 1000].includes(p.role)],
  ['/company', p => p.role === 10],
  ['/agents', p => [100, 170].includes(p.role)],
  ['/leads-users', p => [150, 170, 100].includes(p.role)],
  ['/split-bids', p => [150, 170, 100].includes(p.role)],
  ['/split-clients', p => [150, 170, 100].includes(p.role)],
  ['/financials', p => p.role === 10],
  ['/documents', p => p.role === 10],
  ['/verificator', p => [170, 180].includes(p.role)],
  ['/bank-bids', p => [40, 45].includes(p.role)],
  ...['/tenders', '/tenders-kp', '/tenders-call-list'].map(
    to => [to, (p: Profile) => p.role === 100 || ([30, 35, 150, 160].includes(p.role) && p.settings.services.tender)] as [string, (p: Profile) => boolean],
  ),
  ['/tasks', p => !(p.role === 30 && p.office_id == null)],
  ['/callers', p => [35, 100, 160].includes(p.role)],
  ['/statistics', p => [35, 100, 160].includes(p.role)],
  ['/sips', p => p.role === 100],
  ['/upload', p => p.role === 100],
  ['/sms', p => p.role === 100],
  // Issue 14 §1 decision: investors are client users, so the marketplace opens for clients (10) and the administrator.
  ['/invest', p => [10, 100].includes(p.role)],
  ['/offers', p => [100, 170].includes(p.role)],
  ['/site-recall', p => [100, 170].includes(p.role)],
  ['/partners', p => ![150, 40].includes(p.role)],
]

const variants = Object.values(ROLE).flatMap(role => [
  profile(role),
  profile(role, { office: null }),
  profile(role, { tender: true }),
  profile(role, { office: null, tender: true }),
])

describe('sidebar matrix (SPEC §2)', () => {
  it.each(variants.map(p => [p.role, p.office_id, p.settings.services.tender, p] as const))(
    'role %i, office %s, tender %s',
    (_role, _office, _tender, p) => {
      const { main, bottom } = registry.sidebarFor(p)
      const shown = [...main, ...bottom].map(e => e.to).sort()
      const expected = SPEC_SIDEBAR.filter(([, visible]) => visible(p)).map(([to]) => to).sort()
      expect(shown).toEqual(expected)
    },
  )

  it('puts /bids at the bottom for roles 10 and 1000 and in the main list for agents', () => {
    for (const role of [ROLE.client, ROLE.callCenterVerifier]) {
      const s = registry.sidebarFor(profile(role))
      expect(s.bottom.map(e => e.to)).toEqual(['/bids'])
      expect(s.main.map(e => e.to)).not.toContain('/bids')
    }
    expect(registry.sidebarFor(profile(ROLE.agent)).main.map(e => e.to)).toContain('/bids')
  })

  it('lets every page that a sidebar shows be opened by the same users', () => {
    for (const p of variants) {
      for (const entry of [...registry.sidebarFor(p).main, ...registry.sidebarFor(p).bottom]) {
        const route = registry.routes.find(r => r.path === entry.to)
        expect(route, entry.to).toBeDefined()
        expect(route!.access === 'public' || route!.access(actorOf(p)), `${entry.to} for role ${p.role}`).toBe(true)
      }
    }
  })
})

describe('landing (SPEC §6)', () => {
  const land = (role: Role, via: LandingContext['via'] = 'password', company: LandingContext['company'] = null) =>
    registry.landingFor({ profile: profile(role), company, via })
  const filled = { id: 1, inn: '7707083893', ogrn: '1027700132195', short_name: 'A', full_name: 'A' }

  it.each([
    [ROLE.agent, '/bids'],
    [ROLE.agentManager, '/statistics'],
    [ROLE.bank, '/bank-bids'],
    [ROLE.bankManager, '/bank-bids'],
    [ROLE.admin, '/tasks'],
    [ROLE.callCenterManager, '/tenders'],
    [ROLE.verifier, '/verificator'],
    [ROLE.adminVerifier, '/verificator'],
    [ROLE.callCenterVerifier, '/'],
  ])('role %i lands on %s', (role, to) => {
    expect(land(role)).toBe(to)
  })

  it('sends a client to /bids only when the company has inn and ogrn', () => {
    expect(land(ROLE.client, 'password', filled)).toBe('/bids')
    expect(land(ROLE.client, 'password', { ...filled, ogrn: null })).toBe('/company')
    expect(land(ROLE.client, 'password', { ...filled, inn: '' })).toBe('/company')
    expect(land(ROLE.client, 'password', null)).toBe('/company')
  })

  it('sends a call-center employee to split bids after a password sign-in, to tenders otherwise', () => {
    expect(land(ROLE.callCenter, 'password')).toBe('/split-bids')
    expect(land(ROLE.callCenter, 'certificate')).toBe('/tenders')
    expect(land(ROLE.callCenter, 'home')).toBe('/tenders')
  })
})

describe('notification links', () => {
  it.each([
    [1, '/tenders/7'],
    [2, '/tenders/7'],
    [3, '/bids/7'],
    [5, '/tasks/7'],
    [7, '/invest/7'],
  ])('type %i opens %s', (type, to) => {
    expect(registry.linkFor({ type, data: { id: 7 } })).toBe(to)
  })

  it('renders an unknown type as plain text (no link)', () => {
    expect(registry.linkFor({ type: 99, data: { id: 7 } })).toBeNull()
  })
})

describe('the first load', () => {
  it('knows the guest-only pages and the home page, from modules of the one list; every module comes with the rest', async () => {
    const { everyModule, firstModules } = await import('./first-load')
    for (const plugin of firstModules) expect(modules).toContain(plugin)
    const first = createRegistry(firstModules)
    for (const path of ['/', '/login', '/register']) expect(first.routes.some(r => r.path === path), path).toBe(true)
    // Nothing of the cabinet's sidebar: those modules are fetched when a session begins.
    expect(first.plugins.flatMap(p => p.sidebar ?? [])).toEqual([])
    const all = await everyModule()
    expect(all.map(p => p.id)).toEqual(['shell', ...modules.map(p => p.id)])
    expect(createRegistry(firstModules, { rest: everyModule }).complete).toBe(false)
  })
})
