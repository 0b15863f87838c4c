import type { SidebarEntry } from '../plugin/types'

/** "page — product"; the product alone where the page has no name of its own (or is named like the product). */
export function composeTitle(page: string | null | undefined, product: string): string {
  const name = page?.replace(/\s+/g, ' ').trim()
  return name && name !== product ? `${name} — ${product}` : product
}

const pathOf = (location: string) => (location.split(/[?#]/)[0] ?? '/').replace(/\/+$/, '') || '/'

/**
 * The sidebar entry that names a location: `exact` when the location is the entry's own page (/clients),
 * `section` for the deepest entry it lies under (/clients/42 → /clients).
 */
export function sidebarEntryFor(entries: readonly SidebarEntry[], location: string): { exact?: SidebarEntry; section?: SidebarEntry } {
  const path = pathOf(location)
  const exact = entries.find(e => pathOf(e.to) === path)
  if (exact) return { exact }
  const section = entries
    .filter(e => pathOf(e.to) !== '/' && path.startsWith(`${pathOf(e.to)}/`))
    .sort((a, b) => b.to.length - a.to.length)[0]
  return section ? { section } : {}
}
