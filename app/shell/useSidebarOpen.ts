import { useCallback, useState } from 'react'

/** SPEC §1: the sidebar's state is remembered in local storage as `true`/`false`, open by default. */
export const SIDEBAR_KEY = 'sidebarOpen'

function read(): boolean {
  try {
    return globalThis.localStorage?.getItem(SIDEBAR_KEY) !== 'false'
  } catch {
    return true
  }
}

export function useSidebarOpen(): [boolean, () => void] {
  const [open, setOpen] = useState(read)
  const toggle = useCallback(() => {
    setOpen(was => {
      const next = !was
      try {
        globalThis.localStorage?.setItem(SIDEBAR_KEY, String(next))
      } catch {
        // Private mode without storage: the state just is not remembered.
      }
      return next
    })
  }, [])
  return [open, toggle]
}
