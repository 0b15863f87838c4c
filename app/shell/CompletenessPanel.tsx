import { useUnit } from 'effector-react'
import type { RefObject } from 'react'
import { Dialog } from 'react-aria-components/Dialog'
import styled from 'styled-components'
import { PanelPopover } from '../../core/ui/PanelPopover'
import { Link } from 'wouter'
import { useT } from '../../core/i18n/useT'
import { focusWhenShown } from '../completeness/focus'
import { $completenessItems, type CompletenessMissing } from '../completeness/model'

const Body = styled(Dialog)`
  outline: none;
  padding: ${({ theme }) => theme.space.md};
  h2 {
    margin: 0 0 ${({ theme }) => theme.space.sm};
    font-size: ${({ theme }) => theme.font.size.lg};
  }
`
const Sections = styled.ul`
  list-style: none;
  margin: 0;
  padding: 0;
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space.md};
  h3 {
    margin: 0 0 ${({ theme }) => theme.space.xs};
    font-size: ${({ theme }) => theme.font.size.md};
    font-weight: ${({ theme }) => theme.font.weight.semibold};
  }
`
const Missing = styled.ul`
  margin: 0;
  padding-inline-start: ${({ theme }) => theme.space.lg};
  display: flex;
  flex-direction: column;
  gap: 2px;
  a {
    color: ${({ theme }) => theme.color.primary};
    font-size: ${({ theme }) => theme.font.size.sm};
  }
`
const Done = styled.p`
  margin: 0;
  font-size: ${({ theme }) => theme.font.size.sm};
  color: ${({ theme }) => theme.color.textMuted};
`

/**
 * The completeness bar's popover (loaded when first opened): per section, its percent and links to what is
 * missing, each going to the page and into the field (or onto the tab) where it is filled in.
 */
export default function CompletenessPanel({ triggerRef, close }: { triggerRef: RefObject<HTMLButtonElement | null>; close: () => void }) {
  const t = useT('shell')
  const items = useUnit($completenessItems)
  const go = (missing: CompletenessMissing) => {
    close()
    focusWhenShown(missing.field)
  }
  const incomplete = items.filter(item => item.percent < 100)
  return (
    <PanelPopover $width={380} triggerRef={triggerRef} isOpen onOpenChange={next => !next && close()} placement="bottom start" offset={6} data-testid="completeness-panel">
      <Body aria-labelledby="completeness-title">
        <h2 id="completeness-title">{t('completeness.title')}</h2>
        {incomplete.length === 0 ? (
          <Done>{t('completeness.allDone')}</Done>
        ) : (
          <Sections>
            {items.map(item => (
              <li key={item.key} data-testid={`completeness-${item.key}`}>
                <h3>{item.percent >= 100 ? t('completeness.sectionDone', { title: item.title }) : t('completeness.section', { title: item.title, percent: item.percent })}</h3>
                {item.percent < 100 &&
                  ((item.missing ?? []).length === 0 ? (
                    <Done>{t('completeness.unknown')}</Done>
                  ) : (
                    <Missing>
                      {item.missing.map(missing => (
                        <li key={`${missing.to} ${missing.field ?? missing.label}`}>
                          <Link href={missing.to} onClick={() => go(missing)}>
                            {missing.label}
                          </Link>
                        </li>
                      ))}
                    </Missing>
                  ))}
              </li>
            ))}
          </Sections>
        )}
      </Body>
    </PanelPopover>
  )
}
