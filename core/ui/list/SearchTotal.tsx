import type { SearchedPage } from '../../api/envelope'
import { totalText, useListT } from './texts'

export interface SearchTotalProps {
  page: Pick<SearchedPage<unknown>, 'total' | 'similar'> & { total_estimated?: boolean }
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
  const total = count ?? totalText(t, page)
  return <span aria-live="polite">{page.similar && page.total > 0 ? `${similarText ?? t('list.similarNames', { q })} · ${total}` : total}</span>
}
