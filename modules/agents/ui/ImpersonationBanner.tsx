import { useUnit } from 'effector-react'
import styled from 'styled-components'
import { $profile } from '../../../core/auth/model'
import { useT } from '../../../core/i18n/useT'
import { useDispatch } from '../../../core/react/runtime'
import { Button } from '../../../core/ui/Button'
import { $switching } from '../model'

const Box = styled.div`
  display: flex;
  align-items: center;
  gap: ${({ theme }) => theme.space.sm};
  padding: ${({ theme }) => `${theme.space.xs} ${theme.space.sm}`};
  border: 2px solid ${({ theme }) => theme.color.warning};
  border-radius: ${({ theme }) => theme.radius.md};
  background: ${({ theme }) => theme.color.warningSoft};
  color: ${({ theme }) => theme.color.text};
  font-size: ${({ theme }) => theme.font.size.sm};
  white-space: nowrap;
`

/**
 * In the header while an administrator works inside someone's cabinet (profile.impersonated_by): whose
 * cabinet it is, and one click back to the administrator's own session (POST impersonation/end).
 */
export default function ImpersonationBanner() {
  const t = useT('agents')
  const dispatch = useDispatch()
  const { profile, switching } = useUnit({ profile: $profile, switching: $switching })
  if (!profile?.impersonated_by) return null
  return (
    <Box role="status" data-testid="impersonation-banner">
      <span>{t('banner.text', { name: profile.full_name || profile.name, admin: profile.impersonated_by.name })}</span>
      <Button size="sm" variant="primary" isPending={switching.status === 'returning'} onPress={() => void dispatch('agents/endImpersonation', { agentId: profile.id })} data-testid="impersonation-end">
        {t('banner.return')}
      </Button>
    </Box>
  )
}
