import { describe, expect, it } from 'vitest'
import { matchPath, rankRoutes } from './match'

// Declared in an order that would match wrongly without ranking (parameters before static segments).
const ranked = rankRoutes(
  ['/', '/bids/:id', '/bids/new', '/invest/:id', '/invest/add', '/invest/deals/:id', '/callers/:id', '/callers/add', '/leads-users/:chat_id/leads/:id', '/tasks'].map(path => ({ path })),
)
const open = (path: string) => {
  const m = matchPath(ranked, path)
  return m && { path: m.route.path, params: m.params }
}

describe('route matching', () => {
  it('prefers static segments over parameters', () => {
    expect(open('/bids/new')).toEqual({ path: '/bids/new', params: {} })
    expect(open('/bids/15')).toEqual({ path: '/bids/:id', params: { id: '15' } })
    expect(open('/invest/add')).toEqual({ path: '/invest/add', params: {} })
    expect(open('/invest/deals/3')).toEqual({ path: '/invest/deals/:id', params: { id: '3' } })
    expect(open('/callers/add')).toEqual({ path: '/callers/add', params: {} })
  })

  it('decodes parameters and ignores query and trailing slash', () => {
    expect(open('/leads-users/a%20b/leads/7?tab=1')).toEqual({ path: '/leads-users/:chat_id/leads/:id', params: { chat_id: 'a b', id: '7' } })
    expect(open('/tasks/')).toEqual({ path: '/tasks', params: {} })
  })

  it('finds nothing for unknown paths', () => {
    expect(open('/nope')).toBeNull()
    expect(open('/bids/1/2')).toBeNull()
    expect(open('/bids/%E0%A4%A')).toBeNull()
  })

  it('opens the root', () => {
    expect(open('/')).toEqual({ path: '/', params: {} })
  })
})
