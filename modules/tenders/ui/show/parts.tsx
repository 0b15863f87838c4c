import { useUnit } from 'effector-react'
import styled from 'styled-components'
import { withSip } from '../../../../core/access'
import { actorOf } from '../../../../core/access/actor'
import { $profile } from '../../../../core/auth/model'
import { useT } from '../../../../core/i18n/useT'
import { useDispatch } from '../../../../core/react/runtime'
import { Button } from '../../../../core/ui/Button'
import { TENDER_PAGE } from '../../contract'
import { phoneText } from '../format'

/** A plain list of rows inside a panel (contacts, callbacks, comments): dividers, no bullets. */
export const Rows = styled.ul`
  list-style: none;
  margin: 0;
  padding: 0;
  li {
    padding: ${({ theme }) => theme.space.sm} 0;
    border-bottom: 1px solid ${({ theme }) => theme.color.divider};
    overflow-wrap: anywhere;
  }
  li:last-child {
    border-bottom: none;
  }
  small {
    color: ${({ theme }) => theme.color.textMuted};
  }
`

const PhoneLine = styled.span`
  display: inline-flex;
  flex-wrap: wrap;
  align-items: center;
  gap: ${({ theme }) => theme.space.sm};
`

/**
 * A phone of the tender with click-to-call: the call panel dials it with this tender as the page, so its history-add
 * (type 3), call-end and contact-add go to the tender (SPEC §7). Only for a profile with a softphone (SPEC §2).
 */
export function Phone({ phone, tenderId, name }: { phone: string; tenderId: number; name: string }) {
  const t = useT('tenders')
  const profile = useUnit($profile)
  const dispatch = useDispatch()
  const text = phoneText(phone)
  const canCall = profile !== null && withSip(actorOf(profile))
  return (
    <PhoneLine>
      <a href={`tel:${text.replace(/[^\d+]/g, '')}`}>{text}</a>
      {canCall && (
        <Button size="sm" data-testid="tender-call" aria-label={t('show.call', { name, phone: text })} onPress={() => dispatch('callcenter/dial', { phone: text, page: TENDER_PAGE, page_id: tenderId })}>
          {t('show.callShort')}
        </Button>
      )}
    </PhoneLine>
  )
}
