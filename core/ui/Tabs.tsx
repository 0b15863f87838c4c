import styled from 'styled-components'
import {
  Tab as AriaTab,
  TabList as AriaTabList,
  TabPanel as AriaTabPanel,
  Tabs as AriaTabs,
  type TabListProps,
} from 'react-aria-components/Tabs'
import { TabStrip } from './TabStrip'
import { tabCss } from './tabStyles'

export { revealTab } from './TabStrip'

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

/** The tab list, in the strip that scrolls sideways when its tabs are wider than the page (see TabStrip). */
export function TabList<T extends object>(props: TabListProps<T>) {
  return (
    <TabStrip>
      <StyledTabList {...props} />
    </TabStrip>
  )
}

export const Tab = styled(AriaTab)`
  ${tabCss}

  &[data-hovered] {
    color: ${({ theme }) => theme.color.text};
    background: ${({ theme }) => theme.color.surfaceHover};
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
