import { useUnit } from 'effector-react'
import styled from 'styled-components'
import { useDispatch } from '../react/runtime'
import { buttonCss, type ButtonSize, type ButtonVariant } from '../ui/buttonStyles'
import { VisuallyHidden } from '../ui/VisuallyHidden'
import { $locale } from './model'
import { useT } from './useT'

const Toggle = styled.button<{ $variant: ButtonVariant; $size: ButtonSize }>`
  ${buttonCss}
`

/**
 * One press switches ru ↔ en. The button names the language it switches to, in that language, and marks
 * English as beta (the product is Russian first). Its name is its visible text followed by what it does ("EN β
 * Switch to English (beta)"): a name that does not start with what is seen fails voice control and axe's
 * label-content-name-mismatch.
 */
export function LocaleSwitch() {
  const t = useT('core')
  const dispatch = useDispatch()
  const locale = useUnit($locale)
  const next = locale === 'ru' ? 'en' : 'ru'
  return (
    <Toggle
      type="button"
      data-testid="locale-switch"
      $variant="ghost"
      $size="sm"
      lang={next}
      onClick={() => void dispatch('locale/set', { locale: next })}
    >
      {t(`locale.short.${next}`)}
      <VisuallyHidden> {t(`locale.switchTo.${next}`)}</VisuallyHidden>
    </Toggle>
  )
}
