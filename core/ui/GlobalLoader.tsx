import styled, { keyframes } from 'styled-components'
import { Spinner } from './Spinner'

const slide = keyframes`
  from { transform: translateX(-100%); }
  to { transform: translateX(250%); }
`

const Bar = styled.div`
  position: fixed;
  inset: 0 0 auto 0;
  z-index: ${({ theme }) => theme.z.loader};
  height: 3px;
  overflow: hidden;
  background: ${({ theme }) => theme.color.primarySoft};
  pointer-events: none;

  &::after {
    content: '';
    display: block;
    width: 40%;
    height: 100%;
    background: ${({ theme }) => theme.color.primary};
    animation: ${slide} 1.2s ${({ theme }) => theme.motion.easing} infinite;
  }
  @media (prefers-reduced-motion: reduce) {
    &::after {
      width: 100%;
      animation: none;
      opacity: 0.6;
    }
  }
`

const Screen = styled.div`
  position: fixed;
  inset: 0;
  z-index: ${({ theme }) => theme.z.loader};
  display: flex;
  align-items: center;
  justify-content: center;
  background: ${({ theme }) => theme.color.bg};
  color: ${({ theme }) => theme.color.primary};
`

export interface GlobalLoaderProps {
  /** Accessible name, e.g. "Загрузка". */
  'aria-label': string
  /** 'bar' (default): a thin line on top while the page stays usable; 'screen': covers the app at start-up. */
  variant?: 'bar' | 'screen'
}

/** App-wide indeterminate progress (role=progressbar without a value). Render it only while loading. */
export function GlobalLoader({ variant = 'bar', 'aria-label': label }: GlobalLoaderProps) {
  if (variant === 'screen') {
    return (
      <Screen role="progressbar" aria-label={label} aria-busy="true">
        <Spinner size={32} />
      </Screen>
    )
  }
  return <Bar role="progressbar" aria-label={label} />
}
