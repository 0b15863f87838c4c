import { useUnit } from 'effector-react'
import { lazy, Suspense, useRef } from 'react'
import styled from 'styled-components'
import { useT } from '../../../core/i18n/useT'
import { useDispatch } from '../../../core/react/runtime'
// The bell is in every signed-in page's header; react-aria's popover and dialog come with the panel.
import { Button } from '../../../core/ui/Button'
import { $notifications } from '../model'

const BellPanel = lazy(() => import('./BellPanel'))

const Count = styled.span`
  position: absolute;
  top: -2px;
  inset-inline-end: -2px;
  min-width: 18px;
  height: 18px;
  padding: 0 4px;
  border-radius: 9px;
  background: ${({ theme }) => theme.color.error};
  color: ${({ theme }) => theme.color.textInverse};
  font-size: 11px;
  font-weight: ${({ theme }) => theme.font.weight.bold};
  line-height: 18px;
  text-align: center;
`
const Anchor = styled.span`
  position: relative;
  display: inline-flex;
`
const BellIcon = () => (
  <svg width="20" height="20" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="1.8" strokeLinecap="round" strokeLinejoin="round" aria-hidden="true">
    <path d="M18 8A6 6 0 0 0 6 8c0 7-3 9-3 9h18s-3-2-3-9M13.7 21a2 2 0 0 1-3.4 0" />
  </svg>
)

/** SPEC §2 header notifications: the unread count and the latest 5; opening marks them read after 3 s. */
export default function Bell() {
  const t = useT('notifications')
  const dispatch = useDispatch()
  const { header, unread, open } = useUnit($notifications)
  const trigger = useRef<HTMLButtonElement>(null)
  const close = () => void dispatch('notifications/closeBell', {})
  const openBell = () => void dispatch('notifications/openBell', { ids: header.filter(n => n.read === 0).map(n => n.id) })
  return (
    <>
      <Anchor>
        <Button
          ref={trigger}
          variant="ghost"
          square
          aria-label={unread > 0 ? t('bellUnread', { count: unread }) : t('bell')}
          aria-haspopup="dialog"
          aria-expanded={open}
          data-testid="bell"
          onPress={() => (open ? close() : openBell())}
        >
          <BellIcon />
        </Button>
        {unread > 0 && (
          <Count aria-hidden="true" data-testid="bell-count">
            {unread > 99 ? '99+' : unread}
          </Count>
        )}
      </Anchor>
      {/* The popover (its list, rows and empty state) loads on the first opening; the button is here at once. */}
      {open && (
        <Suspense fallback={null}>
          <BellPanel triggerRef={trigger} header={header} onClose={close} onArchive={id => void dispatch('notifications/archive', { id })} />
        </Suspense>
      )}
    </>
  )
}
