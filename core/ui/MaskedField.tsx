import { useCallback, useLayoutEffect, useReducer, useRef, useState, type ClipboardEvent, type KeyboardEvent, type Ref } from 'react'
import { applyMask } from '../validation/phone'
import { maskEdit } from './maskInput'
import { TextField, type TextFieldProps } from './TextField'

export interface MaskedFieldProps extends Omit<TextFieldProps, 'maxLength' | 'inputRef'> {
  /** `#` takes a digit, any other character is a literal the field inserts itself: `##.##.####`. */
  mask: string
  /**
   * Turns pasted or autofilled text into the field's value, or returns null to insert it like typing.
   * PhoneField uses it to keep the last 10 digits of "+7 (700) …" or "8700…".
   */
  normalize?: (text: string) => string | null
  inputRef?: Ref<HTMLInputElement>
}

function setRef<T>(ref: Ref<T> | undefined, value: T | null) {
  if (typeof ref === 'function') ref(value)
  else if (ref) (ref as { current: T | null }).current = value
}

/**
 * A TextField that formats digits with a `#`-mask as the user types, deletes or pastes, and keeps the caret
 * after the digit it followed. The value (controlled or not) is always the masked string.
 */
export function MaskedField({ mask, normalize, value, defaultValue, onChange, onKeyDown, onPaste, inputRef, ...rest }: MaskedFieldProps) {
  const ref = useRef<HTMLInputElement | null>(null)
  const pendingCaret = useRef<number | null>(null)
  const lastDeleteKey = useRef<'Backspace' | 'Delete' | undefined>(undefined)
  // A value from outside (server data, defaultValue) goes through the same normalisation as a paste:
  // a profile phone "77001000010" shows as "(700) 100-00-10".
  const format = (v: string) => applyMask(normalize?.(v) ?? v, mask)
  const [inner, setInner] = useState(() => format(defaultValue ?? ''))
  // Forces a render (and so the caret effect) even when the masked value did not change, e.g. a letter typed.
  const [, rerender] = useReducer((n: number) => n + 1, 0)
  const setInputRef = useCallback(
    (el: HTMLInputElement | null) => {
      ref.current = el
      setRef(inputRef, el)
    },
    [inputRef],
  )
  const shown = value !== undefined ? format(value) : inner

  useLayoutEffect(() => {
    const el = ref.current
    const caret = pendingCaret.current
    pendingCaret.current = null
    if (el && caret != null && el.ownerDocument.activeElement === el) el.setSelectionRange(caret, caret)
  })

  const commit = (next: string, caret: number) => {
    pendingCaret.current = caret
    if (value === undefined) setInner(next)
    rerender()
    if (next !== shown) onChange?.(next)
  }

  const normalized = (text: string) => {
    const n = normalize?.(text)
    return n == null ? null : applyMask(n, mask)
  }

  const handleChange = (raw: string) => {
    const el = ref.current
    const caret = el?.selectionStart ?? raw.length
    const inserted = raw.length - shown.length
    if (inserted > 1 && normalize) {
      // Autofill, drop or an IME commit: several characters at once, treated like a paste.
      const text = shown === '' ? raw : raw.slice(Math.max(0, caret - inserted), caret)
      const n = normalized(text)
      if (n != null) return commit(n, n.length)
    }
    const edit = maskEdit(shown, raw, caret, mask, lastDeleteKey.current)
    lastDeleteKey.current = undefined
    commit(edit.value, edit.caret)
  }

  const handleKeyDown = (e: KeyboardEvent<HTMLInputElement>) => {
    lastDeleteKey.current = e.key === 'Backspace' || e.key === 'Delete' ? e.key : undefined
    onKeyDown?.(e)
  }

  const handlePaste = (e: ClipboardEvent<HTMLInputElement>) => {
    onPaste?.(e)
    if (e.defaultPrevented) return
    const n = normalized(e.clipboardData.getData('text'))
    if (n == null) return // the browser inserts it and handleChange masks the result
    e.preventDefault()
    commit(n, n.length)
  }

  return (
    <TextField
      {...rest}
      value={shown}
      onChange={handleChange}
      onKeyDown={handleKeyDown}
      onPaste={handlePaste}
      inputRef={setInputRef}
    />
  )
}
