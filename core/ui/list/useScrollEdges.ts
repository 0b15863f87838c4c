import { useEffect, useRef } from 'react'

/**
 * For a box that scrolls sideways: its parent carries `data-more-start` / `data-more-end` while content hides past
 * that edge (tableStyles' TableBox shades it). Attributes rather than state: scrolling never renders the table again.
 * `mounted`: whether the box is drawn this time (a table drawn another way has none).
 */
export function useScrollEdges<E extends HTMLElement>(mounted: boolean) {
  const ref = useRef<E>(null)
  useEffect(() => {
    const box = ref.current
    const marked = box?.parentElement
    if (!box || !marked) return
    const update = () => {
      const hidden = box.scrollWidth - box.clientWidth
      // Both languages read left to right, so scrollLeft grows from 0 at the start.
      marked.toggleAttribute('data-more-start', box.scrollLeft > 1)
      marked.toggleAttribute('data-more-end', box.scrollLeft < hidden - 1)
    }
    update()
    box.addEventListener('scroll', update, { passive: true })
    // The box resizes with the window; its table with the rows a page brings.
    const observer = typeof ResizeObserver === 'undefined' ? null : new ResizeObserver(update)
    observer?.observe(box)
    if (box.firstElementChild) observer?.observe(box.firstElementChild)
    return () => {
      box.removeEventListener('scroll', update)
      observer?.disconnect()
    }
  }, [mounted])
  return ref
}
