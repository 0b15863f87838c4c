import {
  Children,
  createContext,
  isValidElement,
  useCallback,
  useContext,
  useId,
  useLayoutEffect,
  useState,
  type HTMLAttributes,
  type KeyboardEvent,
  type ReactNode,
} from 'react'
import styled from 'styled-components'
import { TabStrip } from './TabStrip'
import { TabButton, TabRow, tabIndexForKey } from './tabStyles'

export { revealTab } from './TabStrip'

type Key = string

interface TabsState {
  base: string
  /** The selected tab; undefined until the tab list names its first tab (uncontrolled, no default). */
  selected: Key | undefined
  select: (key: Key) => void
  /** The first tab, when nothing is selected yet. */
  offerFirst: (key: Key) => void
}

const TabsContext = createContext<TabsState | null>(null)

function useTabs(): TabsState {
  const state = useContext(TabsContext)
  if (!state) throw new Error('Tab, TabList and TabPanel belong inside <Tabs>')
  return state
}

const tabId = (base: string, key: Key) => `${base}-tab-${key}`
const panelId = (base: string, key: Key) => `${base}-panel-${key}`

const Root = styled.div`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space.lg};
  min-width: 0;
`

export interface TabsProps {
  /** Controlled selection; without it the tabs keep their own, from `defaultSelectedKey` or the first tab. */
  selectedKey?: Key
  defaultSelectedKey?: Key
  onSelectionChange?: (key: Key) => void
  children: ReactNode
  className?: string
}

/**
 * Tabs as the ARIA pattern, on native elements (react-aria's collection machinery weighed ≈ 25 KB gzip on the company
 * card's first load): one Tab stop (the selected tab), ←/→ move and select (selection follows focus), Home/End jump,
 * each panel labelled by its tab. Usage:
 *   <Tabs selectedKey={tab} onSelectionChange={setTab}>
 *     <TabList aria-label={t('…')}><Tab id="phone">…</Tab><Tab id="cert">…</Tab></TabList>
 *     <TabPanel id="phone">…</TabPanel>…
 *   </Tabs>
 * The list pages' views use core/ui/list/ListTabs (one panel for every view) with the same look.
 */
export function Tabs({ selectedKey, defaultSelectedKey, onSelectionChange, children, className }: TabsProps) {
  const base = useId()
  const [own, setOwn] = useState<Key | undefined>(defaultSelectedKey)
  const selected = selectedKey ?? own
  const select = (key: Key) => {
    if (key === selected) return
    setOwn(key)
    onSelectionChange?.(key)
  }
  // Stable: the tab list's layout effect offers its first tab only while nothing is selected.
  const offerFirst = useCallback((key: Key) => setOwn(was => was ?? key), [])
  return (
    <TabsContext.Provider value={{ base, selected, select, offerFirst }}>
      <Root className={className}>{children}</Root>
    </TabsContext.Provider>
  )
}

/** The tab list, in the strip that scrolls sideways when its tabs are wider than the page (see TabStrip). */
export function TabList({ children, 'aria-label': label }: { children: ReactNode; 'aria-label': string }) {
  const { base, selected, select, offerFirst } = useTabs()
  // The tabs in order, from the children's `id`s: what the arrows move through.
  const keys = Children.toArray(children).flatMap(child => (isValidElement<{ id?: Key }>(child) && child.props.id != null ? [child.props.id] : []))
  const first = keys[0]
  useLayoutEffect(() => {
    if (selected === undefined && first !== undefined) offerFirst(first)
  }, [selected, first, offerFirst])

  const onKeyDown = (e: KeyboardEvent<HTMLDivElement>) => {
    const next = keys[tabIndexForKey(e.key, selected === undefined ? -1 : keys.indexOf(selected), keys.length)]
    if (next === undefined) return
    e.preventDefault()
    select(next)
    document.getElementById(tabId(base, next))?.focus()
  }

  return (
    <TabStrip>
      <TabRow role="tablist" aria-label={label} aria-orientation="horizontal" onKeyDown={onKeyDown}>
        {children}
      </TabRow>
    </TabStrip>
  )
}


export function Tab({ id, children, ...rest }: { id: Key; children: ReactNode; 'data-testid'?: string }) {
  const { base, selected, select } = useTabs()
  const isSelected = id === selected
  return (
    <TabButton
      {...rest}
      type="button"
      role="tab"
      id={tabId(base, id)}
      aria-selected={isSelected}
      aria-controls={isSelected ? panelId(base, id) : undefined}
      tabIndex={isSelected ? 0 : -1}
      data-selected={isSelected || undefined}
      onClick={() => select(id)}
    >
      {children}
    </TabButton>
  )
}

const Panel = styled.div`
  min-width: 0;
  border-radius: ${({ theme }) => theme.radius.sm};

  &:focus-visible {
    outline: 2px solid ${({ theme }) => theme.color.focus};
    outline-offset: 2px;
  }
`

export interface TabPanelProps extends Omit<HTMLAttributes<HTMLDivElement>, 'id' | 'role'> {
  id: Key
  /** Keep the panel mounted (hidden and inert) while another tab is selected: what was typed there survives. */
  shouldForceMount?: boolean
}

/** The selected tab's panel; the others are not drawn unless forced to stay mounted. */
export function TabPanel({ id, shouldForceMount, children, ...rest }: TabPanelProps) {
  const { base, selected } = useTabs()
  const isSelected = id === selected
  if (!isSelected && !shouldForceMount) return null
  return (
    <Panel
      {...rest}
      role="tabpanel"
      id={panelId(base, id)}
      aria-labelledby={tabId(base, id)}
      tabIndex={isSelected ? 0 : undefined}
      hidden={!isSelected}
      inert={!isSelected}
      data-inert={!isSelected || undefined}
    >
      {children}
    </Panel>
  )
}
