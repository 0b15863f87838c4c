import styled, { keyframes } from 'styled-components'

const spin = keyframes`
  to { transform: rotate(360deg); }
`

const Svg = styled.svg<{ $size: number }>`
  display: inline-block;
  flex: none;
  width: ${({ $size }) => $size}px;
  height: ${({ $size }) => $size}px;
  animation: ${spin} 0.8s linear infinite;
  /* A frozen spinner reads as a hang, so reduced motion slows it down rather than stopping it. */
  @media (prefers-reduced-motion: reduce) {
    animation-duration: 2.4s;
  }
`

export interface SpinnerProps {
  /** Pixel size; 16 by default (fits a button). */
  size?: number
  /**
   * With a label the spinner is a progressbar on its own; without one it is decoration and the
   * surrounding element tells assistive tech that it is busy (e.g. the pending Button's aria-busy).
   */
  label?: string
  className?: string
}

/** Indeterminate circular spinner; takes the current text colour. */
export function Spinner({ size = 16, label, className }: SpinnerProps) {
  const a11y = label
    ? ({ role: 'progressbar', 'aria-label': label } as const)
    : ({ 'aria-hidden': true } as const)
  return (
    <Svg $size={size} viewBox="0 0 24 24" fill="none" className={className} {...a11y} focusable="false">
      <circle cx="12" cy="12" r="9" stroke="currentColor" strokeOpacity="0.25" strokeWidth="3" />
      <path d="M21 12a9 9 0 0 0-9-9" stroke="currentColor" strokeWidth="3" strokeLinecap="round" />
    </Svg>
  )
}
