// @vitest-environment happy-dom
import { cleanup, render, screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { useState } from 'react'
import { afterEach, describe, expect, it } from 'vitest'
import { ListTabs } from './ListTabs'
import { listTestRuntime } from './testing'

afterEach(cleanup)

type View = 'all' | 'unread' | 'read'
const ITEMS: { id: View; label: string }[] = [
  { id: 'all', label: 'Все' },
  { id: 'unread', label: 'Непрочитанные' },
  { id: 'read', label: 'Прочитанные' },
]

function Views({ changes }: { changes: View[] }) {
  const [view, setView] = useState<View>('unread')
  const change = (next: View) => {
    changes.push(next)
    setView(next)
  }
  return (
    <ListTabs label="Показать" items={ITEMS} selected={view} onChange={change}>
      <input aria-label="Поиск" />
    </ListTabs>
  )
}

describe('list tabs', () => {
  it('one Tab stop on the selected tab; arrows, Home and End move and select; the panel follows', async () => {
    const changes: View[] = []
    const { wrap } = listTestRuntime({})
    render(wrap(<Views changes={changes} />))
    const tab = (name: string) => screen.getByRole('tab', { name })
    expect(screen.getByRole('tablist', { name: 'Показать' })).toBeTruthy()
    expect(tab('Непрочитанные').getAttribute('aria-selected')).toBe('true')
    expect(tab('Все').getAttribute('aria-selected')).toBe('false')
    const panel = () => screen.getByRole('tabpanel')
    expect(panel().getAttribute('aria-labelledby')).toBe(tab('Непрочитанные').id)

    const user = userEvent.setup()
    await user.tab()
    expect(document.activeElement).toBe(tab('Непрочитанные'))
    await user.tab() // out of the tab list, into the panel
    expect(document.activeElement).toBe(screen.getByRole('textbox', { name: 'Поиск' }))
    await user.tab({ shift: true })
    await user.keyboard('{ArrowRight}')
    expect(document.activeElement).toBe(tab('Прочитанные'))
    expect(tab('Прочитанные').getAttribute('aria-selected')).toBe('true')
    expect(tab('Прочитанные').getAttribute('aria-controls')).toBe(panel().id)
    await user.keyboard('{ArrowRight}') // wraps around
    expect(document.activeElement).toBe(tab('Все'))
    await user.keyboard('{End}')
    expect(document.activeElement).toBe(tab('Прочитанные'))
    await user.keyboard('{Home}{ArrowLeft}')
    expect(changes).toEqual(['read', 'all', 'read', 'all', 'read'])
    await user.click(tab('Непрочитанные'))
    await user.click(tab('Непрочитанные')) // the selected one again: no change
    expect(changes.slice(-1)).toEqual(['unread'])
    expect(changes).toHaveLength(6)
    expect(panel().getAttribute('aria-labelledby')).toBe(tab('Непрочитанные').id)
  })
})
