import { useCallback, useEffect, useRef, useState, type FocusEvent } from 'react'
import styled from 'styled-components'
import {
  Tab as AriaTab,
  TabList as AriaTabList,
  TabPanel as AriaTabPanel,
  Tabs as AriaTabs,
  type TabListProps,
} from 'react-aria-components/Tabs'

/**
 * react-aria Tabs, styled: arrows move between tabs (selection follows focus by default), Home/End jump,
 * the panel is linked to its tab. Usage:
 *   <Tabs selectedKey={tab} onSelectionChange={setTab}>
 *     <TabList aria-label={t('…')}><Tab id="phone">…</Tab><Tab id="cert">…</Tab></TabList>
 *     <TabPanel id="phone">…</TabPanel>…
 *   </Tabs>
 * Props are react-aria's (TabsProps, TabListProps, TabProps, TabPanelProps).
 *
 * Weight: react-aria's collection machinery makes this ≈ 18 KB gzip on top of Button + TextField. Pages
 * (lazy chunks) are fine — Table and Menu share that code — but keep it off the /login entry.
 */
export const Tabs = styled(AriaTabs)`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space.lg};
  min-width: 0;

  &[data-orientation='vertical'] {
    flex-direction: row;
  }
`

const StyledTabList = styled(AriaTabList)`
  display: flex;
  gap: ${({ theme }) => theme.space.xs};
  width: max-content;
  min-width: 100%;

  &[data-orientation='vertical'] {
    flex-direction: column;
    width: auto;
    border-inline-end: 1px solid ${({ theme }) => theme.color.divider};
  }
` as typeof AriaTabList

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
 * The tab list. When its tabs are wider than the page, they scroll sideways with visible ‹ › buttons at the
 * strip's ends (for the pointer: arrow keys already reach every tab, and a focused or selected tab is scrolled
 * into view, so the buttons stay out of the Tab order and the accessibility tree).
 */
export function TabList<T extends object>(props: TabListProps<T>) {
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
        <StyledTabList {...props} />
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

export const Tab = styled(AriaTab)`
  position: relative;
  display: inline-flex;
  align-items: center;
  gap: ${({ theme }) => theme.space.xs};
  min-height: ${({ theme }) => theme.size.control.lg};
  padding: 0 ${({ theme }) => theme.space.md};
  color: ${({ theme }) => theme.color.textMuted};
  font-size: ${({ theme }) => theme.font.size.md};
  font-weight: ${({ theme }) => theme.font.weight.medium};
  white-space: nowrap;
  cursor: pointer;
  outline: none;
  border-radius: ${({ theme }) => theme.radius.sm} ${({ theme }) => theme.radius.sm} 0 0;
  transition: color ${({ theme }) => theme.motion.fast};

  &::after {
    content: '';
    position: absolute;
    inset: auto 0 0 0;
    height: 2px;
    background: transparent;
  }

  &[data-hovered] {
    color: ${({ theme }) => theme.color.text};
    background: ${({ theme }) => theme.color.surfaceHover};
  }
  &[data-selected] {
    color: ${({ theme }) => theme.color.primary};
  }
  &[data-selected]::after {
    background: ${({ theme }) => theme.color.primary};
  }
  &[data-focus-visible] {
    outline: 2px solid ${({ theme }) => theme.color.focus};
    outline-offset: -2px;
  }
  &[data-disabled] {
    color: ${({ theme }) => theme.color.textDisabled};
    cursor: not-allowed;
  }
`

export const TabPanel = styled(AriaTabPanel)`
  min-width: 0;
  border-radius: ${({ theme }) => theme.radius.sm};

  &[data-focus-visible] {
    outline: 2px solid ${({ theme }) => theme.color.focus};
    outline-offset: 2px;
  }
`
