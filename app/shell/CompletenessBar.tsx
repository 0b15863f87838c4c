import { useUnit } from 'effector-react'
import { lazy, Suspense, useRef, useState } from 'react'
import styled from 'styled-components'
import { $profile } from '../../core/auth/model'
import { ROLE } from '../../core/auth/profile'
import { useT } from '../../core/i18n/useT'
import { ProgressBar } from '../../core/ui/ProgressBar'
import { VisuallyHidden } from '../../core/ui/VisuallyHidden'
import { $completeness } from '../completeness/model'

// The list (and react-aria's popover and dialog) is read only by those who open it: not in the first download.
const CompletenessPanel = lazy(() => import('./CompletenessPanel'))

const Trigger = styled.button`
  min-width: 200px;
  padding: ${({ theme }) => `${theme.space.xs} ${theme.space.sm}`};
  border: 1px solid transparent;
  border-radius: ${({ theme }) => theme.radius.md};
  background: transparent;
  font: inherit;
  color: inherit;
  text-align: start;
  cursor: pointer;
  &:hover {
    border-color: ${({ theme }) => theme.color.divider};
  }
  &:focus-visible {
    outline: 2px solid ${({ theme }) => theme.color.focus};
    outline-offset: 2px;
  }
`

// A phone's header has room for one short word beside the value ("Профиль 100 %"), not for "Заполненность профиля",
// which broke inside its word over three lines there.
const FullLabel = styled.span`
  @media ${({ theme }) => theme.media.phone} {
    display: none;
  }
`
const ShortLabel = styled.span`
  display: none;
  @media ${({ theme }) => theme.media.phone} {
    display: inline;
  }
`

/**
 * SPEC §1/§6: for clients only, the average of v1/statistics/client-fullness; 100 means complete. A button: it
 * opens what is missing per section, with links to the field or tab where each is filled in.
 */
export function CompletenessBar() {
  const t = useT('shell')
  const { profile, percent } = useUnit({ profile: $profile, percent: $completeness })
  const [open, setOpen] = useState(false)
  const trigger = useRef<HTMLButtonElement>(null)
  if (profile?.role !== ROLE.client || percent === null) return null
  return (
    <>
      <Trigger ref={trigger} type="button" data-testid="completeness" aria-haspopup="dialog" aria-expanded={open} onClick={() => setOpen(true)}>
        <ProgressBar
          label={
            <>
              <FullLabel>{t('header.completeness')}</FullLabel>
              <ShortLabel>{t('header.completenessShort')}</ShortLabel>
            </>
          }
          value={percent}
          valueLabel={t('header.completenessValue', { percent })}
          thickness={4}
        />
        <VisuallyHidden>{t('completeness.title')}</VisuallyHidden>
      </Trigger>
      {open && (
        <Suspense fallback={null}>
          <CompletenessPanel triggerRef={trigger} close={() => setOpen(false)} />
        </Suspense>
      )}
    </>
  )
}
