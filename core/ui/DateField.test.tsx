// @vitest-environment happy-dom
import { cleanup, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { useState } from 'react'
import { afterEach, describe, expect, it } from 'vitest'
import { DateField } from './DateField'
import { renderUi } from './testUtils'

afterEach(cleanup)

function Form({ initial = '' }: { initial?: string }) {
  const [value, setValue] = useState(initial)
  return (
    <DateField
      label="Дата"
      value={value}
      onChange={setValue}
      min="2026-03-10"
      max="2026-04-20"
      calendarLabel="Выбрать дату в календаре"
      previousLabel="Предыдущий месяц"
      nextLabel="Следующий месяц"
    />
  )
}

describe('DateField', () => {
  it('opens its calendar (loaded on first open) on the typed month, picks a day into the field and gives focus back', async () => {
    const user = userEvent.setup()
    renderUi(<Form initial="15.03.2026" />)
    const button = screen.getByRole('button', { name: 'Выбрать дату в календаре' })
    expect(button.getAttribute('aria-expanded')).toBe('false')
    expect(screen.queryByRole('grid')).toBeNull()
    await user.click(button)
    const grid = await screen.findByRole('grid')
    expect(button.getAttribute('aria-expanded')).toBe('true')
    // Days outside min…max cannot be picked; the typed day is the selected one.
    const cell = (day: string) => within(grid).getAllByRole('gridcell').find(c => c.textContent === day)!
    expect(cell('9').querySelector('[aria-disabled="true"]')).not.toBeNull()
    expect(cell('15').getAttribute('aria-selected')).toBe('true')
    await user.click(within(cell('20')).getByRole('button'))
    await waitFor(() => expect(screen.queryByRole('grid')).toBeNull())
    expect((screen.getByRole('textbox', { name: /Дата/ }) as HTMLInputElement).value).toBe('20.03.2026')
    await waitFor(() => expect(document.activeElement).toBe(button))
  })

  it('closes on Escape without changing the value', async () => {
    const user = userEvent.setup()
    renderUi(<Form initial="01.04.2026" />)
    await user.click(screen.getByRole('button', { name: 'Выбрать дату в календаре' }))
    await screen.findByRole('grid')
    await user.keyboard('{Escape}')
    await waitFor(() => expect(screen.queryByRole('grid')).toBeNull())
    expect((screen.getByRole('textbox', { name: /Дата/ }) as HTMLInputElement).value).toBe('01.04.2026')
  })
})
