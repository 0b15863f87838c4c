import { useId } from 'react'
import { FieldBox, FieldInput, FieldLabel, FieldRoot } from '../../../core/ui/fieldStyles'

/** A day for a list's date filter: the browser's own date input (keyboard and screen readers know it), YYYY-MM-DD. */
export function DateFilter({ label, value, onChange, testId, min, max }: { label: string; value: string; onChange: (value: string) => void; testId?: string; min?: string; max?: string }) {
  const id = useId()
  return (
    <FieldRoot>
      <FieldLabel htmlFor={id}>{label}</FieldLabel>
      <FieldBox>
        <FieldInput id={id} type="date" value={value} min={min || undefined} max={max || undefined} onChange={e => onChange(e.target.value)} data-testid={testId} />
      </FieldBox>
    </FieldRoot>
  )
}
