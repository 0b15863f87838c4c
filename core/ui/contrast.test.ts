import { describe, expect, it } from 'vitest'
import { contrastRatio } from './contrast'
import { sidebarStates } from './sidebarStates'
import { color } from './theme'

describe('contrastRatio', () => {
  it('matches the WCAG reference values', () => {
    expect(contrastRatio('#000000', '#ffffff')).toBeCloseTo(21, 5)
    expect(contrastRatio('#ffffff', '#ffffff')).toBeCloseTo(1, 5)
    // The old hover colour of sidebar links (the global a:hover) on the navy sidebar: the unreadable case.
    expect(contrastRatio(color.primaryHover, color.sidebar)).toBeLessThan(2)
  })
})

describe('the sidebar', () => {
  it.each(Object.entries(sidebarStates))('%s: label text on its background is at least 4.5:1', (_state, { fg, bg }) => {
    expect(contrastRatio(fg, bg)).toBeGreaterThanOrEqual(4.5)
  })

  it('its focus ring stands out from every state background (3:1, WCAG 1.4.11)', () => {
    for (const { bg } of Object.values(sidebarStates)) expect(contrastRatio(color.focusOnDark, bg)).toBeGreaterThanOrEqual(3)
  })
})
