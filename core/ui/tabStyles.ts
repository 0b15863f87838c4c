import { css } from 'styled-components'

/**
 * A tab's look, shared by react-aria's `Tab` (core/ui/Tabs) and the list pages' native `ListTabs`: each adds its own
 * hover and focus-visible selectors (react-aria's data attributes, or native pseudo-classes). The selected colour is
 * doubled in specificity so that it holds under either one's hover.
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
