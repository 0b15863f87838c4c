import { describe, expect, it } from 'vitest'
import { ROLE, type Profile } from './profile'
import { roles } from '../access'
import { decideRoute, pathname } from './route'

const profile: Profile = {
  id: 1, name: 'A', full_name: 'A', phone: '77001000030', email: null, role: ROLE.agent, office_id: 1,
  settings: { services: { tender: true }, notify_messages: true, notify_events: true, is_agent: false },
  sip: null, ws_connection_string: '', language: 'ru',
}

describe('decideRoute (SPEC §2)', () => {
  it('drops the token and sends a signed-in user on /login or /register to /tenders', () => {
    expect(decideRoute({ path: '/login', isPublic: true, authStatus: 'success', hasToken: true })).toEqual({ dropToken: true, redirect: '/tenders' })
    expect(decideRoute({ path: '/register?ref=1', isPublic: true, authStatus: 'loading', hasToken: true })).toEqual({ dropToken: true, redirect: '/tenders' })
  })

  it('then, without the token, remembers /tenders and sends the user to /login', () => {
    expect(decideRoute({ path: '/tenders', isPublic: false, authStatus: 'empty', hasToken: false })).toEqual({ remember: '/tenders', redirect: '/login' })
  })

  it('lets a signed-out user stay on guest and public pages', () => {
    expect(decideRoute({ path: '/login', isPublic: true, authStatus: 'empty', hasToken: false })).toEqual({})
    expect(decideRoute({ path: '/sign/abc', isPublic: true, authStatus: 'empty', hasToken: false })).toEqual({})
  })

  it('remembers the full protected path with its query', () => {
    expect(decideRoute({ path: '/clients/5?tab=2', isPublic: false, authStatus: 'empty', hasToken: false })).toEqual({ remember: '/clients/5?tab=2', redirect: '/login' })
  })

  it('waits for the profile before opening a protected page', () => {
    expect(decideRoute({ path: '/bids', isPublic: false, authStatus: 'loading', hasToken: true })).toEqual({ pending: true })
    expect(decideRoute({ path: '/bids', isPublic: false, authStatus: 'success', hasToken: true, profile })).toEqual({})
  })

  it('tells a role the page is not for', () => {
    expect(decideRoute({ path: '/bank-bids', isPublic: false, authStatus: 'success', hasToken: true, profile, access: roles(ROLE.bank) })).toEqual({ forbidden: true })
    expect(decideRoute({ path: '/bids', isPublic: false, authStatus: 'success', hasToken: true, profile, access: roles(ROLE.agent) })).toEqual({})
  })

  it('normalises paths', () => {
    expect(pathname('/login/?a=1#x')).toBe('/login')
    expect(pathname('/')).toBe('/')
    expect(pathname('')).toBe('/')
  })
})
