// @vitest-environment happy-dom
import { act, cleanup, fireEvent, screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, describe, expect, it } from 'vitest'
import { revealTab, Tab, TabList, TabPanel, Tabs } from './Tabs'
import { renderUi } from './testUtils'

afterEach(cleanup)

const NAMES = ['Реквизиты', 'Руководители', 'Документы', 'Отчётность', 'Банковские реквизиты', 'Счета', 'Заявки', 'Тендеры']

function renderCard() {
  renderUi(
    <Tabs>
      <TabList aria-label="Карточка компании">
        {NAMES.map(name => (
          <Tab key={name} id={name}>
            {name}
          </Tab>
        ))}
      </TabList>
      {NAMES.map(name => (
        <TabPanel key={name} id={name}>
          {name}
        </TabPanel>
      ))}
    </Tabs>,
  )
  const scroller = screen.getByRole('tablist').parentElement!
  return { scroller }
}

/** happy-dom lays nothing out: give the strip the sizes a browser would (900 px of tabs in a 300 px strip). */
function layOut(el: HTMLElement, { scrollWidth, clientWidth }: { scrollWidth: number; clientWidth: number }) {
  let left = 0
  Object.defineProperty(el, 'scrollWidth', { configurable: true, get: () => scrollWidth })
  Object.defineProperty(el, 'clientWidth', { configurable: true, get: () => clientWidth })
  Object.defineProperty(el, 'scrollLeft', { configurable: true, get: () => left, set: (v: number) => void (left = Math.max(0, Math.min(v, scrollWidth - clientWidth))) })
  el.scrollBy = ((options: ScrollToOptions) => {
    el.scrollLeft = left + (options.left ?? 0)
    el.dispatchEvent(new Event('scroll'))
  }) as typeof el.scrollBy
}

describe('tabs that do not fit', () => {
  it('show no arrows while every tab fits', () => {
    renderCard()
    expect(screen.queryByTestId('tabs-forward')).toBeNull()
  })

  it('get ‹ › arrows at the strip’s ends that scroll it, disabled at each end, out of the Tab order', async () => {
    const { scroller } = renderCard()
    layOut(scroller, { scrollWidth: 900, clientWidth: 300 })
    act(() => void fireEvent.scroll(scroller))
    const back = screen.getByTestId('tabs-back') as HTMLButtonElement
    const forward = screen.getByTestId('tabs-forward') as HTMLButtonElement
    expect(back.disabled).toBe(true)
    expect(forward.disabled).toBe(false)
    // Pointer aids only: the tabs themselves are reached by arrow keys, so these stay out of Tab and the a11y tree.
    for (const arrow of [back, forward]) {
      expect(arrow.tabIndex).toBe(-1)
      expect(arrow.getAttribute('aria-hidden')).toBe('true')
    }
    const user = userEvent.setup()
    await user.click(forward)
    expect(scroller.scrollLeft).toBe(240)
    expect(back.disabled).toBe(false)
    await user.click(forward)
    await user.click(forward)
    expect(scroller.scrollLeft).toBe(600)
    expect(forward.disabled).toBe(true)
  })

  it('every tab is reachable with the keyboard', async () => {
    renderCard()
    const user = userEvent.setup()
    await user.tab()
    for (let i = 1; i < NAMES.length; i++) await user.keyboard('{ArrowRight}')
    expect(document.activeElement?.textContent).toBe('Тендеры')
    expect(screen.getByRole('tabpanel').textContent).toBe('Тендеры')
  })
})

describe('revealTab', () => {
  const rect = (left: number, right: number) => ({ left, right, top: 0, bottom: 40, width: right - left, height: 40, x: left, y: 0, toJSON: () => ({}) }) as DOMRect
  it('scrolls a tab cut at either end wholly into view, with a little room beyond it', () => {
    const scroller = document.createElement('div')
    const tab = document.createElement('div')
    let left = 100
    Object.defineProperty(scroller, 'scrollLeft', { get: () => left, set: (v: number) => void (left = v) })
    scroller.getBoundingClientRect = () => rect(0, 300)
    tab.getBoundingClientRect = () => rect(250, 350)
    revealTab(scroller, tab)
    expect(left).toBe(100 + 50 + 24)
    tab.getBoundingClientRect = () => rect(-40, 60)
    revealTab(scroller, tab)
    expect(left).toBe(174 - 40 - 24)
    tab.getBoundingClientRect = () => rect(20, 120)
    revealTab(scroller, tab)
    expect(left, 'a tab in view stays put').toBe(110)
  })
})
