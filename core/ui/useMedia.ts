import { useCallback, useSyncExternalStore } from 'react'

/**
 * Whether a media query matches now, following changes (a rotated phone, a resized window). Pass one of
 * theme's `media` queries so the script and the CSS switch at the same width. Without matchMedia (a test
 * environment) nothing matches: the desktop layout.
 */
export function useMedia(query: string): boolean {
  const subscribe = useCallback(
    (notify: () => void) => {
      const list = globalThis.matchMedia?.(query)
      if (!list) return () => undefined
      list.addEventListener('change', notify)
      return () => list.removeEventListener('change', notify)
    },
    [query],
  )
  return useSyncExternalStore(
    subscribe,
    () => globalThis.matchMedia?.(query).matches ?? false,
    () => false,
  )
}
