import styled from 'styled-components'

/*
 * The parts of a labelled field as plain elements (TextField, TextArea): no react-aria here, so the guest pages'
 * forms and every page's text inputs cost only these styles. The root carries `data-invalid` / `data-disabled`
 * for the box and the input to follow.
 */

/** Label above, control, then description and error: one column, tight but readable. */
export const FieldRoot = styled.div`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space.xs};
  min-width: 0;
`

export const FieldLabel = styled.label`
  font-size: ${({ theme }) => theme.font.size.sm};
  font-weight: ${({ theme }) => theme.font.weight.medium};
  color: ${({ theme }) => theme.color.text};
`

export const RequiredMark = styled.span`
  margin-inline-start: ${({ theme }) => theme.space.xxs};
  color: ${({ theme }) => theme.color.errorText};
`

/**
 * The bordered box around the input and its adornments (+7 prefix, show-password toggle).
 * The ring is drawn here on :focus-within so prefix, input and toggle read as one control.
 */
export const FieldBox = styled.div`
  display: flex;
  align-items: center;
  min-height: ${({ theme }) => theme.size.control.md};
  background: ${({ theme }) => theme.color.surface};
  border: 1px solid ${({ theme }) => theme.color.border};
  border-radius: ${({ theme }) => theme.radius.md};
  transition: border-color ${({ theme }) => theme.motion.fast};

  &:hover {
    border-color: ${({ theme }) => theme.color.borderStrong};
  }
  /* Ring while the input itself has focus (not when the toggle button inside it has). */
  &:has(input:focus) {
    outline: 2px solid ${({ theme }) => theme.color.focus};
    outline-offset: 1px;
    border-color: ${({ theme }) => theme.color.focus};
  }
  @supports not selector(:has(*)) {
    &:focus-within {
      outline: 2px solid ${({ theme }) => theme.color.focus};
      outline-offset: 1px;
      border-color: ${({ theme }) => theme.color.focus};
    }
  }
  [data-invalid] > & {
    border-color: ${({ theme }) => theme.color.error};
  }
  [data-disabled] > & {
    background: ${({ theme }) => theme.color.surfaceMuted};
    border-color: ${({ theme }) => theme.color.divider};
    cursor: not-allowed;
  }
`

export const FieldInput = styled.input`
  flex: 1;
  min-width: 0;
  height: calc(${({ theme }) => theme.size.control.md} - 2px);
  padding: 0 ${({ theme }) => theme.space.sm};
  border: 0;
  border-radius: inherit;
  background: transparent;
  font-size: ${({ theme }) => theme.font.size.md};
  color: ${({ theme }) => theme.color.text};
  font-variant-numeric: tabular-nums;

  /* The box draws the ring for the whole control. */
  &:focus,
  &:focus-visible {
    outline: none;
  }
  &::placeholder {
    color: ${({ theme }) => theme.color.textDisabled};
    opacity: 1;
  }
  &:disabled {
    color: ${({ theme }) => theme.color.textDisabled};
    cursor: not-allowed;
  }
`

/** Fixed text before the input, e.g. the +7 of a phone. */
export const FieldAffix = styled.span`
  flex: none;
  padding-inline-start: ${({ theme }) => theme.space.sm};
  color: ${({ theme }) => theme.color.textMuted};
  font-variant-numeric: tabular-nums;
  user-select: none;
  & + input {
    padding-inline-start: ${({ theme }) => theme.space.xs};
  }
`

export const FieldDescription = styled.div`
  font-size: ${({ theme }) => theme.font.size.xs};
  color: ${({ theme }) => theme.color.textMuted};
`

export const FieldErrorText = styled.div`
  font-size: ${({ theme }) => theme.font.size.xs};
  color: ${({ theme }) => theme.color.errorText};
  white-space: pre-line;
`
