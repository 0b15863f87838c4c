import { useUnit } from 'effector-react'
import styled from 'styled-components'
import { $profile } from '../../core/auth/model'
import { useT } from '../../core/i18n/useT'
import { useDispatch } from '../../core/react/runtime'
import { Button } from '../../core/ui/Button'
import { ChevronDownIcon } from '../../core/ui/icons'
import { Menu, MenuItem, MenuSeparator, MenuTrigger } from '../../core/ui/Menu'

const Who = styled.span`
  display: inline-flex;
  flex-direction: column;
  align-items: flex-start;
  line-height: 1.2;
  small {
    color: ${({ theme }) => theme.color.textMuted};
    font-size: ${({ theme }) => theme.font.size.xs};
  }
`

const pages = { profile: '/profile', help: '/help', notifications: '/notifications' } as const

/** SPEC §2 header user menu: profile, help, notifications; logout goes to /login. */
export function UserMenu() {
  const t = useT('shell')
  const dispatch = useDispatch()
  const profile = useUnit($profile)
  if (!profile) return null
  const onAction = (key: React.Key) => {
    if (key === 'logout') void dispatch('auth/logout', { reason: 'user' })
    else if (typeof key === 'string' && key in pages) void dispatch('app/navigate', { to: pages[key as keyof typeof pages] })
  }
  return (
    <MenuTrigger>
      {/* The name starts with the visible name and role (axe's label-content-name-mismatch, voice control), then says what it opens. */}
      <Button variant="ghost" data-testid="user-menu" aria-label={t('header.userMenuName', { name: profile.name, role: t(`roles.${profile.role}`) })}>
        <Who>
          <span>{profile.name}</span>
          {/* A space between name and role in the text (not on screen: flex items): "Name Role", not "NameRole". */}{' '}
          <small>{t(`roles.${profile.role}`)}</small>
        </Who>
        <ChevronDownIcon />
      </Button>
      <Menu onAction={onAction} aria-label={t('header.userMenu')}>
        <MenuItem id="profile" data-testid="menu-profile">{t('header.profile')}</MenuItem>
        <MenuItem id="help" data-testid="menu-help">{t('header.help')}</MenuItem>
        <MenuItem id="notifications" data-testid="menu-notifications">{t('header.notifications')}</MenuItem>
        <MenuSeparator />
        <MenuItem id="logout" data-testid="logout" isDanger>
          {t('header.logout')}
        </MenuItem>
      </Menu>
    </MenuTrigger>
  )
}
