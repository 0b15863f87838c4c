import { useEffect, useRef, type RefObject } from 'react'

const FOCUSABLE =
  'a[href], button:not([disabled]), input:not([disabled]), select:not([disabled]), textarea:not([disabled]), [tabindex]:not([tabindex="-1"])'

function focusables(root: HTMLElement): HTMLElement[] {
  return Array.from(root.querySelectorAll<HTMLElement>(FOCUSABLE)).filter(el => !el.closest('[inert]'))
}

export interface DrawerOptions {
  isOpen: boolean
  onClose: () => void
  /** Where focus goes back to when the drawer closes (the button that opened it). */
  returnFocus: RefObject<HTMLElement | null>
}

/**
 * A drawer over the page that behaves like a modal dialog: opening moves focus into it (the current entry, or
 * the first control), Tab and Shift+Tab cycle inside it, Escape closes it, and closing returns focus to the
 * button that opened it. The page behind is made `inert` by its owner, so screen readers stay inside too.
 */
export function useDrawer(panel: RefObject<HTMLElement | null>, { isOpen, onClose, returnFocus }: DrawerOptions) {
  const close = useRef(onClose)
  close.current = onClose
  const wasOpen = useRef(false)

  useEffect(() => {
    const root = panel.current
    if (!isOpen || !root) {
      // Only a drawer that was open hands focus back (the first render must not steal focus from the page), and
      // only when focus was still its own: in the drawer, or dropped on the body by a click on the backdrop.
      const active = document.activeElement
      if (wasOpen.current && (!active || active === document.body || root?.contains(active))) returnFocus.current?.focus()
      wasOpen.current = false
      return
    }
    wasOpen.current = true
    const current = root.querySelector<HTMLElement>('[aria-current="page"]')
    const target = current ?? focusables(root)[0] ?? root
    // Its entries may still be hidden for a frame or two: with reduced motion every element gets a tiny
    // transition (GlobalStyle), visibility included, so focus is tried again each frame until it holds.
    let retry = 0
    let frames = 0
    const moveFocus = () => {
      target.focus()
      if (document.activeElement !== target && ++frames < 30) retry = requestAnimationFrame(moveFocus)
    }
    moveFocus()

    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key === 'Escape') {
        event.preventDefault()
        close.current()
        return
      }
      if (event.key !== 'Tab') return
      const items = focusables(root)
      if (items.length === 0) return
      const first = items[0]!
      const last = items[items.length - 1]!
      const active = document.activeElement
      if (event.shiftKey && (active === first || !root.contains(active))) {
        event.preventDefault()
        last.focus()
      } else if (!event.shiftKey && (active === last || !root.contains(active))) {
        event.preventDefault()
        first.focus()
      }
    }
    // Focus that lands elsewhere in the app (a script, a floating widget) is brought back in; a layer portalled
    // above the app (a dialog opened from the drawer) keeps its own.
    const app = root.closest('#root') ?? document.body
    const onFocusIn = (event: FocusEvent) => {
      const target = event.target
      if (target instanceof Node && !root.contains(target) && app.contains(target)) (focusables(root)[0] ?? root).focus()
    }
    document.addEventListener('keydown', onKeyDown)
    document.addEventListener('focusin', onFocusIn)
    return () => {
      cancelAnimationFrame(retry)
      document.removeEventListener('keydown', onKeyDown)
      document.removeEventListener('focusin', onFocusIn)
    }
  }, [isOpen, panel, returnFocus])
}
