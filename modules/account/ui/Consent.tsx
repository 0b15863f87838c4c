import { useId } from 'react'
import styled from 'styled-components'
import { useT } from '../../../core/i18n/useT'
import { Checkbox } from '../../../core/ui/Checkbox'
import { VisuallyHidden } from '../../../core/ui/VisuallyHidden'

const Box = styled.div`
  display: grid;
  gap: 2px;
  a {
    margin-inline-start: 26px;
    font-size: ${({ theme }) => theme.font.size.sm};
    color: ${({ theme }) => theme.color.primary};
  }
`
/** As a field's error text (fieldStyles FieldErrorText): small, red, under its control. */
const ErrorText = styled.div`
  margin-inline-start: 26px;
  font-size: ${({ theme }) => theme.font.size.xs};
  color: ${({ theme }) => theme.color.errorText};
`

/**
 * A consent checkbox with a link to the document it accepts (a page of its own, opened in a new tab so the form
 * keeps what was typed) and its error under it like any field's: linked by aria-describedby and announced.
 */
export function Consent(props: { name: string; label: string; document: string; href: string; checked: boolean; onChange: (value: boolean) => void; error: string | null; isDisabled?: boolean }) {
  const t = useT('account')
  const errorId = useId()
  return (
    <Box>
      <Checkbox
        name={props.name}
        isSelected={props.checked}
        onChange={props.onChange}
        isInvalid={Boolean(props.error)}
        isDisabled={props.isDisabled ?? false}
        aria-describedby={props.error ? errorId : undefined}
      >
        {props.label}
      </Checkbox>
      {/* A plain link: a new tab is the browser's, not the router's. */}
      <a href={props.href} target="_blank" rel="noopener">
        {props.document}
        <VisuallyHidden> {t('register.newTab')}</VisuallyHidden>
      </a>
      {props.error && (
        <ErrorText id={errorId} role="alert">
          {props.error}
        </ErrorText>
      )}
    </Box>
  )
}
