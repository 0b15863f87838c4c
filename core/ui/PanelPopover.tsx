import { Popover } from 'react-aria-components/Popover'
import styled from 'styled-components'

/** A popover panel opened from a header button (bell, completeness): a card that fits a phone's width and scrolls. */
export const PanelPopover = styled(Popover)<{ $width: number }>`
  z-index: ${({ theme }) => theme.z.dropdown};
  width: min(${({ $width }) => $width}px, calc(100vw - 16px));
  max-height: 70vh;
  overflow: auto;
  background: ${({ theme }) => theme.color.surface};
  border: 1px solid ${({ theme }) => theme.color.divider};
  border-radius: ${({ theme }) => theme.radius.md};
  box-shadow: ${({ theme }) => theme.shadow.lg};
`
