import { useId, useRef, useState, type KeyboardEvent } from 'react'
import styled, { css } from 'styled-components'
import type { ChunkFailure } from '../../core/events/map'
import { useT } from '../../core/i18n/useT'
import type { WidgetSlot } from '../../core/plugin/types'
import { WarningIcon } from '../../core/ui/icons'
import { Button } from '../../core/ui/Button'

const Place = styled.div<{ $floating: boolean }>`
  position: relative;
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
const Panel = styled.div<{ $floating: boolean }>`
  position: absolute;
  ${({ $floating }) => ($floating ? 'bottom: 100%;' : 'top: 100%;')}
  inset-inline-end: 0;
  z-index: ${({ theme }) => theme.z.dropdown};
  display: grid;
  gap: ${({ theme }) => theme.space.xs};
  width: max-content;
  max-width: 280px;
  margin-block: ${({ theme }) => theme.space.xs};
  padding: ${({ theme }) => theme.space.sm};
  background: ${({ theme }) => theme.color.surface};
  border: 1px solid ${({ theme }) => theme.color.border};
  border-radius: ${({ theme }) => theme.radius.md};
  box-shadow: ${({ theme }) => theme.shadow.md};
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
 * A widget whose chunk did not arrive (SPEC §8) takes little room: a warning button named with what happened, which
 * opens a small panel saying it in words with the app's reload and a retry. Native buttons (it is part of every
 * signed-in page's shell, and must not itself wait for a chunk): Enter or Space opens and moves to the first action,
 * Escape closes and returns to the button.
 */
export function WidgetError({ slot, kind, onRetry, onReload }: WidgetErrorProps) {
  const t = useT()
  const what = `${t('chunkError.widget')}: ${t(`chunkError.${kind}.title`)}`
  const [open, setOpen] = useState(false)
  const panelId = useId()
  const button = useRef<HTMLButtonElement>(null)
  const close = () => {
    setOpen(false)
    button.current?.focus()
  }
  const onKeyDown = (e: KeyboardEvent) => {
    if (e.key === 'Escape' && open) {
      e.stopPropagation()
      close()
    }
  }
  return (
    <Place $floating={slot === 'floating'} data-testid="widget-chunk-error" data-kind={kind} onKeyDown={onKeyDown}>
      <Button ref={button} variant="ghost" square aria-label={what} aria-expanded={open} aria-controls={open ? panelId : undefined} onPress={() => setOpen(!open)}>
        <WarningIcon />
      </Button>
      {open && (
        <Panel $floating={slot === 'floating'} id={panelId} role="group" aria-label={what}>
          <span>{what}</span>
          <Button size="sm" variant="primary" autoFocus onPress={onReload}>
            {t('chunkError.reload')}
          </Button>
          <Button
            size="sm"
            onPress={() => {
              setOpen(false)
              onRetry()
            }}
          >
            {t('chunkError.retry')}
          </Button>
        </Panel>
      )}
    </Place>
  )
}
