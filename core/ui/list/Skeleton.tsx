import styled, { keyframes } from 'styled-components'
import { VisuallyHidden } from '../VisuallyHidden'

const shimmer = keyframes`
  from { opacity: 1; }
  to { opacity: 0.45; }
`
const Box = styled.div`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space.sm};
  padding: ${({ theme }) => theme.space.md};
  background: ${({ theme }) => theme.color.surface};
  border: 1px solid ${({ theme }) => theme.color.divider};
  border-radius: ${({ theme }) => theme.radius.md};
`
const Line = styled.div<{ $width: number; $head?: boolean }>`
  height: ${({ $head }) => ($head ? '14px' : '20px')};
  width: ${({ $width }) => $width}%;
  border-radius: ${({ theme }) => theme.radius.sm};
  background: ${({ theme, $head }) => ($head ? theme.color.divider : theme.color.surfaceMuted)};
  animation: ${shimmer} 0.9s ease-in-out infinite alternate;

  @media (prefers-reduced-motion: reduce) {
    animation: none;
  }
`
// Fixed widths: a random look on every render would shimmer differently on each reload.
const WIDTHS = [92, 78, 86, 70, 96, 82, 74, 88, 80, 90]

export interface ListSkeletonProps {
  /** Rows to sketch (about a page's worth on screen). */
  rows?: number
  /** Read by screen readers instead of the grey bars. */
  label: string
}

/** The first load of a list: grey rows where the rows will be, so the page does not jump when they arrive. */
export function ListSkeleton({ rows = 6, label }: ListSkeletonProps) {
  return (
    <Box role="status" aria-busy="true" data-testid="list-skeleton">
      <VisuallyHidden>{label}</VisuallyHidden>
      <Line aria-hidden="true" $width={40} $head />
      {Array.from({ length: rows }, (_, i) => (
        <Line key={i} aria-hidden="true" $width={WIDTHS[i % WIDTHS.length]!} />
      ))}
    </Box>
  )
}
