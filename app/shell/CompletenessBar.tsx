import { useUnit } from 'effector-react'
import { $profile } from '../../core/auth/model'
import { ROLE } from '../../core/auth/profile'
import { useT } from '../../core/i18n/useT'
import { ProgressBar } from '../../core/ui/ProgressBar'
import { $completeness } from '../completeness/model'

/** SPEC §1/§6: for clients only, the average of v1/statistics/client-fullness; 100 means complete. */
export function CompletenessBar() {
  const t = useT('shell')
  const { profile, percent } = useUnit({ profile: $profile, percent: $completeness })
  if (profile?.role !== ROLE.client || percent === null) return null
  return (
    <div data-testid="completeness" style={{ minWidth: 200 }}>
      <ProgressBar label={t('header.completeness')} value={percent} valueLabel={t('header.completenessValue', { percent })} thickness={4} />
    </div>
  )
}
