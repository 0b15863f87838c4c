import { useId, useRef, type KeyboardEvent, type ReactNode } from 'react'
import styled from 'styled-components'
import { TabStrip } from '../TabStrip'
import { tabCss } from '../tabStyles'

/** Looks as core/ui/Tabs' Tab, from native states (react-aria sets data-hovered and data-focus-visible there). */
const TabButton = styled.button`
  border: 0;
  background: none;
  font: inherit;
  ${tabCss}
  @media (hover: hover) {
    &:hover {
      color: ${({ theme }) => theme.color.text};
      background: ${({ theme }) => theme.color.surfaceHover};
    }
  }
  &:focus-visible {
    outline: 2px solid ${({ theme }) => theme.color.focus};
    outline-offset: -2px;
  }
`
const List = styled.div`
  display: flex;
  gap: ${({ theme }) => theme.space.xs};
  width: max-content;
  min-width: 100%;
`

export interface ListTabsProps<K extends string> {
  label: string
  items: readonly { id: K; label: ReactNode; 'data-testid'?: string }[]
  selected: K
  onChange: (id: K) => void
  /** The panel the tabs control (its element renders the rest of the page). */
  children: ReactNode
}

/**
 * A list page's views (all / unread / read) as an ARIA tab list without react-aria's collections (≈ 20 KB gzip on
 * every list page's first load): one Tab stop (the selected tab), ←/→ move and select (selection follows focus,
 * as react-aria's tabs did), Home/End jump, and one panel labelled by the selected tab.
 */
export function ListTabs<K extends string>({ label, items, selected, onChange, children }: ListTabsProps<K>) {
  const base = useId()
  const list = useRef<HTMLDivElement>(null)
  const tabId = (id: K) => `${base}-tab-${id}`
  const panelId = `${base}-panel`

  const onKeyDown = (e: KeyboardEvent<HTMLDivElement>) => {
    const at = items.findIndex(item => item.id === selected)
    const to =
      e.key === 'ArrowRight' ? (at + 1) % items.length
      : e.key === 'ArrowLeft' ? (at - 1 + items.length) % items.length
      : e.key === 'Home' ? 0
      : e.key === 'End' ? items.length - 1
      : -1
    const next = items[to]
    if (!next) return
    e.preventDefault()
    list.current?.querySelector<HTMLElement>(`#${CSS.escape(tabId(next.id))}`)?.focus()
    if (next.id !== selected) onChange(next.id)
  }

  return (
    <>
      <TabStrip>
        <List ref={list} role="tablist" aria-label={label} aria-orientation="horizontal" onKeyDown={onKeyDown}>
          {items.map(item => {
            const isSelected = item.id === selected
            return (
              <TabButton
                key={item.id}
                type="button"
                role="tab"
                id={tabId(item.id)}
                aria-selected={isSelected}
                aria-controls={isSelected ? panelId : undefined}
                tabIndex={isSelected ? 0 : -1}
                data-selected={isSelected || undefined}
                data-testid={item['data-testid']}
                onClick={() => !isSelected && onChange(item.id)}
              >
                {item.label}
              </TabButton>
            )
          })}
        </List>
      </TabStrip>
      <div role="tabpanel" id={panelId} aria-labelledby={tabId(selected)}>
        {children}
      </div>
    </>
  )
}
