import styled, { keyframes } from 'styled-components'
import { kindIcon } from './Alert'
import { Button } from './Button'
import { CloseIcon } from './icons'
import { kindColors, type SemanticKind } from './theme'
import { VisuallyHidden } from './VisuallyHidden'

export type ToastKind = SemanticKind

/** What the toast store hands over; the same shape as the bus's 'toast/shown' payload. */
export interface ToastItem {
  id: string
  kind: ToastKind
  /** One line, several lines joined by "\n", or a list of lines (a validation map as "field:message"). */
  text: string | readonly string[]
  /** Lifetime in ms; the store runs the timer, the region only passes it on (data-timeout) for tests. */
  timeout?: number
}

export interface ToastRegionProps {
  toasts: readonly ToastItem[]
  onDismiss: (id: string) => void
  /** Accessible name of each toast's × button, e.g. "Закрыть". */
  closeLabel: string
  /** Name of the landmark, e.g. "Уведомления". */
  label: string
  /** Read before the text by screen readers ("Ошибка: …"), since colour and icon are not announced. */
  kindLabels?: Partial<Record<ToastKind, string>>
  /**
   * Pointer over or focus inside a toast, and leaving it: lets the store hold the timer while the user
   * reads or reaches the close button (WCAG 2.2.1).
   */
  onPause?: (id: string) => void
  onResume?: (id: string) => void
  placement?: 'top-end' | 'bottom-end'
}

const enter = keyframes`from { opacity: 0; transform: translateY(-6px); }`

const Region = styled.section<{ $placement: 'top-end' | 'bottom-end' }>`
  position: fixed;
  /* Under the header, never over its bell, language switch and user menu (the header is as tall on a phone). */
  ${({ $placement, theme }) =>
    $placement === 'top-end' ? `top: calc(${theme.size.headerHeight} + ${theme.space.sm});` : `bottom: ${theme.space.lg};`}
  right: ${({ theme }) => theme.space.lg};
  @media ${({ theme }) => theme.media.phone} {
    right: ${({ theme }) => theme.space.sm};
  }
  z-index: ${({ theme }) => theme.z.toast};
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space.sm};
  width: min(400px, calc(100vw - 2 * ${({ theme }) => theme.space.sm}));
  pointer-events: none;
`

const Live = styled.div`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space.sm};
  /* Never display: none when empty: a live region must stay in the accessibility tree to be announced. */
`

const Toast = styled.div<{ $kind: ToastKind }>`
  display: flex;
  align-items: flex-start;
  gap: ${({ theme }) => theme.space.sm};
  padding: ${({ theme }) => `${theme.space.sm} ${theme.space.xs} ${theme.space.sm} ${theme.space.md}`};
  background: ${({ theme }) => theme.color.surface};
  border: 1px solid ${({ theme, $kind }) => kindColors(theme, $kind).accent};
  border-inline-start-width: 4px;
  border-radius: ${({ theme }) => theme.radius.md};
  box-shadow: ${({ theme }) => theme.shadow.md};
  color: ${({ theme }) => theme.color.text};
  pointer-events: auto;
  animation: ${enter} ${({ theme }) => theme.motion.normal} ${({ theme }) => theme.motion.easing};

  > svg {
    flex: none;
    margin-top: 2px;
    color: ${({ theme, $kind }) => kindColors(theme, $kind).accent};
  }
  @media (prefers-reduced-motion: reduce) {
    animation: none;
  }
`

const Lines = styled.div`
  flex: 1;
  min-width: 0;
  padding-top: 1px;
  white-space: pre-line;
  overflow-wrap: anywhere;
`

const linesOf = (text: ToastItem['text']) => (typeof text === 'string' ? text.split('\n') : text)

/**
 * Renders the toasts it is given and nothing more: no timers, no state (the toast store owns both).
 * Two live regions exist from the start so additions are announced: errors assertively, the rest politely.
 */
export function ToastRegion({ toasts, onDismiss, closeLabel, label, kindLabels, onPause, onResume, placement = 'top-end' }: ToastRegionProps) {
  const renderToast = (t: ToastItem) => (
    <Toast
      key={t.id}
      $kind={t.kind}
      data-kind={t.kind}
      data-timeout={t.timeout}
      onPointerEnter={onPause && (() => onPause(t.id))}
      onPointerLeave={onResume && (() => onResume(t.id))}
      onFocus={onPause && (() => onPause(t.id))}
      onBlur={
        onResume &&
        ((e) => {
          if (!e.currentTarget.contains(e.relatedTarget as Node | null)) onResume(t.id)
        })
      }
    >
      {kindIcon(t.kind)}
      <Lines>
        {kindLabels?.[t.kind] && <VisuallyHidden>{kindLabels[t.kind]}: </VisuallyHidden>}
        {linesOf(t.text).map((line, i) => (
          <div key={i}>{line}</div>
        ))}
      </Lines>
      <Button aria-label={closeLabel} variant="ghost" size="sm" square onPress={() => onDismiss(t.id)}>
        <CloseIcon />
      </Button>
    </Toast>
  )

  return (
    <Region aria-label={label} $placement={placement}>
      <Live aria-live="assertive" data-live="assertive">
        {toasts.filter((t) => t.kind === 'error').map(renderToast)}
      </Live>
      <Live aria-live="polite" data-live="polite">
        {toasts.filter((t) => t.kind !== 'error').map(renderToast)}
      </Live>
    </Region>
  )
}
