import { mkdirSync } from 'node:fs'
import { join } from 'node:path'
import type { Page } from 'playwright-core'

/** The two widths every screen is checked at: a phone and a desktop. */
export const PHONE = { width: 390, height: 844 }
export const DESKTOP = { width: 1440, height: 900 }

const SHOTS = process.env.E2E_SHOTS

/** With E2E_SHOTS=<dir>, saves `<name>.png` there for a person to look at; without it, nothing. */
export async function shot(page: Page, name: string, fullPage = true): Promise<void> {
  if (!SHOTS) return
  mkdirSync(SHOTS, { recursive: true })
  await page.screenshot({ path: join(SHOTS, `${name}.png`), fullPage })
}

/**
 * How far the page scrolls sideways: 0 when it fits its viewport; when it does not, the elements that stick out are
 * printed for the failure's reader. Measured after two frames: a viewport just resized reports its media queries'
 * changes in the next rendering step (the shell's compact layout is React state set from that event), and a
 * measure taken before it sees the old layout at the new width.
 */
export async function pageOverflowX(page: Page): Promise<number> {
  const { over, culprits } = await page.evaluate(async () => {
    for (let i = 0; i < 2; i++) await new Promise(done => requestAnimationFrame(done))
    const width = window.innerWidth
    const culprits = [...document.querySelectorAll('body *')]
      .filter(e => e.getBoundingClientRect().right > width + 1)
      .slice(-5)
      .map(e => `${e.tagName.toLowerCase()}.${e.className} [${e.getAttribute('data-testid') ?? ''}] ${Math.round(e.getBoundingClientRect().right)}`)
    return { over: document.scrollingElement!.scrollWidth - width, culprits }
  })
  if (over > 0) console.log(`wider than the screen by ${over} px:`, culprits)
  return over
}
