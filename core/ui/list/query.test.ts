import { describe, expect, it } from 'vitest'
import { param, patchQuery, readQuery, writeQuery } from './query'
import { sortRows } from './sort'

const SPEC = {
  page: param.page(),
  q: param.text(20),
  tab: param.oneOf(['all', 'unread', 'read'], 'all'),
  sort: param.sort(['name', 'created'], { column: 'created', direction: 'descending' }),
}

describe('list query in the URL', () => {
  it('reads a URL, and bad or missing values fall back to their defaults', () => {
    expect(readQuery(SPEC, '?page=3&q=%20иван%20&tab=unread&sort=name')).toEqual({
      page: 3,
      q: 'иван',
      tab: 'unread',
      sort: { column: 'name', direction: 'ascending' },
    })
    expect(readQuery(SPEC, 'page=0&tab=archive&sort=-password')).toEqual({ page: 1, q: '', tab: 'all', sort: { column: 'created', direction: 'descending' } })
    expect(readQuery(SPEC, 'page=-2').page).toBe(1)
    expect(readQuery(SPEC, 'page=2.5').page).toBe(1)
    expect(readQuery(SPEC, 'page=99999999').page).toBe(1)
    expect(readQuery(SPEC, `q=${'я'.repeat(50)}`).q).toHaveLength(20)
    expect(readQuery(SPEC, '').sort).toEqual({ column: 'created', direction: 'descending' })
  })

  it('writes only what differs from the defaults, in the spec\'s order, keeping parameters it does not own', () => {
    expect(writeQuery(SPEC, { page: 1, q: '', tab: 'all', sort: { column: 'created', direction: 'descending' } })).toBe('')
    expect(writeQuery(SPEC, { page: 2, q: 'иван', tab: 'read', sort: { column: 'name', direction: 'descending' } }, 'widget=open&page=7')).toBe(
      'page=2&q=%D0%B8%D0%B2%D0%B0%D0%BD&tab=read&sort=-name&widget=open',
    )
  })

  it('round-trips: what is written reads back the same', () => {
    const query = { page: 4, q: 'ООО «Ромашка» & Co', tab: 'unread' as const, sort: { column: 'name' as const, direction: 'ascending' as const } }
    expect(readQuery(SPEC, writeQuery(SPEC, query))).toEqual(query)
  })

  it('a new search, tab or sort starts at page 1; a page change alone keeps the rest', () => {
    const at3 = { ...readQuery(SPEC, ''), page: 3, q: 'иван' }
    expect(patchQuery(SPEC, at3, { q: 'пётр' })).toMatchObject({ page: 1, q: 'пётр' })
    expect(patchQuery(SPEC, at3, { tab: 'read' })).toMatchObject({ page: 1, tab: 'read' })
    expect(patchQuery(SPEC, at3, { page: 4 })).toMatchObject({ page: 4, q: 'иван' })
    // The same search again changes nothing, so the page stays.
    expect(patchQuery(SPEC, at3, { q: 'иван' }).page).toBe(3)
    expect(patchQuery(SPEC, at3, { q: 'пётр', page: 2 }).page).toBe(2)
  })

  it('a keyset cursor is a position too', () => {
    const spec = { cursor: param.cursor(), q: param.text() }
    expect(readQuery(spec, 'cursor=abc')).toEqual({ cursor: 'abc', q: '' })
    expect(patchQuery(spec, { cursor: 'abc', q: '' }, { q: 'x' })).toEqual({ cursor: null, q: 'x' })
    expect(writeQuery(spec, { cursor: null, q: '' })).toBe('')
  })
})

describe('sortRows (lists the browser has whole)', () => {
  const rows = [
    { id: 1, name: 'Яков', at: 3 },
    { id: 2, name: 'анна', at: null },
    { id: 3, name: 'Борис', at: 1 },
    { id: 4, name: 'Анна', at: 2 },
  ]
  const columns = [
    { id: 'name', sortValue: (r: (typeof rows)[number]) => r.name },
    { id: 'at', sortValue: (r: (typeof rows)[number]) => r.at },
  ]
  it('sorts by the column\'s value either way, ignoring case, stable, empty values last', () => {
    expect(sortRows(rows, { column: 'name', direction: 'ascending' }, columns).map(r => r.id)).toEqual([2, 4, 3, 1])
    expect(sortRows(rows, { column: 'name', direction: 'descending' }, columns).map(r => r.id)).toEqual([1, 3, 2, 4])
    expect(sortRows(rows, { column: 'at', direction: 'ascending' }, columns).map(r => r.id)).toEqual([3, 4, 1, 2])
    expect(sortRows(rows, { column: 'at', direction: 'descending' }, columns).map(r => r.id)).toEqual([1, 4, 3, 2])
    expect(sortRows(rows, null, columns).map(r => r.id)).toEqual([1, 2, 3, 4])
  })
})
