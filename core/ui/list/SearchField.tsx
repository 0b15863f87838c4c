import { useEffect, useRef, useState } from 'react'
import styled from 'styled-components'
import { useRuntime } from '../../react/runtime'
import { IconButton } from '../IconButton'
import { CloseIcon } from '../icons'
import { TextField } from '../TextField'
import { useListT } from './texts'

const Root = styled.div`
  flex: 1 1 240px;
  min-width: 0;
  max-width: 420px;

  input::-webkit-search-cancel-button {
    display: none;
  }
`

const Glass = () => (
  <svg width="16" height="16" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" aria-hidden="true">
    <circle cx="11" cy="11" r="7" />
    <path d="m20 20-3.5-3.5" />
  </svg>
)

/** Typing pauses this long before the list reloads (Enter does not wait). */
export const SEARCH_DELAY_MS = 300

export interface SearchFieldProps {
  /** The visible label (what is searched: "ФИО или телефон"); default "Поиск". */
  label?: string
  /** The search the list shows now (from its query); the field follows it (Back, a reset). */
  value: string
  /** A new search, trimmed: after a pause in typing, at once on Enter, '' on clear (the button or Escape). */
  onSearch: (value: string) => void
  placeholder?: string
  delay?: number
  'data-testid'?: string
}

/**
 * The search box of a list: searches as the user types (debounced on the runtime's clock, so tests and replays
 * control time), Enter applies at once, the × button and Escape clear. The request of an older search is aborted
 * by the remote store when the newer one starts.
 */
export function SearchField({ label, value, onSearch, placeholder, delay = SEARCH_DELAY_MS, 'data-testid': testId }: SearchFieldProps) {
  const t = useListT()
  const { bus } = useRuntime()
  const [text, setText] = useState(value)
  // Follow the applied search when it changes from outside (Back/Forward, a tab that resets it).
  const [shown, setShown] = useState(value)
  if (shown !== value) {
    setShown(value)
    if (text.trim() !== value) setText(value)
  }

  const latest = useRef({ value, onSearch })
  latest.current = { value, onSearch }
  const pending = useRef<(() => void) | null>(null)
  const stop = () => {
    pending.current?.()
    pending.current = null
  }
  useEffect(() => stop, [])
  const apply = (next: string) => {
    stop()
    const trimmed = next.trim()
    if (trimmed !== latest.current.value) latest.current.onSearch(trimmed)
  }

  const input = useRef<HTMLInputElement>(null)
  const clear = () => {
    setText('')
    apply('')
    input.current?.focus()
  }

  return (
    <Root role="search" data-testid={testId}>
      <TextField
        type="search"
        label={label ?? t('list.search')}
        value={text}
        placeholder={placeholder}
        inputRef={input}
        prefix={<Glass />}
        onChange={next => {
          setText(next)
          stop()
          pending.current = bus.clock.setTimeout(() => {
            pending.current = null
            apply(next)
          }, delay)
        }}
        onKeyDown={e => {
          if (e.key === 'Enter') {
            e.preventDefault()
            apply(text)
          } else if (e.key === 'Escape' && text !== '') {
            // Escape empties the box first; on an empty box it is left to whatever is around (a dialog closes).
            e.stopPropagation()
            clear()
          }
        }}
        suffix={
          text !== '' && (
            // Out of the tab order: Escape does the same from the box itself.
            <IconButton aria-label={t('list.clearSearch')} size="sm" tabIndex={-1} onPress={clear}>
              <CloseIcon />
            </IconButton>
          )
        }
      />
    </Root>
  )
}
