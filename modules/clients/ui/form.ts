import { useCallback, useEffect, useMemo, useRef, useState, type FormEvent } from 'react'
import * as v from 'valibot'
import type { Failure } from '../../../core/api/envelope'
import { issuesToValidationMap } from '../../../core/validation/issues'
import type { FormState } from '../model'

/**
 * A form's input as the user typed it, kept here until a save succeeds (a failed save keeps it, SPEC issue 5
 * §2). Paths are dotted (`legal_address.city`), as in the server's validation map. Errors of the shared
 * valibot schema show after the first submit and then follow every keystroke; check-digit warnings follow
 * the input from the start and never block.
 */
export type Values = Record<string, unknown>

export interface UseFormOptions<V extends Values> {
  initial: V
  /** What the server expects, checked before sending; its messages are i18n keys. */
  schema: v.GenericSchema
  /** Values → the request body (defaults to the values themselves). */
  toInput?: (values: V) => unknown
  warnings?: (values: V) => Record<string, string>
  /** The save's state from $forms (status, failure, seq). */
  state: FormState
  onSubmit: (input: unknown, values: V) => void
  /** After a successful save: the default takes what was typed as the new clean state. */
  onSaved?: (values: V) => void
}

export interface FieldProps {
  name: string
  value: string
  onChange: (value: string) => void
  /** A translated message or an i18n key (the field components translate keys). */
  error: string | null
  warning: string | null
}

export interface Form<V extends Values> {
  values: V
  dirty: boolean
  submitted: boolean
  /** Errors found by the schema (i18n keys) — shown once the user tried to submit. */
  errors: Record<string, string>
  failure: Failure | null
  saving: boolean
  /** A submit was refused by the schema: the form says "check errors". */
  checkErrors: boolean
  get(path: string): unknown
  set(path: string, value: unknown): void
  setMany(patch: Partial<V>): void
  field(path: string): FieldProps
  submit(event?: FormEvent): void
  reset(values?: V): void
}

export function getPath(values: Values, path: string): unknown {
  let node: unknown = values
  for (const key of path.split('.')) {
    if (node === null || typeof node !== 'object') return undefined
    node = (node as Values)[key]
  }
  return node
}

export function setPath<V extends Values>(values: V, path: string, value: unknown): V {
  const [head, ...rest] = path.split('.')
  if (!head) return values
  if (rest.length === 0) return { ...values, [head]: value }
  const child = (values[head] ?? {}) as Values
  return { ...values, [head]: setPath(child, rest.join('.'), value) }
}

const equal = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b)

export function useForm<V extends Values>(options: UseFormOptions<V>): Form<V> {
  const [base, setBase] = useState(options.initial)
  const [values, setValues] = useState(options.initial)
  const [submitted, setSubmitted] = useState(false)
  const latest = useRef(options)
  latest.current = options

  const errors = useMemo(() => {
    if (!submitted) return {}
    const input = latest.current.toInput ? latest.current.toInput(values) : values
    const result = v.safeParse(latest.current.schema, input)
    return result.success ? {} : issuesToValidationMap(result.issues)
  }, [submitted, values])

  const warnings = useMemo(() => latest.current.warnings?.(values) ?? {}, [values])

  // A save succeeded (seq moved on): what was typed is the new clean state.
  const seq = options.state.seq
  const firstSeq = useRef(seq)
  const lastValues = useRef(values)
  lastValues.current = values
  useEffect(() => {
    if (seq === firstSeq.current) return
    firstSeq.current = seq
    const saved = lastValues.current
    if (latest.current.onSaved) latest.current.onSaved(saved)
    else {
      setBase(saved)
      setSubmitted(false)
    }
  }, [seq])

  const failure = options.state.status === 'failed' ? options.state.failure : null
  const set = useCallback((path: string, value: unknown) => setValues(prev => setPath(prev, path, value)), [])
  const setMany = useCallback((patch: Partial<V>) => setValues(prev => ({ ...prev, ...patch })), [])

  const field = (path: string): FieldProps => {
    const raw = getPath(values, path)
    return {
      name: path,
      value: raw === null || raw === undefined ? '' : String(raw),
      onChange: value => set(path, value),
      error: errors[path] ?? failure?.validation?.[path] ?? null,
      warning: warnings[path] ?? null,
    }
  }

  const submit = (event?: FormEvent) => {
    event?.preventDefault()
    setSubmitted(true)
    const input = options.toInput ? options.toInput(values) : values
    const result = v.safeParse(options.schema, input)
    if (!result.success) return
    options.onSubmit(input, values)
  }

  return {
    values,
    dirty: !equal(base, values),
    submitted,
    errors,
    failure,
    saving: options.state.status === 'saving',
    checkErrors: submitted && Object.keys(errors).length > 0,
    get: path => getPath(values, path),
    set,
    setMany,
    field,
    submit,
    reset: next => {
      const value = next ?? base
      setBase(value)
      setValues(value)
      setSubmitted(false)
    },
  }
}

// ─── Conversions between stored values and what a form holds ───────────────────────────────────────────────

export { isoToRu } from './dates'

/** null → '' for a text input; numbers as typed. */
export const str = (value: string | number | null | undefined): string => (value === null || value === undefined ? '' : String(value))
