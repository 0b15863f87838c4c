import { createElement } from 'react'
import type { LazyComponent, PageProps } from '../plugin/types'

/**
 * A route whose screens arrive with a later issue: the page says so plainly instead of pretending.
 * The factory is tiny; the page itself is a lazy chunk.
 */
export function plannedPage(titleKey: string): LazyComponent<PageProps> {
  return () =>
    import('./PlannedPage').then(m => ({
      default: (props: PageProps) => createElement(m.PlannedPage, { ...props, titleKey }),
    }))
}
