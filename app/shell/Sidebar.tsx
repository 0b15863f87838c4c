import { useUnit } from 'effector-react'
import { useRef, type RefObject } from 'react'
import styled, { css } from 'styled-components'
import { Link, useLocation } from 'wouter'
import { $profile } from '../../core/auth/model'
import { useT } from '../../core/i18n/useT'
import type { SidebarEntry } from '../../core/plugin/types'
import { sidebarStates } from '../../core/ui/sidebarStates'
import { useDrawer } from '../../core/ui/useDrawer'
import { useDispatch, useRuntime } from '../../core/react/runtime'
import { NavIcon } from './navIcons'

const Nav = styled.nav<{ $open: boolean; $drawer: boolean }>`
  grid-area: sidebar;
  display: flex;
  flex-direction: column;
  width: ${({ theme, $open }) => ($open ? theme.size.sidebarExpanded : theme.size.sidebarCollapsed)};
  background: ${({ theme }) => theme.color.sidebar};
  color: ${({ theme }) => theme.color.sidebarText};
  transition: width ${({ theme }) => theme.motion.normal} ${({ theme }) => theme.motion.easing};
  overflow-x: hidden;
  overflow-y: auto;
  overscroll-behavior: contain;
  position: sticky;
  top: 0;
  height: 100vh;
  z-index: ${({ theme }) => theme.z.sidebar};

  ${({ $drawer, $open, theme }) =>
    $drawer &&
    css`
      /* Over the page, not beside it: the page keeps the whole width of a phone. */
      grid-area: auto;
      position: fixed;
      inset-block: 0;
      inset-inline-start: 0;
      height: 100dvh;
      width: min(300px, 85vw);
      z-index: ${theme.z.overlay + 1};
      box-shadow: ${theme.shadow.lg};
      transform: translateX(${$open ? '0' : '-100%'});
      /* Closed, it is hidden from focus and screen readers too (after the slide-out). Opening shows it at once,
         with no visibility transition at all: even a reduced-motion one would leave it hidden when focus moves in. */
      visibility: ${$open ? 'visible' : 'hidden'};
      transition: ${$open
        ? `transform ${theme.motion.normal} ${theme.motion.easing}`
        : `transform ${theme.motion.normal} ${theme.motion.easing}, visibility 0s linear ${theme.motion.normal}`};
    `}
`

/** Under the open drawer: dims the page, and a click on it closes the drawer. */
export const DrawerBackdrop = styled.div`
  position: fixed;
  inset: 0;
  z-index: ${({ theme }) => theme.z.overlay};
  background: ${({ theme }) => theme.color.backdrop};
`

const List = styled.ul`
  list-style: none;
  margin: 0;
  padding: ${({ theme }) => theme.space.xs} 0;
`

const itemCss = css<{ $open: boolean }>`
  display: flex;
  align-items: center;
  gap: ${({ theme }) => theme.space.md};
  width: 100%;
  min-height: 40px;
  padding: ${({ theme }) => theme.space.xs} ${({ theme }) => theme.space.lg};
  border: 0;
  background: none;
  font: inherit;
  font-size: ${({ theme }) => theme.font.size.md};
  line-height: ${({ theme }) => theme.font.lineHeight.tight};
  text-align: start;
  text-decoration: none;
  cursor: pointer;
  border-inline-start: 3px solid transparent;
  /* Doubled class: the global link colours (a, a:hover) must never reach the navy sidebar. */
  &&,
  &&:visited {
    color: ${sidebarStates.idle.fg};
    background: ${sidebarStates.idle.bg};
  }
  &&:hover {
    color: ${sidebarStates.hover.fg};
    background: ${sidebarStates.hover.bg};
  }
  &:focus-visible {
    outline: 2px solid ${({ theme }) => theme.color.focusOnDark};
    outline-offset: -3px;
  }
  &&[aria-current='page'] {
    color: ${sidebarStates.active.fg};
    background: ${sidebarStates.active.bg};
    border-inline-start-color: ${({ theme }) => theme.color.focusOnDark};
    font-weight: ${({ theme }) => theme.font.weight.semibold};
  }
  &&[aria-current='page']:hover {
    color: ${sidebarStates.activeHover.fg};
    background: ${sidebarStates.activeHover.bg};
  }
  svg {
    flex: none;
  }
  span {
    /* Long labels ("Сотрудники колл-центра") wrap onto a second line rather than being cut. */
    min-width: 0;
    overflow-wrap: anywhere;
    ${({ $open }) => !$open && 'position: absolute; width: 1px; height: 1px; overflow: hidden; clip: rect(0 0 0 0); white-space: nowrap;'}
  }
`
const ItemLink = styled(Link)<{ $open: boolean }>`
  ${itemCss}
`
const ItemButton = styled.button<{ $open: boolean }>`
  ${itemCss}
`

const Foot = styled.div`
  margin-top: auto;
  border-top: 1px solid rgba(255, 255, 255, 0.12);
`

function isCurrent(entry: SidebarEntry, location: string) {
  return location === entry.to || location.startsWith(`${entry.to}/`)
}

export type SidebarProps =
  /** Beside the page (a wide screen): expanded or collapsed to icons, remembered. */
  | { mode: 'rail'; open: boolean; onToggle: () => void }
  /** Over the page (below the tablet width): a modal drawer the header's menu button opens. */
  | { mode: 'drawer'; open: boolean; onClose: () => void; returnFocus: RefObject<HTMLElement | null> }

/** The id the header's menu button points at (aria-controls). */
export const SIDEBAR_ID = 'sidebar'

/**
 * Entries come only from plugins, filtered by their role predicates (the same ones the route guard uses).
 * Collapsed, the labels stay in the accessibility tree and show as tooltips. As a drawer, it is always
 * expanded and traps focus while open.
 */
export function Sidebar(props: SidebarProps) {
  const t = useT()
  const { registry } = useRuntime()
  const dispatch = useDispatch()
  const profile = useUnit($profile)
  const [location] = useLocation()
  const nav = useRef<HTMLElement>(null)
  const drawer = props.mode === 'drawer'
  useDrawer(nav, {
    isOpen: drawer && props.open,
    onClose: drawer ? props.onClose : noop,
    returnFocus: drawer ? props.returnFocus : noRef,
  })
  if (!profile) return null
  const { main, bottom } = registry.sidebarFor(profile)
  // The drawer always shows its labels; the rail only when expanded.
  const open = drawer || props.open

  const link = (entry: SidebarEntry) => {
    const label = t(entry.label)
    return (
      <li key={entry.id}>
        <ItemLink
          href={entry.to}
          $open={open}
          aria-current={isCurrent(entry, location) ? 'page' : undefined}
          title={open ? undefined : label}
          // The page's own entry changes no location, yet the drawer must still close on it.
          onClick={drawer ? props.onClose : undefined}
          // Pointed at or focused: the page's chunk, texts and logic start coming before the click.
          onMouseEnter={() => registry.preload(entry.to)}
          onFocus={() => registry.preload(entry.to)}
        >
          <NavIcon name={entry.icon} />
          <span>{label}</span>
        </ItemLink>
      </li>
    )
  }

  return (
    <Nav
      ref={nav}
      id={SIDEBAR_ID}
      data-testid="sidebar"
      data-mode={props.mode}
      data-collapsed={String(!props.open)}
      aria-label={t('shell:sidebar.label')}
      $open={props.open}
      $drawer={drawer}
      tabIndex={-1}
    >
      {drawer ? (
        <ItemButton type="button" data-testid="drawer-close" $open onClick={props.onClose}>
          <NavIcon name="close" />
          <span>{t('shell:sidebar.close')}</span>
        </ItemButton>
      ) : (
        <ItemButton
          type="button"
          data-testid="sidebar-toggle"
          $open={open}
          aria-expanded={open}
          onClick={props.onToggle}
          title={open ? undefined : t('shell:sidebar.expand')}
        >
          <NavIcon name="menu" />
          <span>{open ? t('shell:sidebar.collapse') : t('shell:sidebar.expand')}</span>
        </ItemButton>
      )}
      <List>{main.map(link)}</List>
      <Foot>
        <ItemButton
          type="button"
          data-testid="support"
          $open={open}
          onClick={() => {
            // The dialog takes focus over the page: the drawer closes first so its focus trap does not hold on.
            if (drawer) props.onClose()
            void dispatch('feedback/open', {})
          }}
          title={open ? undefined : t('shell:sidebar.support')}
        >
          <NavIcon name="support" />
          <span>{t('shell:sidebar.support')}</span>
        </ItemButton>
        {bottom.length > 0 && <List>{bottom.map(link)}</List>}
      </Foot>
    </Nav>
  )
}

const noop = () => undefined
const noRef: RefObject<HTMLElement | null> = { current: null }
