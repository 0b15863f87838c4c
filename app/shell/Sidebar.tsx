import { useUnit } from 'effector-react'
import styled, { css } from 'styled-components'
import { Link, useLocation } from 'wouter'
import { $profile } from '../../core/auth/model'
import { useT } from '../../core/i18n/useT'
import type { SidebarEntry } from '../../core/plugin/types'
import { useDispatch, useRuntime } from '../../core/react/runtime'
import { NavIcon } from './navIcons'

const Nav = styled.nav<{ $open: boolean }>`
  grid-area: sidebar;
  display: flex;
  flex-direction: column;
  width: ${({ theme, $open }) => ($open ? theme.size.sidebarExpanded : theme.size.sidebarCollapsed)};
  background: ${({ theme }) => theme.color.sidebar};
  color: ${({ theme }) => theme.color.sidebarText};
  transition: width ${({ theme }) => theme.motion.normal} ${({ theme }) => theme.motion.easing};
  overflow-x: hidden;
  overflow-y: auto;
  position: sticky;
  top: 0;
  height: 100vh;
  z-index: ${({ theme }) => theme.z.sidebar};
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
  padding: 0 ${({ theme }) => theme.space.lg};
  border: 0;
  background: none;
  color: inherit;
  font: inherit;
  font-size: ${({ theme }) => theme.font.size.md};
  text-align: start;
  text-decoration: none;
  white-space: nowrap;
  cursor: pointer;
  border-inline-start: 3px solid transparent;
  &:hover {
    background: rgba(255, 255, 255, 0.08);
  }
  &:focus-visible {
    outline: 2px solid ${({ theme }) => theme.color.focusOnDark};
    outline-offset: -3px;
  }
  &[aria-current='page'] {
    background: rgba(255, 255, 255, 0.12);
    border-inline-start-color: ${({ theme }) => theme.color.focusOnDark};
    font-weight: ${({ theme }) => theme.font.weight.semibold};
  }
  svg {
    flex: none;
  }
  span {
    ${({ $open }) => !$open && 'position: absolute; width: 1px; height: 1px; overflow: hidden; clip: rect(0 0 0 0);'}
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

/**
 * Entries come only from plugins, filtered by their role predicates (the same ones the route guard uses).
 * Collapsed, the labels stay in the accessibility tree and show as tooltips.
 */
export function Sidebar({ open, onToggle }: { open: boolean; onToggle: () => void }) {
  const t = useT()
  const { registry } = useRuntime()
  const dispatch = useDispatch()
  const profile = useUnit($profile)
  const [location] = useLocation()
  if (!profile) return null
  const { main, bottom } = registry.sidebarFor(profile)

  const link = (entry: SidebarEntry) => {
    const label = t(entry.label)
    return (
      <li key={entry.id}>
        <ItemLink href={entry.to} $open={open} aria-current={isCurrent(entry, location) ? 'page' : undefined} title={open ? undefined : label}>
          <NavIcon name={entry.icon} />
          <span>{label}</span>
        </ItemLink>
      </li>
    )
  }

  return (
    <Nav data-testid="sidebar" data-collapsed={String(!open)} aria-label={t('shell:sidebar.label')} $open={open}>
      <ItemButton
        type="button"
        data-testid="sidebar-toggle"
        $open={open}
        aria-expanded={open}
        onClick={onToggle}
        title={open ? undefined : t('shell:sidebar.expand')}
      >
        <NavIcon name="menu" />
        <span>{open ? t('shell:sidebar.collapse') : t('shell:sidebar.expand')}</span>
      </ItemButton>
      <List>{main.map(link)}</List>
      <Foot>
        <ItemButton
          type="button"
          data-testid="support"
          $open={open}
          onClick={() => void dispatch('feedback/open', {})}
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
