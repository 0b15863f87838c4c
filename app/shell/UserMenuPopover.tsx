import type { RefObject } from 'react'
import { useT } from '../../core/i18n/useT'
import { useDispatch } from '../../core/react/runtime'
import { Menu, MenuItem, MenuSeparator } from '../../core/ui/Menu'
import type { MenuFocus } from './UserMenu'

const pages = { profile: '/profile', help: '/help', notifications: '/notifications' } as const

/** The user menu's items, loaded when the header's button first opens them. */
export default function UserMenuPopover({ triggerRef, focus, onClose }: { triggerRef: RefObject<HTMLButtonElement | null>; focus: MenuFocus | null; onClose: () => void }) {
  const t = useT('shell')
  const dispatch = useDispatch()
  const onAction = (key: React.Key) => {
    onClose()
    if (key === 'logout') void dispatch('auth/logout', { reason: 'user' })
    else if (typeof key === 'string' && key in pages) void dispatch('app/navigate', { to: pages[key as keyof typeof pages] })
  }
  return (
    <Menu
      popover={{ triggerRef, isOpen: focus !== null, onOpenChange: open => !open && onClose() }}
      autoFocus={focus ?? 'first'}
      onAction={onAction}
      onClose={onClose}
      aria-label={t('header.userMenu')}
    >
      <MenuItem id="profile" data-testid="menu-profile">{t('header.profile')}</MenuItem>
      <MenuItem id="help" data-testid="menu-help">{t('header.help')}</MenuItem>
      <MenuItem id="notifications" data-testid="menu-notifications">{t('header.notifications')}</MenuItem>
      <MenuSeparator />
      <MenuItem id="logout" data-testid="logout" isDanger>
        {t('header.logout')}
      </MenuItem>
    </Menu>
  )
}
