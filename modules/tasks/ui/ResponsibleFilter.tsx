import { useState } from 'react'
import { useT } from '../../../core/i18n/useT'
import { useResource } from '../../../core/react/useResource'
import { ComboBoxField } from '../../../core/ui/ComboBoxField'
import { useListT } from '../../../core/ui/list/texts'
import { TASKS_API, type TaskResponsibles } from '../contract'
import { useResponsibles } from './useResponsibles'

/** The list's first option: no filter (its key is no person's id). */
const ANY = 'any'

interface Option {
  key: string
  label: string
}

export interface ResponsibleFilterProps {
  /** The chosen person's id as the URL holds it; '' for everyone. */
  value: string
  onChange: (value: string) => void
}

/**
 * The task list's responsible filter: a search over whom the actor may give tasks (the same people as the task form's
 * picker), so an administrator or a large office reaches anyone, not only the first 50. A link that comes with only
 * an id (`responsible=`) is named by asking the server for that one person.
 */
export function ResponsibleFilter({ value, onChange }: ResponsibleFilterProps) {
  const t = useT('tasks')
  const tList = useListT()
  const [search, setSearch] = useState('')
  // The name of the person chosen here (the URL keeps only the id).
  const [chosen, setChosen] = useState<Option | null>(null)
  const any = t('list.anyResponsible')
  const found = useResponsibles(search === chosen?.label || search === any ? '' : search)
  const knownName = value === '' ? '' : value === chosen?.key ? chosen.label : found.items.find(p => String(p.id) === value)?.full_name
  const [named] = useResource<TaskResponsibles>(knownName === undefined ? `${TASKS_API.responsibles}?id=${encodeURIComponent(value)}` : null)
  const label = knownName ?? (named.status === 'loaded' ? (named.data.items[0]?.full_name ?? t('list.responsibleUnknown')) : '')

  const people: Option[] = found.items.map(p => ({ key: String(p.id), label: p.full_name }))
  // "All" leads the list while nothing is being searched for.
  const options = found.asked === '' ? [{ key: ANY, label: any }, ...people] : people
  return (
    <ComboBoxField
      label={t('list.responsible')}
      data-testid="task-responsible-filter"
      items={options}
      itemKey={o => o.key}
      itemLabel={o => o.label}
      selectedKey={value}
      selectedLabel={label}
      onSelectionChange={key => {
        const option = options.find(o => o.key === key)
        setChosen(key === ANY ? null : (option ?? null))
        onChange(key === ANY ? '' : key)
      }}
      onInputChange={setSearch}
      isLoading={found.status === 'loading'}
      loadingLabel={t('form.responsiblesLoading')}
      emptyLabel={t('form.responsiblesNone')}
      toggleLabel={t('form.responsiblesShow')}
      placeholder={any}
      description={found.status === 'failed' ? t('form.responsiblesFailed') : found.similar ? tList('list.similarNames', { q: found.asked }) : undefined}
    />
  )
}
