import styled from 'styled-components'
import { LocaleSwitch } from '../../core/i18n/LocaleSwitch'
import { useT } from '../../core/i18n/useT'
import { Badge } from '../../core/ui/Badge'
import { CompletenessBar } from './CompletenessBar'
import { UserMenu } from './UserMenu'
import { WidgetSlot } from './WidgetSlot'

const Bar = styled.header`
  grid-area: header;
  position: sticky;
  top: 0;
  z-index: ${({ theme }) => theme.z.header};
  display: flex;
  align-items: center;
  gap: ${({ theme }) => theme.space.lg};
  height: ${({ theme }) => theme.size.headerHeight};
  padding: 0 ${({ theme }) => theme.space.xl};
  background: ${({ theme }) => theme.color.surface};
  border-bottom: 1px solid ${({ theme }) => theme.color.divider};
`
const Brand = styled.div`
  display: flex;
  align-items: center;
  gap: ${({ theme }) => theme.space.sm};
  font-weight: ${({ theme }) => theme.font.weight.semibold};
  white-space: nowrap;
`
const End = styled.div`
  margin-inline-start: auto;
  display: flex;
  align-items: center;
  gap: ${({ theme }) => theme.space.sm};
`

export function Header() {
  const t = useT('shell')
  return (
    <Bar>
      <Brand>
        {t('appName')}
        <Badge tone="primary" title={t('betaHint')}>
          {t('beta')}
        </Badge>
      </Brand>
      <CompletenessBar />
      <End>
        <WidgetSlot slot="header" />
        <LocaleSwitch />
        <UserMenu />
      </End>
    </Bar>
  )
}
