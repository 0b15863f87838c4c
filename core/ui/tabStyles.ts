import styled, { css } from 'styled-components'

/**
 * A tab's look, shared by core/ui/Tabs and the list pages' `ListTabs`. The selected colour is doubled in specificity
 * so that it holds under the hover.
 */
export const tabCss = css`
  position: relative;
  display: inline-flex;
  align-items: center;
  gap: ${({ theme }) => theme.space.xs};
  min-height: ${({ theme }) => theme.size.control.lg};
  padding: 0 ${({ theme }) => theme.space.md};
  color: ${({ theme }) => theme.color.textMuted};
  font-size: ${({ theme }) => theme.font.size.md};
  font-weight: ${({ theme }) => theme.font.weight.medium};
  white-space: nowrap;
  cursor: pointer;
  outline: none;
  border-radius: ${({ theme }) => theme.radius.sm} ${({ theme }) => theme.radius.sm} 0 0;
  transition: color ${({ theme }) => theme.motion.fast};

  &::after {
    content: '';
    position: absolute;
    inset: auto 0 0 0;
    height: 2px;
    background: transparent;
  }
  &&[data-selected] {
    color: ${({ theme }) => theme.color.primary};
  }
  &&[data-selected]::after {
    background: ${({ theme }) => theme.color.primary};
  }
`

/** The row of tabs inside a TabStrip: as wide as its tabs, at least the strip's width. */
export const TabRow = styled.div`
  display: flex;
  gap: ${({ theme }) => theme.space.xs};
  width: max-content;
  min-width: 100%;
`

/** A tab of either tab list: a native button with the look above, its hover and focus from native states. */
export const TabButton = styled.button`
  border: 0;
  background: none;
  font: inherit;
  ${tabCss}
  @media (hover: hover) {
    &:hover {
      color: ${({ theme }) => theme.color.text};
      background: ${({ theme }) => theme.color.surfaceHover};
    }
  }
  &:focus-visible {
    outline: 2px solid ${({ theme }) => theme.color.focus};
    outline-offset: -2px;
  }
`

/**
 * The tab a key moves to in a horizontal tab list (←/→ wrap around, Home/End jump), by index; -1 for any other key.
 * Both tab lists (core/ui/Tabs, core/ui/list/ListTabs) select what it names (selection follows focus).
 */
export function tabIndexForKey(key: string, at: number, count: number): number {
  switch (key) {
    case 'ArrowRight':
      return (at + 1) % count
    case 'ArrowLeft':
      return (at - 1 + count) % count
    case 'Home':
      return 0
    case 'End':
      return count - 1
    default:
      return -1
  }
}
