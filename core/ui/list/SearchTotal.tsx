import type { SearchedPage } from '../../api/envelope'
import { totalText, useListT } from './texts'

export interface SearchTotalProps {
  /**
   * The page as the server answered it. A log read a page at a time counts no total (the tender call log): it gives
   * its page's `items`, and the line is the similar names alone.
   */
  page: Pick<SearchedPage<unknown>, 'similar'> & ({ total: number; total_estimated?: boolean } | { items: readonly unknown[] })
  /** The search on screen, quoted when nothing holds it as typed. */
  q: string
  /** The list's own words for its total ("12 заявок"); the kit's "Всего: 12" by default. */
  count?: string
  /** The list's own words for a typo's rows ("similar company names"); the kit's "similar names" by default. */
  similarText?: string
}

/**
 * A searched list's total ("Всего: 48 586"), after «вектар» не найдено — показаны похожие имена when the rows are
 * names similar to a search no row holds as typed (server/search `resolve()`); none similar either is the list's
 * empty state alone. Read out as it changes: the answer to a search typed into the box.
 */
export function SearchTotal({ page, q, count, similarText }: SearchTotalProps) {
  const t = useListT()
  const counted = 'total' in page
  const similar = page.similar && (counted ? page.total : page.items.length) > 0 ? (similarText ?? t('list.similarNames', { q })) : null
  const total = counted ? (count ?? totalText(t, page)) : null
  return <span aria-live="polite">{similar && total ? `${similar} · ${total}` : (similar ?? total)}</span>
}
