// @vitest-environment happy-dom
import { cleanup, render, screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { CursorPager, isEmptyPage, PagePager } from './Pager'
import { listTestRuntime } from './testing'

afterEach(cleanup)

describe('PagePager', () => {
  it('is not there when everything fits one page, and keeps the way back from a page past the end', async () => {
    const { wrap } = listTestRuntime({})
    const onPage = vi.fn()
    const view = render(wrap(<PagePager page={1} total={20} limit={20} onPage={onPage} />))
    expect(screen.queryByRole('navigation')).toBeNull()
    view.rerender(wrap(<PagePager page={7} total={45} limit={20} onPage={onPage} />))
    expect(screen.getByRole('navigation', { name: 'Страницы' }).textContent).toContain('Страница 7 из 3')
    await userEvent.setup().click(screen.getByRole('button', { name: 'Назад' }))
    expect(onPage).toHaveBeenCalledWith(3)
  })
})

describe('isEmptyPage', () => {
  it('calls a paged list empty only when nothing matches, not on a page past the end', () => {
    expect(isEmptyPage({ total: 0 })).toBe(true)
    expect(isEmptyPage({ total: 45 })).toBe(false)
  })
})

describe('CursorPager (keyset paging)', () => {
  it('moves by the cursors the server gave; an end without a cursor is disabled; the status is polite', async () => {
    const { wrap } = listTestRuntime({})
    const onPage = vi.fn()
    const view = render(wrap(<CursorPager prev={null} next="after:20" onPage={onPage} status="Показаны 1–20" />))
    expect((screen.getByRole('button', { name: 'Назад' }) as HTMLButtonElement).disabled).toBe(true)
    expect(screen.getByText('Показаны 1–20').getAttribute('aria-live')).toBe('polite')
    const user = userEvent.setup()
    await user.click(screen.getByRole('button', { name: 'Вперёд' }))
    expect(onPage).toHaveBeenLastCalledWith('after:20')
    view.rerender(wrap(<CursorPager prev="before:21" next={null} onPage={onPage} />))
    await user.click(screen.getByRole('button', { name: 'Назад' }))
    expect(onPage).toHaveBeenLastCalledWith('before:21')
    expect((screen.getByRole('button', { name: 'Вперёд' }) as HTMLButtonElement).disabled).toBe(true)
    view.rerender(wrap(<CursorPager prev={null} next={null} onPage={onPage} />))
    expect(screen.queryByRole('navigation')).toBeNull()
  })
})
