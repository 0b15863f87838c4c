// @vitest-environment happy-dom
import { cleanup, render, screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { useRef, useState } from 'react'
import { afterEach, describe, expect, it } from 'vitest'
import { useDrawer } from './useDrawer'

afterEach(cleanup)

/** A header button, a drawer with three links (the second is the current page) and the page behind. */
function Harness() {
  const [open, setOpen] = useState(false)
  const button = useRef<HTMLButtonElement>(null)
  const panel = useRef<HTMLElement>(null)
  useDrawer(panel, { isOpen: open, onClose: () => setOpen(false), returnFocus: button })
  return (
    <>
      <button ref={button} type="button" aria-expanded={open} onClick={() => setOpen(o => !o)}>
        Menu
      </button>
      <nav ref={panel} hidden={!open} aria-label="Drawer">
        <a href="#one">One</a>
        <a href="#two" aria-current="page">
          Two
        </a>
        <button type="button">Three</button>
      </nav>
      <div inert={open}>
        <a href="#page">Page link</a>
      </div>
    </>
  )
}

describe('useDrawer', () => {
  it('does not move focus while closed', () => {
    render(<Harness />)
    expect(document.activeElement).toBe(document.body)
  })

  it('opens onto the current entry, keeps Tab and Shift+Tab inside, closes on Escape and returns focus to its button', async () => {
    const user = userEvent.setup()
    render(<Harness />)
    const button = screen.getByRole('button', { name: 'Menu' })
    await user.click(button)
    expect(button.getAttribute('aria-expanded')).toBe('true')
    expect(document.activeElement).toBe(screen.getByRole('link', { name: 'Two' }))

    await user.tab()
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Three' }))
    await user.tab()
    expect(document.activeElement, 'Tab past the last control wraps to the first').toBe(screen.getByRole('link', { name: 'One' }))
    await user.tab({ shift: true })
    expect(document.activeElement, 'Shift+Tab before the first wraps to the last').toBe(screen.getByRole('button', { name: 'Three' }))

    await user.keyboard('{Escape}')
    expect(button.getAttribute('aria-expanded')).toBe('false')
    expect(document.activeElement).toBe(button)
  })

  it('pulls focus that lands outside back in', async () => {
    const user = userEvent.setup()
    render(<Harness />)
    const button = screen.getByRole('button', { name: 'Menu' })
    await user.click(button)
    button.focus()
    expect(screen.getByLabelText('Drawer').contains(document.activeElement)).toBe(true)
  })
})
