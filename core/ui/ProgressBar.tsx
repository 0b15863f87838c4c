import { useUnit } from 'effector-react'
import { useId, type ReactNode } from 'react'
import styled from 'styled-components'
import { $locale } from '../i18n/model'

const Root = styled.div`
  display: grid;
  grid-template-columns: minmax(0, 1fr) auto;
  align-items: baseline;
  gap: ${({ theme }) => theme.space.xs} ${({ theme }) => theme.space.sm};
  min-width: 120px;
  font-size: ${({ theme }) => theme.font.size.sm};
  color: ${({ theme }) => theme.color.text};
`

// A long word ("Заполненность" in a phone's header) breaks inside its column instead of running under the value.
const Label = styled.span`
  overflow-wrap: anywhere;
  hyphens: auto;
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
  'data-testid'?: string
  /** Current value; with the default 0–100 range it is a percent. */
  value: number
  minValue?: number
  maxValue?: number
  /** Show the formatted value (a percent in the current language). */
  showValue?: boolean
  /** Replace the formatted value, e.g. "3 из 6". */
  valueLabel?: string
  /** Bar thickness in px; 6 by default, 4 fits the header. */
  thickness?: number
  className?: string
}

/**
 * Determinate progress: role=progressbar with aria-valuenow/min/max and the formatted value as aria-valuetext, named
 * by its label; turns green when complete, as the profile-completeness bar asks. Plain markup (no react-aria): the
 * header draws it on every page of a client.
 */
export function ProgressBar({ label, value, minValue = 0, maxValue = 100, showValue = true, valueLabel, thickness = 6, className, ...aria }: ProgressBarProps) {
  const locale = useUnit($locale)
  const labelId = useId()
  const clamped = Math.min(maxValue, Math.max(minValue, value))
  const percentage = maxValue > minValue ? ((clamped - minValue) / (maxValue - minValue)) * 100 : 0
  const valueText = valueLabel ?? new Intl.NumberFormat(locale, { style: 'percent' }).format(percentage / 100)
  return (
    <Root
      role="progressbar"
      aria-label={aria['aria-label']}
      data-testid={aria['data-testid']}
      aria-labelledby={label != null ? labelId : undefined}
      aria-valuenow={clamped}
      aria-valuemin={minValue}
      aria-valuemax={maxValue}
      aria-valuetext={valueText}
      className={className}
    >
      {label != null ? <Label id={labelId}>{label}</Label> : <span />}
      {showValue && <Value>{valueText}</Value>}
      <Track $height={thickness}>
        <Fill $done={percentage >= 100} style={{ width: `${percentage}%` }} />
      </Track>
    </Root>
  )
}
