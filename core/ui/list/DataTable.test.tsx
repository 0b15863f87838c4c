// @vitest-environment happy-dom
import { act, cleanup, fireEvent, render, screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { useState } from 'react'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { DataTable, type DataColumn } from './DataTable'
import { makeThings, type Thing } from './fixture'
import type { Sort } from './query'
import { sortRows } from './sort'
import { listTestRuntime } from './testing'

// react-aria's collections take seconds in happy-dom on a busy machine.
vi.setConfig({ testTimeout: 20_000 })

afterEach(() => {
  cleanup()
  vi.restoreAllMocks()
})

const COLUMNS: DataColumn<Thing>[] = [
  { id: 'name', header: 'Название', cell: r => r.name, sortable: true, sortValue: r => r.name },
  { id: 'kind', header: 'Вид', cell: r => r.kind },
  { id: 'id', header: 'Номер', cell: r => r.id, align: 'end', sortable: true, sortValue: r => r.id },
]

describe('virtual rows', () => {
  // happy-dom lays nothing out: give every box the size a browser would, as react-aria's own tests do.
  beforeEach(() => {
    vi.spyOn(HTMLElement.prototype, 'clientWidth', 'get').mockReturnValue(800)
    vi.spyOn(HTMLElement.prototype, 'clientHeight', 'get').mockReturnValue(440)
    vi.spyOn(HTMLElement.prototype, 'scrollHeight', 'get').mockReturnValue(44_040)
  })

  it('keeps only a window of 1 000 rows in the DOM, and scrolling brings the next ones', () => {
    const { wrap } = listTestRuntime({})
    render(wrap(<DataTable aria-label="Вещи" data-testid="things" columns={COLUMNS} rows={makeThings(1000)} rowHref={r => `/things/${r.id}`} />))
    const grid = screen.getByRole('grid', { name: 'Вещи' })
    // The whole list is announced, not only what is rendered.
    expect(grid.getAttribute('aria-rowcount')).toBe('1001')
    const rendered = () => within(grid).getAllByRole('row').slice(1)
    expect(rendered().length).toBeGreaterThan(5)
    expect(rendered().length).toBeLessThan(60)
    expect(rendered()[0]!.textContent).toContain('Вещь 0001')
    expect(within(grid).queryByText('Вещь 1000')).toBeNull()

    act(() => {
      grid.scrollTop = 43_600
      fireEvent.scroll(grid)
    })
    expect(within(grid).getByText('Вещь 1000')).toBeTruthy()
    expect(within(grid).queryByText('Вещь 0001')).toBeNull()
    expect(rendered().length).toBeLessThan(60)
  })

  it('a short list is a plain table with every row', () => {
    const { wrap } = listTestRuntime({})
    render(wrap(<DataTable aria-label="Вещи" columns={COLUMNS} rows={makeThings(150)} />))
    const grid = screen.getByRole('grid', { name: 'Вещи' })
    expect(grid.tagName).toBe('TABLE')
    expect(within(grid).getAllByRole('row')).toHaveLength(151)
  })
})

describe('columns declared as data', () => {
  it('names each row by its row header, aligns numbers to the end, labels values for narrow cards', () => {
    const { wrap } = listTestRuntime({})
    render(wrap(<DataTable aria-label="Вещи" columns={COLUMNS} rows={makeThings(3)} narrow="cards" />))
    const cells = screen.getAllByRole('rowheader')
    expect(cells.map(c => c.textContent)).toEqual(['Вещь 0001', 'Вещь 0002', 'Вещь 0003'])
    const number = screen.getAllByRole('gridcell').find(c => c.textContent === '2')!
    expect(number.getAttribute('data-align')).toBe('end')
    expect(number.getAttribute('data-label')).toBe('Номер')
    expect(screen.getByRole('columnheader', { name: /Номер/ }).getAttribute('data-align')).toBe('end')
  })

  it('a suffix (a badge) sits after the row link, outside it', () => {
    const { wrap } = listTestRuntime({})
    const columns: DataColumn<Thing>[] = [{ ...COLUMNS[0]!, suffix: r => (r.kind === 'metal' ? <span>сплав</span> : null) }, COLUMNS[2]!]
    render(wrap(<DataTable aria-label="Вещи" columns={columns} rows={makeThings(3)} rowHref={r => `/things/${r.id}`} />))
    const header = screen.getAllByRole('rowheader')[2]!
    expect(within(header).getByRole('link').textContent).toBe('Вещь 0003')
    expect(header.textContent).toBe('Вещь 0003 сплав')
    expect(screen.getAllByRole('rowheader')[0]!.textContent).toBe('Вещь 0001')
  })

  it('sorts a whole list in the browser with sortRows', async () => {
    function Audit() {
      const [sort, setSort] = useState<Sort>({ column: 'name', direction: 'ascending' })
      return <DataTable aria-label="Вещи" columns={COLUMNS} rows={sortRows(makeThings(12), sort, COLUMNS)} sort={sort} onSortChange={setSort} />
    }
    const { wrap } = listTestRuntime({})
    render(wrap(<Audit />))
    const first = () => screen.getAllByRole('rowheader')[0]!.textContent
    expect(first()).toBe('Вещь 0001')
    const user = userEvent.setup()
    await user.click(screen.getByRole('columnheader', { name: /Название/ }))
    expect(first()).toBe('Вещь 0012')
    expect(screen.getByRole('columnheader', { name: /Название/ }).getAttribute('aria-sort')).toBe('descending')
    await user.click(screen.getByRole('columnheader', { name: /Номер/ }))
    expect(first()).toBe('Вещь 0001')
    expect(screen.getByRole('columnheader', { name: /Номер/ }).getAttribute('aria-sort')).toBe('ascending')
  })
})
