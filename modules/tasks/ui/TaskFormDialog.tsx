import { useUnit } from 'effector-react'
import { useMemo, useState } from 'react'
import styled from 'styled-components'
import { asFailure } from '../../../core/api/client'
import { $profile } from '../../../core/auth/model'
import { useT } from '../../../core/i18n/useT'
import { useDispatch, useRuntime } from '../../../core/react/runtime'
import { Alert } from '../../../core/ui/Alert'
import { Button } from '../../../core/ui/Button'
import { DateField } from '../../../core/ui/DateField'
import { Dialog } from '../../../core/ui/Dialog'
import { MaskedField } from '../../../core/ui/MaskedField'
import { Checkbox } from '../../../core/ui/Checkbox'
import { ComboBoxField } from '../../../core/ui/ComboBoxField'
import { useListT } from '../../../core/ui/list/texts'
import { SelectField } from '../../../core/ui/SelectField'
import { Stack } from '../../../core/ui/Stack'
import { Switch } from '../../../core/ui/Switch'
import { TextArea } from '../../../core/ui/TextArea'
import { TextField } from '../../../core/ui/TextField'
import { businessToday, REMINDER_MINUTES, TASK_DATE_MAX, TASK_TYPE, TASKS_API, type TaskDetails, type TaskLink, type TaskType } from '../contract'
import { parseDisplayDate, TIME_MASK } from '../../../core/validation/dates'
import { hasReminder, newTaskValues, taskValues, toggled, validate, type TaskFormValues } from './formValues'
import { useResponsibles } from './useResponsibles'

const Pair = styled.div`
  display: grid;
  grid-template-columns: repeat(auto-fit, minmax(150px, 1fr));
  gap: ${({ theme }) => theme.space.md};
`
const Group = styled.fieldset`
  border: 0;
  margin: 0;
  padding: 0;
  min-width: 0;
  legend {
    padding: 0;
    margin-bottom: ${({ theme }) => theme.space.xs};
    font-weight: ${({ theme }) => theme.font.weight.medium};
  }
`
const Boxes = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: ${({ theme }) => theme.space.xs} ${({ theme }) => theme.space.lg};
`
const Hint = styled.p`
  margin: 0;
  color: ${({ theme }) => theme.color.textMuted};
  font-size: ${({ theme }) => theme.font.size.sm};
`

export interface TaskFormDialogProps {
  /** The task to edit; none: a new one. */
  task?: TaskDetails
  /** A new task about this record (from a client, tender or bid page), with a suggested name. */
  link?: TaskLink | null
  suggestedName?: string
  type?: TaskType
  onClose: () => void
  /** After the save went through (the toast is shown): the saved task's id. */
  onSaved: (id: number) => void
}

type Field = keyof TaskFormValues

/**
 * Create or edit a task (issue 13 §2, SPEC §9): checked with the contract's schema before sending, the server's 422
 * shown beside its fields; what was typed stays until a save goes through. Toasts "task created" / "task updated".
 */
export function TaskFormDialog({ task, link, suggestedName, type, onClose, onSaved }: TaskFormDialogProps) {
  const t = useT('tasks')
  const tList = useListT()
  const { api, bus } = useRuntime()
  const dispatch = useDispatch()
  const profile = useUnit($profile)
  const today = useMemo(() => businessToday(bus.clock.now()), [bus])
  // The form's first values, kept: later profile or prop changes must not reset what is typed.
  const [initial] = useState(() => (task ? taskValues(task) : newTaskValues(today, { responsibleId: profile?.id ?? null, link, name: suggestedName, type })))
  const [values, setValues] = useState<TaskFormValues>(initial)
  const [submitted, setSubmitted] = useState(false)
  /** The server's answer: translated texts by field, cleared for a field once it is edited. */
  const [serverErrors, setServerErrors] = useState<Record<string, string>>({})
  const [general, setGeneral] = useState<string | null>(null)
  const [pending, setPending] = useState(false)
  const [responsibleSearch, setResponsibleSearch] = useState('')
  // The chosen responsible's name: kept apart from the list, which holds only the people found for the typed text.
  const [responsibleName, setResponsibleName] = useState(() => (task ? task.responsible.full_name : profile && initial.responsible_id === String(profile.id) ? profile.full_name : ''))
  const responsibles = useResponsibles(responsibleSearch === responsibleName ? '' : responsibleSearch)

  const check = validate(values, today, task ? initial : null)
  const errorOf = (field: Field): string | null => {
    if (serverErrors[field]) return serverErrors[field]
    if (!submitted || check.ok) return null
    const key = check.errors[field]
    return key ? t(key) : null
  }
  const set = <K extends Field>(field: K, value: TaskFormValues[K]) => {
    setValues(vs => ({ ...vs, [field]: value }))
    setServerErrors(({ [field]: _, ...rest }) => rest)
  }

  async function save() {
    setSubmitted(true)
    setGeneral(null)
    if (!check.ok) {
      // Focus the first field to fix, in the form's order.
      requestAnimationFrame(() => document.querySelector<HTMLElement>('[data-task-form] [aria-invalid="true"]')?.focus())
      return
    }
    setPending(true)
    try {
      const saved = await api.post<{ id: number }>(task ? TASKS_API.one(task.id) : TASKS_API.list, check.output, { quiet: true })
      void dispatch('tasks/saved', { id: saved.id ?? task?.id ?? 0, created: !task })
      onSaved(saved.id ?? task?.id ?? 0)
    } catch (error) {
      const failure = asFailure(error)
      const fields = failure.validation ?? {}
      setServerErrors(fields)
      const known = Object.keys(fields).filter(f => f in values)
      const other = Object.entries(fields).filter(([f]) => !(f in values)).map(([, text]) => text)
      setGeneral(other.length ? other.join('\n') : known.length ? null : failure.message || t('form.failed'))
      requestAnimationFrame(() => document.querySelector<HTMLElement>('[data-task-form] [aria-invalid="true"]')?.focus())
    } finally {
      setPending(false)
    }
  }

  const calendar = { placeholder: t('form.datePlaceholder'), calendarLabel: t('form.calendar'), previousLabel: t('form.previousMonth'), nextLabel: t('form.nextMonth') }
  const reminders = (field: 'remind_author' | 'remind_executor', legend: string) => (
    <Group data-testid={`task-${field}`}>
      <legend>{legend}</legend>
      <Boxes>
        {REMINDER_MINUTES.map(m => (
          <Checkbox key={m} isSelected={values[field].includes(m)} onChange={on => set(field, toggled(values[field], m, on))}>
            {t('form.minutes', { count: m })}
          </Checkbox>
        ))}
      </Boxes>
    </Group>
  )

  return (
    <Dialog
      isOpen
      size="md"
      title={t(task ? 'form.editTitle' : 'form.createTitle')}
      closeLabel={t('form.close')}
      isDismissable={false}
      isKeyboardDismissDisabled={pending}
      onOpenChange={open => !open && !pending && onClose()}
      footer={close => (
        <>
          <Button onPress={close} isDisabled={pending}>
            {t('form.cancel')}
          </Button>
          <Button variant="primary" isPending={pending} onPress={() => void save()} data-testid="task-save">
            {t(task ? 'form.save' : 'form.create')}
          </Button>
        </>
      )}
    >
      <Stack gap="md" data-task-form="" data-testid="task-form">
        <SelectField
          label={t('form.type')}
          name="type"
          value={String(values.type)}
          onChange={value => set('type', Number(value) as TaskType)}
          options={[TASK_TYPE.general, TASK_TYPE.callBack].map(code => ({ value: String(code), label: t(`type.${code}`) }))}
          errorMessage={errorOf('type')}
        />
        <TextField label={t('form.name')} name="name" value={values.name} onChange={value => set('name', value)} isRequired maxLength={255} errorMessage={errorOf('name')} autoFocus={!task} />
        <TextArea label={t('form.description')} name="description" value={values.description} onChange={value => set('description', value)} rows={3} errorMessage={errorOf('description')} />
        <ComboBoxField
          label={t('form.responsible')}
          name="responsible_id"
          data-testid="task-responsible"
          items={responsibles.items}
          itemKey={p => String(p.id)}
          itemLabel={p => p.full_name}
          selectedKey={values.responsible_id}
          selectedLabel={responsibleName}
          onSelectionChange={key => {
            const chosen = responsibles.items.find(p => String(p.id) === key)
            if (chosen) setResponsibleName(chosen.full_name)
            set('responsible_id', key)
          }}
          onInputChange={setResponsibleSearch}
          isLoading={responsibles.status === 'loading'}
          loadingLabel={t('form.responsiblesLoading')}
          emptyLabel={t('form.responsiblesNone')}
          toggleLabel={t('form.responsiblesShow')}
          placeholder={t('form.chooseResponsible')}
          isRequired
          description={
            responsibles.status === 'failed'
              ? t('form.responsiblesFailed')
              : responsibles.similar
                ? tList('list.similarNames', { q: responsibles.asked })
                : undefined
          }
          errorMessage={errorOf('responsible_id')}
        />
        <Pair>
          <DateField
            label={t('form.dateFrom')}
            name="date_from"
            value={values.date_from}
            min={today}
            max={TASK_DATE_MAX}
            onChange={value => {
              set('date_from', value)
              // An end before the new start follows it (a one-day task stays one day).
              const from = parseDisplayDate(value)
              const to = parseDisplayDate(values.date_to)
              if (from && to && to < from) set('date_to', value)
            }}
            isRequired
            errorMessage={errorOf('date_from')}
            {...calendar}
          />
          <DateField
            label={t('form.dateTo')}
            name="date_to"
            value={values.date_to}
            min={parseDisplayDate(values.date_from) ?? today}
            max={TASK_DATE_MAX}
            onChange={value => set('date_to', value)}
            isRequired
            errorMessage={errorOf('date_to')}
            {...calendar}
          />
          <MaskedField
            label={t('form.time')}
            name="time"
            mask={TIME_MASK}
            placeholder={t('form.timePlaceholder')}
            inputMode="numeric"
            value={values.time}
            onChange={value => set('time', value)}
            isRequired
            errorMessage={errorOf('time')}
          />
        </Pair>
        {reminders('remind_author', t('form.remindAuthor'))}
        {reminders('remind_executor', t('form.remindExecutor'))}
        <Stack gap="xs">
          <Switch isSelected={hasReminder(values) && values.remind_email} isDisabled={!hasReminder(values)} onChange={on => set('remind_email', on)} name="remind_email">
            {t('form.remindEmail')}
          </Switch>
          {!hasReminder(values) && <Hint>{t('form.remindEmailHint')}</Hint>}
          {errorOf('remind_email') && <Alert kind="error">{errorOf('remind_email')}</Alert>}
        </Stack>
        {general && <Alert kind="error">{general}</Alert>}
      </Stack>
    </Dialog>
  )
}
