import { useId, useRef, type KeyboardEvent, type ReactNode } from 'react'
import { TabStrip } from '../TabStrip'
import { TabButton, TabRow, tabIndexForKey } from '../tabStyles'

/** Looks as core/ui/Tabs' Tab, from native states (react-aria sets data-hovered and data-focus-visible there). */
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
    const next = items[tabIndexForKey(e.key, items.findIndex(item => item.id === selected), items.length)]
    if (!next) return
    e.preventDefault()
    list.current?.querySelector<HTMLElement>(`#${CSS.escape(tabId(next.id))}`)?.focus()
    if (next.id !== selected) onChange(next.id)
  }

  return (
    <>
      <TabStrip>
        <TabRow ref={list} role="tablist" aria-label={label} aria-orientation="horizontal" onKeyDown={onKeyDown}>
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
        </TabRow>
      </TabStrip>
      <div role="tabpanel" id={panelId} aria-labelledby={tabId(selected)}>
        {children}
      </div>
    </>
  )
}
