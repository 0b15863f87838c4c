import { lazy, type ComponentType, type LazyExoticComponent } from 'react'
import type { LazyComponent, PageProps } from '../../core/plugin/types'

const cache = new Map<LazyComponent<PageProps>, LazyExoticComponent<ComponentType<PageProps>>>()

/**
 * One React.lazy per route loader, so navigating back to a page does not suspend again. A chunk that failed
 * to load is forgotten, so the page's retry loads it afresh instead of replaying the cached failure.
 */
export function lazyPage(loader: LazyComponent<PageProps>): LazyExoticComponent<ComponentType<PageProps>> {
  let page = cache.get(loader)
  if (!page) {
    page = lazy(() =>
      loader().catch((error: unknown) => {
        cache.delete(loader)
        throw error
      }),
    )
    cache.set(loader, page)
  }
  return page
}
