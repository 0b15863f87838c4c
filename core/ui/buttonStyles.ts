import { css } from 'styled-components'
import type { DefaultTheme } from 'styled-components'

export type ButtonVariant = 'primary' | 'secondary' | 'ghost' | 'danger'
export type ButtonSize = 'sm' | 'md' | 'lg'

const palette = (t: DefaultTheme, v: ButtonVariant) => {
  switch (v) {
    case 'primary':
      return { fg: t.color.textInverse, bg: t.color.primary, hover: t.color.primaryHover, active: t.color.primaryActive, border: t.color.primary }
    case 'danger':
      return { fg: t.color.textInverse, bg: t.color.error, hover: t.color.errorHover, active: t.color.errorHover, border: t.color.error }
    case 'secondary':
      return { fg: t.color.text, bg: t.color.surface, hover: t.color.surfaceHover, active: t.color.divider, border: t.color.border }
    case 'ghost':
      // A transparent border, not none: Windows high-contrast mode paints it, so the button keeps an edge.
      return { fg: t.color.primary, bg: 'transparent', hover: t.color.primarySoft, active: t.color.surfaceSelected, border: 'transparent' }
  }
}

/** Shared by Button and IconButton; styles react-aria's data-* states. */
export const buttonCss = css<{ $variant: ButtonVariant; $size: ButtonSize; $square?: boolean }>`
  display: inline-flex;
  align-items: center;
  justify-content: center;
  gap: ${({ theme }) => theme.space.sm};
  flex: none;
  min-width: ${({ theme, $size }) => theme.size.control[$size]};
  height: ${({ theme, $size }) => theme.size.control[$size]};
  padding: 0 ${({ theme, $size, $square }) => ($square ? '0' : $size === 'sm' ? theme.space.sm : $size === 'lg' ? theme.space.xl : theme.space.lg)};
  ${({ $square }) => ($square ? 'width: auto; aspect-ratio: 1;' : '')}
  border: 1px solid ${({ theme, $variant }) => palette(theme, $variant).border};
  border-radius: ${({ theme }) => theme.radius.md};
  background: ${({ theme, $variant }) => palette(theme, $variant).bg};
  color: ${({ theme, $variant }) => palette(theme, $variant).fg};
  font-size: ${({ theme, $size }) => ($size === 'lg' ? theme.font.size.lg : theme.font.size.md)};
  font-weight: ${({ theme }) => theme.font.weight.medium};
  line-height: 1;
  white-space: nowrap;
  cursor: pointer;
  user-select: none;
  text-decoration: none;
  transition: background-color ${({ theme }) => theme.motion.fast}, border-color ${({ theme }) => theme.motion.fast};
  -webkit-tap-highlight-color: transparent;

  &[data-hovered] {
    background: ${({ theme, $variant }) => palette(theme, $variant).hover};
  }
  &[data-pressed] {
    background: ${({ theme, $variant }) => palette(theme, $variant).active};
  }
  &[data-focus-visible] {
    outline: 2px solid ${({ theme }) => theme.color.focus};
    outline-offset: 2px;
  }
  &[data-disabled] {
    cursor: not-allowed;
    opacity: 0.5;
  }
  &[data-pending] {
    cursor: progress;
  }
`
