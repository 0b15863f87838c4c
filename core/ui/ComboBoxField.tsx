import { useEffect, useRef, useState, type ReactNode } from 'react'
import styled from 'styled-components'
import { Button as AriaButton } from 'react-aria-components/Button'
import { ComboBox, type Key } from 'react-aria-components/ComboBox'
import { Input } from 'react-aria-components/Input'
import { Label } from 'react-aria-components/Label'
import { ListBox, ListBoxItem } from 'react-aria-components/ListBox'
import { Popover } from 'react-aria-components/Popover'
import { Text } from 'react-aria-components/Text'
import { FieldBox, FieldDescription, FieldErrorText, FieldInput, FieldLabel, RequiredMark } from './fieldStyles'
import { ChevronDownIcon } from './icons'
import { Spinner } from './Spinner'

const Busy = styled.span`
  flex: none;
  display: inline-flex;
  color: ${({ theme }) => theme.color.textMuted};
`
/** Kept in the page while empty so that what comes later is read out; it then takes no room (nor the gap above it). */
const LiveDescription = styled(FieldDescription)`
  &:empty {
    margin-block-start: calc(-1 * ${({ theme }) => theme.space.xs});
  }
`
const Root = styled(ComboBox)`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space.xs};
  min-width: 0;
  /* The spinner says the list is being looked up: with the list closed (say, reloading after a pick) it would only
     distract. */
  &:not([data-open]) ${Busy} {
    display: none;
  }
`
const Toggle = styled(AriaButton)`
  flex: none;
  display: inline-flex;
  align-items: center;
  justify-content: center;
  width: ${({ theme }) => theme.size.control.md};
  align-self: stretch;
  border: 0;
  border-radius: inherit;
  background: transparent;
  color: ${({ theme }) => theme.color.textMuted};
  cursor: pointer;
  &[data-focus-visible] {
    outline: 2px solid ${({ theme }) => theme.color.focus};
    outline-offset: -2px;
  }
`
const ListPopover = styled(Popover)`
  /* Above the modal a form may sit in. */
  z-index: ${({ theme }) => theme.z.modal + 1};
  width: var(--trigger-width);
  max-width: calc(100vw - 16px);
  max-height: min(320px, 50vh);
  overflow: auto;
  background: ${({ theme }) => theme.color.surface};
  border: 1px solid ${({ theme }) => theme.color.divider};
  border-radius: ${({ theme }) => theme.radius.md};
  box-shadow: ${({ theme }) => theme.shadow.md};
`
const List = styled(ListBox)`
  padding: ${({ theme }) => theme.space.xs} 0;
  outline: none;
` as typeof ListBox
const Item = styled(ListBoxItem)`
  display: flex;
  align-items: center;
  min-height: ${({ theme }) => theme.size.control.md};
  padding: ${({ theme }) => theme.space.xxs} ${({ theme }) => theme.space.md};
  color: ${({ theme }) => theme.color.text};
  font-size: ${({ theme }) => theme.font.size.md};
  overflow-wrap: anywhere;
  cursor: pointer;
  outline: none;
  &[data-focused] {
    background: ${({ theme }) => theme.color.surfaceHover};
  }
` as typeof ListBoxItem
const Empty = styled.div`
  padding: ${({ theme }) => theme.space.sm} ${({ theme }) => theme.space.md};
  color: ${({ theme }) => theme.color.textMuted};
  font-size: ${({ theme }) => theme.font.size.sm};
`

export interface ComboBoxFieldProps<T> {
  label: ReactNode
  name?: string
  /** The options now (the caller filters them: e.g. the server's answer to the typed text). */
  items: readonly T[]
  itemKey: (item: T) => string
  itemLabel: (item: T) => string
  /** The chosen option's key ('' or null: none) and its text, shown also when it is not among `items`. */
  selectedKey: string | null
  selectedLabel?: string
  onSelectionChange: (key: string) => void
  /** Called with the typed text (the caller debounces its search). */
  onInputChange?: (text: string) => void
  /** A search is under way: a spinner in the box, `loadingLabel` in an empty list. */
  isLoading?: boolean
  loadingLabel: string
  /** The list's text when there are no options. */
  emptyLabel: string
  /** The toggle button's accessible name ("show options"). */
  toggleLabel: string
  placeholder?: string
  isRequired?: boolean
  isDisabled?: boolean
  /** Help under the field, read out politely when it changes (e.g. "showing similar names"). */
  description?: ReactNode
  errorMessage?: string | null
  'data-testid'?: string
}

/**
 * A text box with a list of options that the caller finds for the typed text (react-aria's ComboBox: arrows, Enter,
 * Escape, the list announced). Unlike SelectField it suits a list too long to send at once. The chosen option's text
 * stays in the box; a search left without choosing (blur, Escape) returns to it.
 */
export function ComboBoxField<T>({
  label,
  name,
  items,
  itemKey,
  itemLabel,
  selectedKey,
  selectedLabel = '',
  onSelectionChange,
  onInputChange,
  isLoading,
  loadingLabel,
  emptyLabel,
  toggleLabel,
  placeholder,
  isRequired,
  isDisabled,
  description,
  errorMessage,
  'data-testid': testId,
}: ComboBoxFieldProps<T>) {
  const [text, setText] = useState(selectedLabel)
  // The chosen option's text, also right after a pick, before the caller's new `selectedLabel` arrives.
  const chosenText = useRef(selectedLabel)
  useEffect(() => {
    // A text that arrives or changes later (a name read for an id, the choice undone by going back) replaces the
    // box's text unless something else is being typed there.
    const before = chosenText.current
    setText(shown => (shown === before ? selectedLabel : shown))
    chosenText.current = selectedLabel
  }, [selectedLabel])
  const options = items.map(item => ({ id: itemKey(item), label: itemLabel(item) }))
  const hasError = Boolean(errorMessage)
  const show = (value: string) => {
    setText(value)
    onInputChange?.(value)
  }
  return (
    <Root
      name={name}
      items={options}
      inputValue={text}
      onInputChange={show}
      // react-aria holds the choice only while it is among the options found for the typed text; otherwise (blur,
      // Escape: reported as null) the box returns to the chosen text, which the field keeps itself.
      selectedKey={selectedKey && options.some(o => o.id === selectedKey) ? selectedKey : null}
      onSelectionChange={(key: Key | null) => {
        const chosen = key === null ? undefined : options.find(o => o.id === String(key))
        if (!chosen) return show(selectedKey || chosenText.current ? chosenText.current : '')
        chosenText.current = chosen.label
        show(chosen.label)
        if (chosen.id !== selectedKey) onSelectionChange(chosen.id)
      }}
      allowsEmptyCollection
      menuTrigger="focus"
      isRequired={isRequired}
      isDisabled={isDisabled}
      isInvalid={hasError}
      validationBehavior="aria"
      data-invalid={hasError || undefined}
      data-testid={testId}
    >
      <FieldLabel as={Label}>
        {label}
        {isRequired && <RequiredMark aria-hidden="true">*</RequiredMark>}
      </FieldLabel>
      <FieldBox>
        <FieldInput as={Input} placeholder={placeholder} />
        {isLoading && (
          <Busy>
            <Spinner size={14} />
          </Busy>
        )}
        <Toggle aria-label={toggleLabel}>
          <ChevronDownIcon aria-hidden />
        </Toggle>
      </FieldBox>
      <LiveDescription as={Text} slot="description" aria-live="polite">
        {description}
      </LiveDescription>
      {hasError && (
        <FieldErrorText as={Text} slot="errorMessage" role="alert">
          {errorMessage}
        </FieldErrorText>
      )}
      <ListPopover placement="bottom start" offset={4}>
        <List renderEmptyState={() => <Empty>{isLoading ? loadingLabel : emptyLabel}</Empty>}>
          {(option: { id: string; label: string }) => (
            <Item id={option.id} textValue={option.label}>
              {option.label}
            </Item>
          )}
        </List>
      </ListPopover>
    </Root>
  )
}
