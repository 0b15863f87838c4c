import styled from 'styled-components'
import { useT } from '../../../../core/i18n/useT'
import { Badge, type BadgeTone } from '../../../../core/ui/Badge'
import type { KpItem, KpState } from '../../kp/contract'
import { useTenderFormats } from '../format'

const TONE: Readonly<Record<KpState, BadgeTone>> = { sent: 'neutral', opened: 'info', followed: 'warning', signed_in: 'success' }

const Steps = styled.span`
  display: flex;
  flex-direction: column;
  gap: 2px;
  font-size: ${({ theme }) => theme.font.size.sm};
  color: ${({ theme }) => theme.color.textMuted};
`

/** A KP's state as a badge, then each step reached with its time, and the link's expiry. */
export function KpTracking({ kp, now }: { kp: KpItem; now: number }) {
  const t = useT('tenders')
  const f = useTenderFormats()
  const steps = [
    kp.opened_at && t('kp.list.openedAt', { time: f.instant(kp.opened_at) }),
    kp.followed_at && t('kp.list.followedAt', { time: f.instant(kp.followed_at) }),
    kp.signed_in_at && t('kp.list.signedInAt', { time: f.instant(kp.signed_in_at) }),
  ].filter(Boolean)
  const expired = new Date(kp.expires_at).getTime() <= now
  return (
    <Steps data-testid="kp-tracking" data-state={kp.state}>
      <span>
        <Badge tone={TONE[kp.state]}>{t(`kp.states.${kp.state}`)}</Badge>
      </span>
      {steps.length === 0 ? <span>{t('kp.list.notOpened')}</span> : steps.map(step => <span key={step as string}>{step}</span>)}
      <span>{t(expired ? 'kp.list.expired' : 'kp.list.expires', { date: f.day(kp.expires_at) })}</span>
    </Steps>
  )
}
