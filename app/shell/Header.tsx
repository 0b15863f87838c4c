import { useUnit } from 'effector-react'
import { lazy, Suspense, type Ref } from 'react'
import styled from 'styled-components'
import { $profile } from '../../core/auth/model'
import { ROLE } from '../../core/auth/profile'
import { LocaleSwitch } from '../../core/i18n/LocaleSwitch'
import { useT } from '../../core/i18n/useT'
import { Badge } from '../../core/ui/Badge'
import { buttonCss, type ButtonSize, type ButtonVariant } from '../../core/ui/buttonStyles'
import { NavIcon } from './navIcons'
import { SIDEBAR_ID } from './Sidebar'
import { UserMenu } from './UserMenu'
import { WidgetSlot } from './WidgetSlot'

// Only a client has the completeness bar (react-aria's progress bar and button): other roles never fetch it.
const CompletenessBar = lazy(() => import('./CompletenessBar').then(m => ({ default: m.CompletenessBar })))

const Bar = styled.header`
  grid-area: header;
  position: sticky;
  top: 0;
  z-index: ${({ theme }) => theme.z.header};
  display: flex;
  align-items: center;
  gap: ${({ theme }) => theme.space.lg};
  min-width: 0;
  height: ${({ theme }) => theme.size.headerHeight};
  padding: 0 ${({ theme }) => theme.space.xl};
  background: ${({ theme }) => theme.color.surface};
  border-bottom: 1px solid ${({ theme }) => theme.color.divider};

  @media ${({ theme }) => theme.media.compact} {
    gap: ${({ theme }) => theme.space.sm};
    padding: 0 ${({ theme }) => theme.space.sm};
  }
`
const Brand = styled.div`
  display: flex;
  align-items: center;
  gap: ${({ theme }) => theme.space.sm};
  font-weight: ${({ theme }) => theme.font.weight.semibold};
  white-space: nowrap;

  /* A phone needs the room for the bell, the language and the user menu. */
  @media ${({ theme }) => theme.media.phone} {
    display: none;
  }
`
const End = styled.div`
  margin-inline-start: auto;
  display: flex;
  align-items: center;
  gap: ${({ theme }) => theme.space.sm};
  /* The bell, the language and the user menu never shrink away: the completeness bar gives way instead. */
  flex: none;

  @media ${({ theme }) => theme.media.compact} {
    gap: ${({ theme }) => theme.space.xs};
  }
`
/** The completeness bar shrinks with the header instead of pushing the user menu off a phone's screen. */
const Progress = styled.div`
  flex: 0 1 240px;
  min-width: 0;
  &:empty {
    display: none;
  }
  /* Its parts ask for 120–200 px; the header's controls come first, the bar takes what is left. */
  &,
  * {
    min-width: 0 !important;
  }
  @media ${({ theme }) => theme.media.phone} {
    /* On a phone the bar alone stays, without its label (the progress bar keeps its accessible name). */
    .react-aria-Label {
      position: absolute;
      width: 1px;
      height: 1px;
      overflow: hidden;
      clip: rect(0 0 0 0);
      white-space: nowrap;
    }
  }
`
const MenuButton = styled.button<{ $variant: ButtonVariant; $size: ButtonSize; $square: boolean }>`
  ${buttonCss}
  &:hover {
    background: ${({ theme }) => theme.color.primarySoft};
  }
`

export interface HeaderMenu {
  open: boolean
  onToggle: () => void
  ref: Ref<HTMLButtonElement>
}

/** The header; below the tablet width it starts with the button that opens the sidebar drawer (`menu`). */
export function Header({ menu, inert }: { menu: HeaderMenu | null; inert?: boolean }) {
  const t = useT('shell')
  const profile = useUnit($profile)
  return (
    <Bar inert={inert}>
      {menu && (
        <MenuButton
          ref={menu.ref}
          type="button"
          data-testid="drawer-toggle"
          $variant="ghost"
          $size="lg"
          $square
          aria-expanded={menu.open}
          aria-controls={SIDEBAR_ID}
          aria-label={t('sidebar.open')}
          title={t('sidebar.open')}
          onClick={menu.onToggle}
        >
          <NavIcon name="menu" />
        </MenuButton>
      )}
      <Brand>
        {t('core:appName')}
        <Badge tone="primary" title={t('betaHint')}>
          {t('beta')}
        </Badge>
      </Brand>
      <Progress>
        {profile?.role === ROLE.client && (
          <Suspense fallback={null}>
            <CompletenessBar />
          </Suspense>
        )}
      </Progress>
      <End>
        <WidgetSlot slot="header" />
        <LocaleSwitch />
        <UserMenu />
      </End>
    </Bar>
  )
}
