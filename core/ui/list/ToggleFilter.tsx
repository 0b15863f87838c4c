import type { ReactNode } from 'react'
import styled from 'styled-components'
import { Button } from '../Button'

const Group = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: ${({ theme }) => theme.space.xs};
`

export interface ToggleFilterProps<K extends string> {
  /** Names the group for screen readers: "Вид". */
  label: string
  options: readonly { id: K; label: ReactNode }[]
  value: K
  onChange: (id: K) => void
}

/**
 * One of a few values as a row of toggle buttons (aria-pressed) for a list's `filters` slot: a company's kind
 * (all / legal / sole). For views of the list that need counts, ListPage's tabs fit better.
 */
export function ToggleFilter<K extends string>({ label, options, value, onChange }: ToggleFilterProps<K>) {
  return (
    <Group role="group" aria-label={label}>
      {options.map(option => (
        <Button
          key={option.id}
          size="sm"
          variant={option.id === value ? 'primary' : 'ghost'}
          isPressed={option.id === value}
          onPress={() => onChange(option.id)}
        >
          {option.label}
        </Button>
      ))}
    </Group>
  )
}
