import type { RefObject } from 'react'
import { Dialog } from 'react-aria-components/Dialog'
import styled from 'styled-components'
import { PanelPopover } from '../../../core/ui/PanelPopover'
import { Link } from 'wouter'
import { useT } from '../../../core/i18n/useT'
import { EmptyState } from '../../../core/ui/EmptyState'
import type { NotificationItem } from '../contract'
import { NotificationRow } from './NotificationRow'

const Head = styled.div`
  display: flex;
  justify-content: space-between;
  align-items: center;
  padding: ${({ theme }) => theme.space.md};
  border-bottom: 1px solid ${({ theme }) => theme.color.divider};
  h2 {
    margin: 0;
    font-size: ${({ theme }) => theme.font.size.lg};
  }
  a {
    color: ${({ theme }) => theme.color.primary};
    font-size: ${({ theme }) => theme.font.size.sm};
  }
`
const List = styled.ul`
  list-style: none;
  margin: 0;
  padding: 0;
`

/** The bell's popover: the latest notifications, loaded when the bell is first opened. */
export default function BellPanel({
  triggerRef,
  header,
  onClose,
  onArchive,
}: {
  triggerRef: RefObject<HTMLButtonElement | null>
  header: readonly NotificationItem[]
  onClose: () => void
  onArchive: (id: number) => void
}) {
  const t = useT('notifications')
  return (
    <PanelPopover $width={400} triggerRef={triggerRef} isOpen onOpenChange={next => !next && onClose()} placement="bottom end" offset={6}>
      <Dialog aria-label={t('title')} style={{ outline: 'none' }}>
        <Head>
          <h2>{t('title')}</h2>
          <Link href="/notifications" onClick={onClose}>
            {t('all')}
          </Link>
        </Head>
        {header.length === 0 ? (
          <EmptyState title={t('empty')} />
        ) : (
          <List data-testid="bell-list">
            {header.map(item => (
              <NotificationRow key={item.id} item={item} onNavigate={onClose} onArchive={onArchive} />
            ))}
          </List>
        )}
      </Dialog>
    </PanelPopover>
  )
}
