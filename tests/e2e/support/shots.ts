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

/** How far the page scrolls sideways: 0 when it fits its viewport. */
export const pageOverflowX = (page: Page): Promise<number> => page.evaluate(() => document.scrollingElement!.scrollWidth - window.innerWidth)
