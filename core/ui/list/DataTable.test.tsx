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

  it('keeps only a window of 1 000 rows in the DOM, and scrolling brings the next ones', async () => {
    const { wrap } = listTestRuntime({})
    render(wrap(<DataTable aria-label="Вещи" data-testid="things" columns={COLUMNS} rows={makeThings(1000)} rowHref={r => `/things/${r.id}`} />))
    // The long-list path (react-aria's virtual grid) is a chunk of its own, loaded for such a list only.
    const grid = await screen.findByRole('grid', { name: 'Вещи' }, { timeout: 10_000 })
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
    const table = screen.getByRole('table', { name: 'Вещи' })
    expect(table.tagName).toBe('TABLE')
    expect(screen.queryByRole('grid')).toBeNull()
    expect(within(table).getAllByRole('row')).toHaveLength(151)
  })
})

describe('columns declared as data', () => {
  it('names each row by its row header, aligns numbers to the end, labels values for narrow cards', () => {
    const { wrap } = listTestRuntime({})
    render(wrap(<DataTable aria-label="Вещи" columns={COLUMNS} rows={makeThings(3)} narrow="cards" />))
    const cells = screen.getAllByRole('rowheader')
    expect(cells.map(c => c.textContent)).toEqual(['Вещь 0001', 'Вещь 0002', 'Вещь 0003'])
    const number = screen.getAllByRole('cell').find(c => c.textContent === '2')!
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

describe('rows and the keyboard', () => {
  const linked = (extra: Partial<Parameters<typeof DataTable<Thing>>[0]> = {}) => {
    const kit = listTestRuntime({ path: '/things' })
    render(kit.wrap(<DataTable aria-label="Вещи" columns={COLUMNS} rows={makeThings(4)} rowHref={r => `/things/${r.id}`} {...extra} />))
    return kit
  }

  it('a row is reached by its row header link: Tab, ↑/↓ between rows, Enter opens it once', async () => {
    const { history } = linked()
    const user = userEvent.setup()
    await user.tab() // the first sortable header's button
    expect(document.activeElement).toBe(within(screen.getByRole('columnheader', { name: /Название/ })).getByRole('button'))
    await user.tab() // the second one
    await user.tab() // the first row's link
    expect(document.activeElement).toBe(screen.getByRole('link', { name: 'Вещь 0001' }))
    expect(document.activeElement!.closest('[role="rowheader"]')).not.toBeNull()
    await user.keyboard('{ArrowDown}{ArrowDown}')
    expect(document.activeElement).toBe(screen.getByRole('link', { name: 'Вещь 0003' }))
    await user.keyboard('{ArrowUp}')
    expect(document.activeElement).toBe(screen.getByRole('link', { name: 'Вещь 0002' }))
    await user.keyboard('{Enter}')
    expect(history.filter(h => h === '/things/2')).toHaveLength(1)
    // ↑ from the first row stays there.
    act(() => screen.getByRole('link', { name: 'Вещь 0001' }).focus())
    await user.keyboard('{ArrowUp}')
    expect(document.activeElement).toBe(screen.getByRole('link', { name: 'Вещь 0001' }))
  })

  it('a click on any cell opens the row; a click on the link or a row button does only its own thing', async () => {
    const pressed: number[] = []
    const { history } = linked({
      rowActions: r => (
        <button type="button" onClick={() => pressed.push(r.id)}>
          {`Убрать ${r.name}`}
        </button>
      ),
    })
    const user = userEvent.setup()
    const row3 = screen.getAllByRole('row')[3]!
    await user.click(within(row3).getAllByRole('cell')[0]!)
    expect(history.at(-1)).toBe('/things/3')
    await user.click(screen.getByRole('link', { name: 'Вещь 0004' }))
    expect(history.filter(h => h === '/things/4')).toHaveLength(1)
    const before = history.length
    await user.click(screen.getByRole('button', { name: 'Убрать Вещь 0001' }))
    expect(pressed).toEqual([1])
    expect(history).toHaveLength(before)
    expect(screen.getByRole('columnheader', { name: 'Действия' })).toBeTruthy()
  })

  it('onRowAction: the row header is a button (Enter, Space, a click) and a click on the row acts once', async () => {
    const acted: number[] = []
    const { wrap } = listTestRuntime({})
    render(wrap(<DataTable aria-label="Вещи" columns={COLUMNS} rows={makeThings(3)} onRowAction={r => acted.push(r.id)} />))
    const button = within(screen.getAllByRole('rowheader')[1]!).getByRole('button', { name: 'Вещь 0002' })
    const user = userEvent.setup()
    act(() => button.focus())
    await user.keyboard('{Enter}')
    await user.keyboard(' ')
    await user.click(button)
    expect(acted).toEqual([2, 2, 2])
    await user.click(within(screen.getAllByRole('row')[3]!).getAllByRole('cell')[1]!)
    expect(acted).toEqual([2, 2, 2, 3])
  })

  it('rows without an action have no link, no button and no click', async () => {
    const { wrap, history } = listTestRuntime({ path: '/things' })
    render(wrap(<DataTable aria-label="Вещи" columns={COLUMNS} rows={makeThings(2)} />))
    expect(screen.queryByRole('link')).toBeNull()
    expect(within(screen.getByRole('table')).queryAllByRole('button').map(b => b.textContent)).toEqual(['Название↕', 'Номер↕'])
    await userEvent.setup().click(screen.getAllByRole('cell')[0]!)
    expect(history).toEqual(['/things'])
    expect(screen.getAllByRole('row')[1]!.hasAttribute('data-action')).toBe(false)
  })
})

describe('sorting and the narrow cards', () => {
  it('sortable headers are buttons: Enter sorts, aria-sort says how; other headers have none', async () => {
    const sorts: Sort[] = []
    const { wrap } = listTestRuntime({})
    const { rerender } = render(wrap(<DataTable aria-label="Вещи" columns={COLUMNS} rows={makeThings(3)} sort={null} onSortChange={s => sorts.push(s)} />))
    const header = (name: RegExp) => screen.getByRole('columnheader', { name })
    expect(header(/Номер/).getAttribute('aria-sort')).toBe('none')
    expect(header(/Вид/).getAttribute('aria-sort')).toBeNull()
    expect(within(header(/Вид/)).queryByRole('button')).toBeNull()
    const user = userEvent.setup()
    act(() => within(header(/Номер/)).getByRole('button', { name: 'Номер' }).focus())
    await user.keyboard('{Enter}')
    expect(sorts).toEqual([{ column: 'id', direction: 'ascending' }])
    rerender(wrap(<DataTable aria-label="Вещи" columns={COLUMNS} rows={makeThings(3)} sort={sorts[0]} onSortChange={s => sorts.push(s)} />))
    expect(header(/Номер/).getAttribute('aria-sort')).toBe('ascending')
    expect(header(/Название/).getAttribute('aria-sort')).toBe('none')
    await user.keyboard(' ')
    expect(sorts.at(-1)).toEqual({ column: 'id', direction: 'descending' })
    // A click on the header cell around the button sorts too, once.
    await user.click(header(/Название/))
    expect(sorts.slice(2)).toEqual([{ column: 'name', direction: 'ascending' }])
  })

  it('the cards layout finds what it styles: a th row header, labelled and nowrap cells, column headers kept', () => {
    const { wrap } = listTestRuntime({})
    const columns: DataColumn<Thing>[] = [COLUMNS[0]!, { ...COLUMNS[1]!, nowrap: true }, COLUMNS[2]!]
    render(wrap(<DataTable aria-label="Вещи" data-testid="things" columns={columns} rows={makeThings(2)} narrow="cards" rowActions={() => <button type="button">x</button>} />))
    const table = screen.getByTestId('things')
    expect(table.getAttribute('role')).toBe('table')
    const header = table.querySelector('tbody tr [role="rowheader"]')!
    expect(header.tagName).toBe('TH')
    expect(header.getAttribute('scope')).toBe('row')
    const cells = table.querySelectorAll('tbody tr:first-child td')
    expect(Array.from(cells, c => [c.getAttribute('role'), c.getAttribute('data-label')])).toEqual([
      ['cell', 'Вид'],
      ['cell', 'Номер'],
      ['cell', 'Действия'],
    ])
    expect(cells[0]!.hasAttribute('data-nowrap')).toBe(true)
    expect(cells[1]!.hasAttribute('data-nowrap')).toBe(false)
    expect(cells[2]!.hasAttribute('data-actions')).toBe(true)
    expect(table.querySelectorAll('thead [role="columnheader"]')).toHaveLength(4)
  })
})
