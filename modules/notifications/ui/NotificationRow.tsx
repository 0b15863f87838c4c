import styled from 'styled-components'
import { Link } from 'wouter'
import { useT } from '../../../core/i18n/useT'
import { useRuntime } from '../../../core/react/runtime'
import { IconButton } from '../../../core/ui/IconButton'
import { CloseIcon } from '../../../core/ui/icons'
import { VisuallyHidden } from '../../../core/ui/VisuallyHidden'
import type { NotificationItem } from '../contract'

const Row = styled.li<{ $unread: boolean }>`
  display: grid;
  grid-template-columns: 1fr auto;
  gap: ${({ theme }) => theme.space.xs} ${({ theme }) => theme.space.sm};
  padding: ${({ theme }) => theme.space.md};
  border-bottom: 1px solid ${({ theme }) => theme.color.divider};
  border-inline-start: 3px solid ${({ theme, $unread }) => ($unread ? theme.color.primary : 'transparent')};
  background: ${({ theme, $unread }) => ($unread ? theme.color.primarySoft : 'transparent')};
  &:last-child {
    border-bottom: 0;
  }
`
const Title = styled.div`
  font-weight: ${({ theme }) => theme.font.weight.semibold};
  a {
    color: ${({ theme }) => theme.color.primary};
  }
`
const Text = styled.p`
  grid-column: 1;
  margin: 0;
  color: ${({ theme }) => theme.color.text};
  white-space: pre-line;
`
const When = styled.time`
  grid-column: 1;
  font-size: ${({ theme }) => theme.font.size.xs};
  color: ${({ theme }) => theme.color.textMuted};
`

/**
 * One notification. Where it leads comes from the module that owns the type (the type's declared link);
 * a type whose module is not installed shows as plain text.
 */
export function NotificationRow({ item, onArchive, onNavigate }: { item: NotificationItem; onArchive: (id: number) => void; onNavigate?: () => void }) {
  const t = useT('notifications')
  const { registry } = useRuntime()
  const href = registry.linkFor({ type: item.notification.type, data: item.data, params: item.notification.params })
  const date = new Date(item.date_notification)
  const title = item.data.title || t('untitled')
  return (
    <Row $unread={item.read === 0} data-testid="notification" data-read={item.read}>
      <Title>
        {item.read === 0 && <VisuallyHidden>{t('unread')}: </VisuallyHidden>}
        {href ? (
          <Link href={href} onClick={onNavigate}>
            {title}
          </Link>
        ) : (
          title
        )}
      </Title>
      <IconButton aria-label={t('archive', { title })} size="sm" onPress={() => onArchive(item.id)}>
        <CloseIcon />
      </IconButton>
      {item.data.text && <Text>{item.data.text}</Text>}
      <When dateTime={item.date_notification}>{Number.isNaN(date.getTime()) ? item.date_notification : date.toLocaleString(t('dateLocale'))}</When>
    </Row>
  )
}
