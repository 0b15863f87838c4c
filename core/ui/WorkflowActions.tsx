import { useEffect, useRef, useState } from 'react'
import styled from 'styled-components'
import type { Actor } from '../access/actor'
import en from '../i18n/locales/en/workflow.json'
import ru from '../i18n/locales/ru/workflow.json'
import { useCoreTexts } from '../i18n/useLazyTexts'
import { allowedActions } from '../workflow/decide'
import { parseInput } from '../workflow/input'
import { actionLabelKey, inputLabelKey } from '../workflow/keys'
import type { ActionName, InputSchema, Workflow } from '../workflow/types'
import { Alert } from './Alert'
import { Button, type ButtonVariant } from './Button'
import { Dialog } from './Dialog'
import { Stack } from './Stack'
import { TextArea } from './TextArea'
import { VisuallyHidden } from './VisuallyHidden'

/** `core:workflow.*`: only screens with actions load them (core/i18n/useLazyTexts.ts). */
const TEXTS = { ru, en } as const

const Bar = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: ${({ theme }) => theme.space.sm};
  &:focus {
    outline: none;
  }
  /* On a phone the buttons share the row's width instead of leaving ragged gaps. */
  @media (max-width: 480px) {
    & > * {
      flex: 1 1 auto;
    }
  }
`

export interface WorkflowActionsProps<W extends Workflow> {
  workflow: W
  /** The record's current code in this status field. */
  status: number
  actor: Actor
  /**
   * Takes the action (the module's command or API call). While its promise is pending the button (or the dialog's
   * confirm) spins; a rejection keeps the dialog open and shows the answer's validation map beside the fields.
   */
  onAction: (action: ActionName<W>, input: Record<string, unknown> | null) => unknown
  /** E.g. while the record reloads. */
  isDisabled?: boolean
  variants?: Partial<Record<ActionName<W>, ButtonVariant>>
}

/**
 * One button per action this actor may take on this record now (the same `allowedActions` the server enforces),
 * labelled from the module's pack (`<ns>:workflow.<field>.actions.<action>`). An action that `requires` input asks
 * for it in a dialog validated by the declaration's own schema. Lazy-only: pages import it, never an index.ts.
 */
export function WorkflowActions<W extends Workflow>({ workflow, status, actor, onAction, isDisabled, variants }: WorkflowActionsProps<W>) {
  const t = useCoreTexts(TEXTS)
  const [pending, setPending] = useState<string | null>(null)
  const [asking, setAsking] = useState<ActionName<W> | null>(null)
  const [announcement, setAnnouncement] = useState('')
  const bar = useRef<HTMLDivElement>(null)
  const actions = allowedActions(workflow, status, actor)
  const label = (action: string) => t(actionLabelKey(workflow, action))

  // The pressed button (or the dialog) may be gone once the status moved on — now or when the record reloads; keep
  // a keyboard user's focus here rather than on <body>. Pressing anything else ends this.
  const landing = useRef(false)
  useEffect(() => {
    if (landing.current && !asking && (document.activeElement === document.body || !document.activeElement?.isConnected)) bar.current?.focus()
  }, [announcement, status, asking])

  /** Null when the action went through; else what it was rejected with (whatever that is, even undefined). */
  async function run(action: ActionName<W>, input: Record<string, unknown> | null): Promise<{ failure: unknown } | null> {
    setPending(action)
    setAnnouncement('')
    landing.current = false
    try {
      await onAction(action, input)
      landing.current = true
      setAnnouncement(t('core:workflow.done', { action: label(action) }))
      return null
    } catch (failure) {
      return { failure }
    } finally {
      setPending(null)
    }
  }

  const schema = asking ? workflow.actions[asking]?.requires : undefined
  return (
    <>
      <Bar ref={bar} tabIndex={-1} role={actions.length ? 'group' : undefined} aria-label={actions.length ? t('core:workflow.actions') : undefined}>
        {actions.map(action => (
          <Button
            key={action}
            variant={variants?.[action] ?? 'secondary'}
            isPending={pending === action && !asking}
            isDisabled={isDisabled || (pending !== null && pending !== action)}
            onPress={() => {
              landing.current = false
              if (workflow.actions[action]?.requires) setAsking(action)
              else void run(action, null)
            }}
          >
            {label(action)}
          </Button>
        ))}
      </Bar>
      <VisuallyHidden role="status">{announcement}</VisuallyHidden>
      {asking && schema && (
        <InputDialog
          key={asking}
          title={label(asking)}
          schema={schema}
          fieldLabel={name => t(inputLabelKey(workflow, name))}
          isPending={pending === asking}
          onClose={() => setAsking(null)}
          onSubmit={async input => {
            const refused = await run(asking, input)
            if (!refused) setAsking(null)
            return refused
          }}
        />
      )}
    </>
  )
}

const OPTIONAL = new Set(['optional', 'exact_optional', 'nullish', 'undefinedable'])
const isOptional = (schema: InputSchema, name: string) => OPTIONAL.has((schema.entries[name] as { type?: string } | undefined)?.type ?? '')

interface InputDialogProps {
  title: string
  schema: InputSchema
  fieldLabel: (name: string) => string
  isPending: boolean
  onClose: () => void
  /** Resolves with the failure when the action was refused, null when it went through. */
  onSubmit: (input: Record<string, unknown>) => Promise<{ failure: unknown } | null>
}

/** The action's input, one text area per entry of its schema, checked by that schema before anything is sent. */
function InputDialog({ title, schema, fieldLabel, isPending, onClose, onSubmit }: InputDialogProps) {
  const t = useCoreTexts(TEXTS)
  const names = Object.keys(schema.entries)
  const [values, setValues] = useState<Record<string, string>>(() => Object.fromEntries(names.map(name => [name, ''])))
  /** Texts, not keys: the browser's own checks are translated here, the server's answer comes translated. */
  const [errors, setErrors] = useState<Record<string, string>>({})
  const body = useRef<HTMLDivElement>(null)

  // Typing starts at once, and after a refused confirm at the first field to fix (never while typing). This runs
  // after the dialog has focused itself (its effect is a child's), so it wins; react-aria leaves a focused child alone.
  const [attempts, setAttempts] = useState(0)
  useEffect(() => {
    body.current?.querySelector<HTMLElement>(attempts === 0 ? 'textarea' : 'textarea[aria-invalid="true"]')?.focus()
  }, [attempts])

  async function submit() {
    // An optional field left blank is not given (its schema may refuse an empty text, e.g. a file reference).
    const given = Object.fromEntries(Object.entries(values).filter(([name, value]) => value.trim() !== '' || !isOptional(schema, name)))
    const parsed = parseInput(schema, given)
    if (!parsed.ok) {
      setErrors(Object.fromEntries(Object.entries(parsed.validation).map(([field, key]) => [field, t(key)])))
      return setAttempts(n => n + 1)
    }
    setErrors({})
    const refused = await onSubmit(parsed.output)
    const validation = (refused?.failure as { validation?: unknown } | null | undefined)?.validation
    if (validation && typeof validation === 'object') {
      setErrors(validation as Record<string, string>)
      setAttempts(n => n + 1)
    }
  }

  const general = Object.entries(errors).filter(([field]) => !names.includes(field))
  return (
    <Dialog
      isOpen
      onOpenChange={open => !open && !isPending && onClose()}
      title={title}
      isDismissable={!isPending}
      isKeyboardDismissDisabled={isPending}
      footer={close => (
        <>
          <Button onPress={close} isDisabled={isPending}>
            {t('core:workflow.cancel')}
          </Button>
          <Button variant="primary" isPending={isPending} onPress={() => void submit()}>
            {t('core:workflow.confirm')}
          </Button>
        </>
      )}
    >
      <Stack ref={body}>
        {names.map(name => (
          <TextArea
            key={name}
            name={name}
            label={fieldLabel(name)}
            rows={3}
            isRequired={!isOptional(schema, name)}
            isDisabled={isPending}
            value={values[name] ?? ''}
            onChange={value => {
              setValues(current => ({ ...current, [name]: value }))
              setErrors(({ [name]: _, ...rest }) => rest)
            }}
            errorMessage={errors[name]}
          />
        ))}
        {general.length > 0 && <Alert kind="error">{general.map(([, text]) => text).join('\n')}</Alert>}
      </Stack>
    </Dialog>
  )
}
