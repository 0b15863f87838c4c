import { useCallback, useEffect, useRef, useState, type FocusEvent, type ReactNode } from 'react'
import styled from 'styled-components'

const Strip = styled.div`
  display: flex;
  align-items: stretch;
  min-width: 0;
  border-bottom: 1px solid ${({ theme }) => theme.color.divider};
`

const Scroller = styled.div`
  flex: 1 1 auto;
  min-width: 0;
  overflow-x: auto;
  /* The arrows beside the strip are the visible control; the bar would only cover the selected tab's line. */
  scrollbar-width: none;
  &::-webkit-scrollbar {
    display: none;
  }
  overscroll-behavior-x: contain;
  scroll-behavior: smooth;
`

const ScrollButton = styled.button`
  flex: none;
  display: inline-flex;
  align-items: center;
  justify-content: center;
  width: ${({ theme }) => theme.size.control.md};
  border: 0;
  background: ${({ theme }) => theme.color.surfaceMuted};
  color: ${({ theme }) => theme.color.text};
  cursor: pointer;

  &:hover:not(:disabled) {
    background: ${({ theme }) => theme.color.surfaceHover};
  }
  &:disabled {
    color: ${({ theme }) => theme.color.textDisabled};
    cursor: default;
  }
`

/** Room kept free at an edge when a tab is scrolled into view, so the tab next to it shows there is more. */
const EDGE = 24

/** Scrolls the strip so `tab` is wholly inside it, moving it only horizontally (never the page). */
export function revealTab(scroller: HTMLElement, tab: HTMLElement) {
  const box = scroller.getBoundingClientRect()
  const rect = tab.getBoundingClientRect()
  if (rect.left < box.left) scroller.scrollLeft -= box.left - rect.left + EDGE
  else if (rect.right > box.right) scroller.scrollLeft += rect.right - box.right + EDGE
}

interface Overflow {
  /** The tabs are wider than the strip. */
  scrolls: boolean
  atStart: boolean
  atEnd: boolean
}

/**
 * The strip a tab list sits in. When its tabs are wider than the page, they scroll sideways with visible ‹ ›
 * buttons at the strip's ends (for the pointer: arrow keys already reach every tab, and a focused or selected tab
 * is scrolled into view, so the buttons stay out of the Tab order and the accessibility tree). No react-aria here:
 * the list pages' plain tabs (core/ui/list/ListTabs.tsx) use it too.
 */
export function TabStrip({ children }: { children: ReactNode }) {
  const scroller = useRef<HTMLDivElement>(null)
  const [overflow, setOverflow] = useState<Overflow>({ scrolls: false, atStart: true, atEnd: true })

  const measure = useCallback(() => {
    const el = scroller.current
    if (!el) return
    const scrolls = el.scrollWidth > el.clientWidth + 1
    const next = { scrolls, atStart: el.scrollLeft <= 1, atEnd: el.scrollLeft + el.clientWidth >= el.scrollWidth - 1 }
    setOverflow(was => (was.scrolls === next.scrolls && was.atStart === next.atStart && was.atEnd === next.atEnd ? was : next))
  }, [])

  useEffect(() => {
    const el = scroller.current
    if (!el) return
    measure()
    const selected = el.querySelector<HTMLElement>('[role="tab"][aria-selected="true"]')
    if (selected) revealTab(el, selected)
    if (typeof ResizeObserver === 'undefined') return
    const observer = new ResizeObserver(measure)
    observer.observe(el)
    if (el.firstElementChild) observer.observe(el.firstElementChild)
    return () => observer.disconnect()
  }, [measure])

  const page = (direction: 1 | -1) => {
    const el = scroller.current
    if (el) el.scrollBy({ left: direction * el.clientWidth * 0.8 })
  }
  const onFocus = (event: FocusEvent<HTMLDivElement>) => {
    if (scroller.current && event.target instanceof HTMLElement && event.target.getAttribute('role') === 'tab') revealTab(scroller.current, event.target)
  }

  return (
    <Strip data-overflow={overflow.scrolls || undefined}>
      {overflow.scrolls && (
        <ScrollButton type="button" tabIndex={-1} aria-hidden="true" data-testid="tabs-back" disabled={overflow.atStart} onClick={() => page(-1)}>
          <Chevron d="M15 18l-6-6 6-6" />
        </ScrollButton>
      )}
      <Scroller ref={scroller} onScroll={measure} onFocus={onFocus}>
        {children}
      </Scroller>
      {overflow.scrolls && (
        <ScrollButton type="button" tabIndex={-1} aria-hidden="true" data-testid="tabs-forward" disabled={overflow.atEnd} onClick={() => page(1)}>
          <Chevron d="M9 18l6-6-6-6" />
        </ScrollButton>
      )}
    </Strip>
  )
}

const Chevron = ({ d }: { d: string }) => (
  <svg width="16" height="16" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" strokeLinejoin="round" aria-hidden="true" focusable="false">
    <path d={d} />
  </svg>
)

