import styled, { css } from 'styled-components'
import { Header as MenuHeading, MenuSection } from 'react-aria-components/Menu'
import type { ChunkFailure } from '../../core/events/map'
import { useT } from '../../core/i18n/useT'
import type { WidgetSlot } from '../../core/plugin/types'
import { IconButton } from '../../core/ui/IconButton'
import { WarningIcon } from '../../core/ui/icons'
import { Menu, MenuItem, MenuTrigger } from '../../core/ui/Menu'

const Place = styled.div<{ $floating: boolean }>`
  display: inline-flex;
  color: ${({ theme }) => theme.color.warning};
  ${({ $floating, theme }) =>
    $floating &&
    css`
      position: fixed;
      inset-inline-end: ${theme.space.lg};
      bottom: ${theme.space.lg};
      z-index: ${theme.z.callPanel};
      background: ${theme.color.surface};
      border-radius: ${theme.radius.md};
      box-shadow: ${theme.shadow.md};
    `}
`
const Heading = styled(MenuHeading)`
  max-width: 280px;
  padding: ${({ theme }) => `${theme.space.sm} ${theme.space.md}`};
  color: ${({ theme }) => theme.color.text};
  font-size: ${({ theme }) => theme.font.size.sm};
`

export interface WidgetErrorProps {
  slot: WidgetSlot
  kind: ChunkFailure
  onRetry: () => void
  onReload: () => void
}

/**
 * A widget whose chunk did not arrive (SPEC §8) takes little room: a warning button named with what happened, whose
 * menu says it in words and offers the app's reload and a retry. Keyboard: Enter opens, arrows choose, Escape closes.
 */
export function WidgetError({ slot, kind, onRetry, onReload }: WidgetErrorProps) {
  const t = useT('shell')
  const what = `${t('chunkError.widget')}: ${t(`chunkError.${kind}.title`)}`
  return (
    <Place $floating={slot === 'floating'} data-testid="widget-chunk-error" data-kind={kind}>
      <MenuTrigger>
        <IconButton aria-label={what}>
          <WarningIcon />
        </IconButton>
        <Menu aria-label={what} onAction={key => (key === 'reload' ? onReload() : onRetry())}>
          <MenuSection>
            <Heading>{what}</Heading>
            <MenuItem id="reload">{t('chunkError.reload')}</MenuItem>
            <MenuItem id="retry">{t('chunkError.retry')}</MenuItem>
          </MenuSection>
        </Menu>
      </MenuTrigger>
    </Place>
  )
}
