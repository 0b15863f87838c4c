import type { ReactNode } from 'react'
import styled from 'styled-components'

/**
 * A native checkbox with its label: Space toggles, the label clicks through, screen readers know it as it is. The
 * wizard's chunk does without react-aria's Checkbox (its toggle state and form validation hooks) this way.
 */
export function Check({ name, checked, onChange, children }: { name: string; checked: boolean; onChange: (checked: boolean) => void; children: ReactNode }) {
  return (
    <Label>
      <input type="checkbox" name={name} checked={checked} onChange={e => onChange(e.target.checked)} />
      <span>{children}</span>
    </Label>
  )
}

const Label = styled.label`
  position: relative;
  display: inline-flex;
  align-items: flex-start;
  gap: ${({ theme }) => theme.space.sm};
  color: ${({ theme }) => theme.color.text};
  font-size: ${({ theme }) => theme.font.size.md};
  line-height: 20px;
  cursor: pointer;
  & input {
    flex: none;
    width: 18px;
    height: 18px;
    margin: 1px 0 0;
    accent-color: ${({ theme }) => theme.color.primary};
    cursor: pointer;
  }
  & input:focus-visible {
    outline: 2px solid ${({ theme }) => theme.color.focus};
    outline-offset: 2px;
  }
`
