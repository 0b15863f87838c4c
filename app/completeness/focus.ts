/**
 * After a completeness link navigated: put the cursor into the named field (or, for a whole section, on the
 * selected tab) once the page shows it. Pages and tab panels mount asynchronously (lazy chunks, data loads), so
 * this waits for the element, up to a few seconds; it starts after the popover has returned focus to its trigger.
 */
export function focusWhenShown(field: string | null, timeoutMs = 5000, doc: Document = document): void {
  const until = Date.now() + timeoutMs
  const find = (): HTMLElement | null => {
    const candidates = field
      ? doc.querySelectorAll<HTMLElement>(`[name="${field.replace(/["\\]/g, '\\$&')}"]`)
      : doc.querySelectorAll<HTMLElement>('[role="tab"][aria-selected="true"]')
    // A hidden tab panel keeps its fields mounted: only a visible one counts.
    return [...candidates].find(el => el.getClientRects().length > 0) ?? null
  }
  const tick = () => {
    const target = find()
    if (target) {
      target.scrollIntoView?.({ block: 'center' })
      target.focus()
      return
    }
    if (Date.now() < until) setTimeout(tick, 100)
  }
  setTimeout(tick, 50)
}
