// @vitest-environment happy-dom
import { cleanup, screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { useState } from 'react'
import { afterEach, describe, expect, it } from 'vitest'
import { renderUi } from '../testUtils'
import { ToggleFilter } from './ToggleFilter'

afterEach(cleanup)

describe('ToggleFilter', () => {
  it('is a named group of toggle buttons; one is pressed, and the keyboard presses another', async () => {
    function Kind() {
      const [kind, setKind] = useState<'all' | 'legal' | 'sole'>('all')
      return (
        <ToggleFilter
          label="Вид"
          value={kind}
          onChange={setKind}
          options={[
            { id: 'all', label: 'Все' },
            { id: 'legal', label: 'Юрлица' },
            { id: 'sole', label: 'ИП' },
          ]}
        />
      )
    }
    renderUi(<Kind />)
    const group = screen.getByRole('group', { name: 'Вид' })
    const pressed = () => within(group).getAllByRole('button').filter(b => b.getAttribute('aria-pressed') === 'true').map(b => b.textContent)
    expect(pressed()).toEqual(['Все'])
    const user = userEvent.setup()
    await user.tab()
    await user.tab()
    await user.keyboard('{Enter}')
    expect(pressed()).toEqual(['Юрлица'])
  })
})
