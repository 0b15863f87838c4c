import styled from 'styled-components'
import { VisuallyHidden } from '../VisuallyHidden'
import { useListT } from './texts'

const Count = styled.span`
  min-width: 20px;
  padding: 0 6px;
  border-radius: ${({ theme }) => theme.radius.pill};
  background: ${({ theme }) => theme.color.surfaceMuted};
  color: ${({ theme }) => theme.color.textMuted};
  font-size: ${({ theme }) => theme.font.size.xs};
  font-weight: ${({ theme }) => theme.font.weight.semibold};
  line-height: 18px;
  text-align: center;
  font-variant-numeric: tabular-nums;

  [data-selected] > & {
    background: ${({ theme }) => theme.color.primarySoft};
    color: ${({ theme }) => theme.color.primary};
  }
`

export interface TabCountProps {
  count: number
  /** The count is the server's estimate (a scope past a few thousand rows, server/search/total.ts). */
  about?: boolean
  className?: string
}

/**
 * A tab's count beside its label: "Непрочитанные, 5" to a screen reader (not "Непрочитанные5"); an estimate shows
 * "≈ 5 300" and is read "около 5 300".
 */
export function TabCount({ count, about = false, className }: TabCountProps) {
  const t = useListT()
  if (!about) {
    return (
      <Count className={className}>
        <VisuallyHidden>, </VisuallyHidden>
        {count}
      </Count>
    )
  }
  const text = t('list.countAbout', { count })
  return (
    <Count className={className} title={text}>
      <VisuallyHidden>, {text}</VisuallyHidden>
      <span aria-hidden="true">≈{'\u2009'}{t('list.count', { count })}</span>
    </Count>
  )
}
