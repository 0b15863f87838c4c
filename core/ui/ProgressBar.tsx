import type { ReactNode } from 'react'
import styled from 'styled-components'
import { Label } from 'react-aria-components/Label'
import { ProgressBar as AriaProgressBar } from 'react-aria-components/ProgressBar'

const Root = styled(AriaProgressBar)`
  display: grid;
  grid-template-columns: 1fr auto;
  align-items: baseline;
  gap: ${({ theme }) => theme.space.xs} ${({ theme }) => theme.space.sm};
  min-width: 120px;
  font-size: ${({ theme }) => theme.font.size.sm};
  color: ${({ theme }) => theme.color.text};
`

const Value = styled.span`
  color: ${({ theme }) => theme.color.textMuted};
  font-variant-numeric: tabular-nums;
`

const Track = styled.div<{ $height: number }>`
  grid-column: 1 / -1;
  height: ${({ $height }) => $height}px;
  border-radius: ${({ theme }) => theme.radius.pill};
  background: ${({ theme }) => theme.color.divider};
  overflow: hidden;
  /* Windows high-contrast mode drops backgrounds: keep an edge. */
  outline: 1px solid transparent;
`

const Fill = styled.div<{ $done: boolean }>`
  height: 100%;
  border-radius: inherit;
  background: ${({ theme, $done }) => ($done ? theme.color.success : theme.color.primary)};
  transition: width ${({ theme }) => theme.motion.normal} ${({ theme }) => theme.motion.easing};
  @media (forced-colors: active) {
    background: Highlight;
  }
`

export interface ProgressBarProps {
  /** Visible label (e.g. "Профиль заполнен"); without it pass `aria-label`. */
  label?: ReactNode
  'aria-label'?: string
  /** Current value; with the default 0–100 range it is a percent. */
  value: number
  minValue?: number
  maxValue?: number
  /** Show the formatted value (react-aria formats it as a percent in the UiProvider's locale). */
  showValue?: boolean
  /** Replace the formatted value, e.g. "3 из 6". */
  valueLabel?: string
  /** Bar thickness in px; 6 by default, 4 fits the header. */
  thickness?: number
  className?: string
}

/**
 * Determinate progress (react-aria ProgressBar: role=progressbar with aria-valuenow/min/max/text);
 * turns green when complete, as the profile-completeness bar asks.
 */
export function ProgressBar({ label, value, minValue = 0, maxValue = 100, showValue = true, valueLabel, thickness = 6, className, ...aria }: ProgressBarProps) {
  return (
    <Root
      {...aria}
      value={value}
      minValue={minValue}
      maxValue={maxValue}
      valueLabel={valueLabel}
      className={className}
    >
      {({ percentage = 0, valueText }) => (
        <>
          {label != null ? <Label>{label}</Label> : <span />}
          {showValue && <Value>{valueText}</Value>}
          <Track $height={thickness}>
            <Fill $done={percentage >= 100} style={{ width: `${Math.min(100, Math.max(0, percentage))}%` }} />
          </Track>
        </>
      )}
    </Root>
  )
}

