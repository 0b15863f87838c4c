import { useUnit } from 'effector-react'
import { lazy, Suspense, useRef, useState, type KeyboardEvent } from 'react'
import styled from 'styled-components'
import { $profile } from '../../core/auth/model'
import { useT } from '../../core/i18n/useT'
// The trigger is part of every signed-in page's shell; react-aria's menu comes with the popover.
import { Button } from '../../core/ui/Button'
import { ChevronDownIcon } from '../../core/ui/icons'

// The menu itself (react-aria's Menu and Popover) loads on first opening; the button is in the first load.
const loadMenu = () => import('./UserMenuPopover')
const UserMenuPopover = lazy(loadMenu)

/** Name, icon and chevron on one line (svg is display: block globally). */
const Face = styled.span`
  display: inline-flex;
  align-items: center;
  gap: ${({ theme }) => theme.space.xs};
  min-width: 0;
`
const Who = styled.span`
  display: inline-flex;
  flex-direction: column;
  align-items: flex-start;
  min-width: 0;
  line-height: 1.2;
  span,
  small {
    max-width: 200px;
    overflow: hidden;
    text-overflow: ellipsis;
  }
  small {
    color: ${({ theme }) => theme.color.textMuted};
    font-size: ${({ theme }) => theme.font.size.xs};
  }
  /* A narrow header shows only the person icon; the name stays the button's accessible name. */
  @media ${({ theme }) => theme.media.compact} {
    display: none;
  }
`
const PersonIcon = styled.svg`
  display: none;
  @media ${({ theme }) => theme.media.compact} {
    display: block;
  }
`

export type MenuFocus = 'first' | 'last'

/** SPEC §2 header user menu: profile, help, notifications; logout goes to /login. */
export function UserMenu() {
  const t = useT('shell')
  const profile = useUnit($profile)
  const trigger = useRef<HTMLButtonElement>(null)
  // null: closed; otherwise opened, with the item to focus first (keyboard: ArrowUp opens on the last).
  const [open, setOpen] = useState<MenuFocus | null>(null)
  const [loaded, setLoaded] = useState(false)
  if (!profile) return null
  const show = (focus: MenuFocus) => {
    setLoaded(true)
    setOpen(focus)
  }
  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault()
      show(event.key === 'ArrowDown' ? 'first' : 'last')
    }
  }
  const role = t(`roles.${profile.role}`)
  return (
    <>
      <Button
        ref={trigger}
        variant="ghost"
        data-testid="user-menu"
        // The name starts with the visible name and role (axe's label-content-name-mismatch, voice control), then says what it opens.
        aria-label={t('header.userMenuName', { name: profile.name, role })}
        aria-haspopup="menu"
        aria-expanded={open !== null}
        onPress={() => (open ? setOpen(null) : show('first'))}
        onKeyDown={onKeyDown}
        // Hovering or focusing starts the download, so the first opening rarely waits.
        onMouseEnter={() => void loadMenu()}
        onFocus={() => void loadMenu()}
      >
        <Face>
          <Who>
            <span>{profile.name}</span>
            {/* A space between name and role in the text (not on screen: flex items): "Name Role", not "NameRole". */}{' '}
            <small>{role}</small>
          </Who>
          <PersonIcon width="20" height="20" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="1.8" strokeLinecap="round" aria-hidden="true" focusable="false">
            <path d="M12 12a4 4 0 1 0 0-8 4 4 0 0 0 0 8zM4 21v-1a7 7 0 0 1 16 0v1" />
          </PersonIcon>
          <ChevronDownIcon />
        </Face>
      </Button>
      {loaded && (
        <Suspense fallback={null}>
          <UserMenuPopover triggerRef={trigger} focus={open} onClose={() => setOpen(null)} />
        </Suspense>
      )}
    </>
  )
}
