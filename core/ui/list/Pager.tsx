import type { ReactNode } from 'react'
import styled from 'styled-components'
import { useListT } from './texts'
import { Button } from '../Button'

const Nav = styled.nav`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  gap: ${({ theme }) => theme.space.sm};
`
const Status = styled.span`
  color: ${({ theme }) => theme.color.textMuted};
  font-variant-numeric: tabular-nums;
`

/**
 * A paged list is empty when nothing matches (`total` 0) — not when a page past the end (an old link) has no rows:
 * that page keeps the pager's way back. `isEmpty={isEmptyPage}` on a ListState of a paged list.
 */
export const isEmptyPage = (page: { total: number }): boolean => page.total === 0

/** How many pages `total` rows make, `limit` a page (at least one). */
export const pagesOf = (total: number, limit: number) => Math.max(1, Math.ceil(total / Math.max(1, limit)))

export interface PagePagerProps {
  page: number
  /** Rows that match (the server's `total`) and rows a page: the pager counts the pages. */
  total: number
  limit: number
  onPage: (page: number) => void
  'aria-label'?: string
}

/**
 * Previous / next page with "page N of M", announced politely when it changes. Nothing when everything fits on
 * one page (unless the URL asked for a page past the end: then the way back stays).
 */
export function PagePager({ page, total, limit, onPage, 'aria-label': label }: PagePagerProps) {
  const t = useListT()
  const pages = pagesOf(total, limit)
  if (pages <= 1 && page <= 1) return null
  return (
    <Nav aria-label={label ?? t('list.paging')} data-testid="pager">
      <Button size="sm" isDisabled={page <= 1} onPress={() => onPage(Math.min(page - 1, pages))}>
        {t('list.prev')}
      </Button>
      <Status aria-live="polite" aria-atomic="true">
        {t('list.pageOf', { page, pages })}
      </Status>
      <Button size="sm" isDisabled={page >= pages} onPress={() => onPage(page + 1)}>
        {t('list.next')}
      </Button>
    </Nav>
  )
}

export interface CursorPagerProps {
  /** The server's cursors of the pages before and after this one (`before=…`, `after=…`); null where there is none. */
  prev: string | null
  next: string | null
  onPage: (cursor: string) => void
  /** Where the list is, announced politely ("Показаны 41–60"), when the page knows it. */
  status?: ReactNode
  'aria-label'?: string
}

/** Keyset paging (cursors instead of page numbers, for long lists that change while read): previous / next. */
export function CursorPager({ prev, next, onPage, status, 'aria-label': label }: CursorPagerProps) {
  const t = useListT()
  if (prev === null && next === null) return null
  return (
    <Nav aria-label={label ?? t('list.paging')} data-testid="pager">
      <Button size="sm" isDisabled={prev === null} onPress={() => prev !== null && onPage(prev)}>
        {t('list.prev')}
      </Button>
      {status != null && (
        <Status aria-live="polite" aria-atomic="true">
          {status}
        </Status>
      )}
      <Button size="sm" isDisabled={next === null} onPress={() => next !== null && onPage(next)}>
        {t('list.next')}
      </Button>
    </Nav>
  )
}
