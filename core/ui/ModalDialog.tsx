import type { ReactNode } from 'react'
import styled, { keyframes } from 'styled-components'
import { Dialog as AriaDialog } from 'react-aria-components/Dialog'
import { Heading } from 'react-aria-components/Heading'
import { Modal, ModalOverlay } from 'react-aria-components/Modal'
import { IconButton } from './IconButton'
import { CloseIcon } from './icons'

const fadeIn = keyframes`from { opacity: 0; }`
const rise = keyframes`from { opacity: 0; transform: translateY(8px); }`

const Overlay = styled(ModalOverlay)`
  position: fixed;
  inset: 0;
  z-index: ${({ theme }) => theme.z.modal};
  display: flex;
  align-items: flex-start;
  justify-content: center;
  padding: 8vh ${({ theme }) => theme.space.lg} ${({ theme }) => theme.space.lg};
  background: ${({ theme }) => theme.color.backdrop};
  overflow-y: auto;

  &[data-entering] {
    animation: ${fadeIn} ${({ theme }) => theme.motion.normal} ${({ theme }) => theme.motion.easing};
  }
  &[data-exiting] {
    animation: ${fadeIn} ${({ theme }) => theme.motion.fast} reverse ease-in;
  }
  @media (prefers-reduced-motion: reduce) {
    &[data-entering],
    &[data-exiting] {
      animation: none;
    }
  }
  /* A phone: the dialog takes the whole screen (no margins to scroll around). */
  @media ${({ theme }) => theme.media.phone} {
    padding: 0;
    align-items: stretch;
  }
`

const Box = styled(Modal)<{ $size: DialogSize }>`
  width: 100%;
  max-width: ${({ theme, $size }) => theme.size.dialog[$size]};
  background: ${({ theme }) => theme.color.surface};
  border-radius: ${({ theme }) => theme.radius.lg};
  box-shadow: ${({ theme }) => theme.shadow.lg};

  &[data-entering] {
    animation: ${rise} ${({ theme }) => theme.motion.normal} ${({ theme }) => theme.motion.easing};
  }
  @media (prefers-reduced-motion: reduce) {
    &[data-entering] {
      animation: none;
    }
  }
  @media ${({ theme }) => theme.media.phone} {
    max-width: none;
    min-height: 100dvh;
    border-radius: 0;
    box-shadow: none;
  }
`

const Surface = styled(AriaDialog)`
  display: flex;
  flex-direction: column;
  max-height: 84vh;
  outline: none;
  @media ${({ theme }) => theme.media.phone} {
    height: 100dvh;
    max-height: none;
  }
`

const Header = styled.div`
  display: flex;
  align-items: center;
  gap: ${({ theme }) => theme.space.sm};
  padding: ${({ theme }) => `${theme.space.lg} ${theme.space.lg} ${theme.space.sm} ${theme.space.xl}`};
`

const Title = styled(Heading)`
  flex: 1;
  font-size: ${({ theme }) => theme.font.size.xl};
  font-weight: ${({ theme }) => theme.font.weight.semibold};
`

const Body = styled.div`
  flex: 1 1 auto;
  min-height: 0;
  padding: ${({ theme }) => `${theme.space.sm} ${theme.space.xl} ${theme.space.lg}`};
  overflow-y: auto;
  @media ${({ theme }) => theme.media.phone} {
    padding-inline: ${({ theme }) => theme.space.lg};
  }
`

const Footer = styled.div`
  display: flex;
  flex-wrap: wrap;
  justify-content: flex-end;
  gap: ${({ theme }) => theme.space.sm};
  padding: ${({ theme }) => `${theme.space.md} ${theme.space.xl}`};
  border-top: 1px solid ${({ theme }) => theme.color.divider};
`

export type DialogSize = 'sm' | 'md' | 'lg'

export interface DialogProps {
  /** Controlled open state. */
  isOpen?: boolean
  onOpenChange?: (isOpen: boolean) => void
  /** Becomes the dialog's accessible name (aria-labelledby). */
  title: ReactNode
  /** Content, or a function receiving `close` for buttons like "Отмена". */
  children: ReactNode | ((close: () => void) => ReactNode)
  /** Buttons row under the content; a function gets `close`. */
  footer?: ReactNode | ((close: () => void) => ReactNode)
  /** With a label, a × button closes the dialog (the label is its accessible name). */
  closeLabel?: string
  /** Close on a click outside; true by default. Escape always closes unless isKeyboardDismissDisabled. */
  isDismissable?: boolean
  isKeyboardDismissDisabled?: boolean
  size?: DialogSize
  /** 'alertdialog' for confirmations that need an answer. */
  role?: 'dialog' | 'alertdialog'
  className?: string
}

/**
 * Modal dialog (react-aria): focus moves in and is trapped, Escape closes, focus returns to the opener,
 * the page behind is inert to screen readers and does not scroll. Pages use it through `Dialog` (./Dialog.tsx),
 * which fetches this code when a dialog first opens.
 */
export default function ModalDialog({
  isOpen,
  onOpenChange,
  title,
  children,
  footer,
  closeLabel,
  isDismissable = true,
  isKeyboardDismissDisabled,
  size = 'md',
  role,
  className,
}: DialogProps) {
  return (
    <Overlay isOpen={isOpen} onOpenChange={onOpenChange} isDismissable={isDismissable} isKeyboardDismissDisabled={isKeyboardDismissDisabled}>
      <Box $size={size} className={className}>
        <Surface role={role}>
          {({ close }) => (
            <>
              <Header>
                <Title slot="title">{title}</Title>
                {closeLabel && (
                  <IconButton aria-label={closeLabel} size="sm" onPress={close}>
                    <CloseIcon />
                  </IconButton>
                )}
              </Header>
              <Body>{typeof children === 'function' ? children(close) : children}</Body>
              {footer != null && <Footer>{typeof footer === 'function' ? footer(close) : footer}</Footer>}
            </>
          )}
        </Surface>
      </Box>
    </Overlay>
  )
}
