/**
 * Issue 9: a socket ends with its session. The page's session is ended on the server (as a logout in another tab,
 * on another node, or an expiry would): the server closes the page's socket with 4001 and the page goes to /login.
 */
import { describe, expect, it } from 'vitest'
import { pathOf, signInAndWait, storageItem, storageKeys, waitForPath } from './support/browser'
import { useE2E } from './support/setup'
import { demoUser } from './support/spec'

const e2e = useE2E()
const admin = demoUser('100-01-00')

describe('the session ends on the server', () => {
  it('closes the open socket with 4001 and the page goes to /login', async () => {
    const { page, url } = e2e
    // The socket's first frame (the resume `sync`) tells us it is open.
    let frames = 0
    let closed = false
    page.on('websocket', ws => {
      if (!ws.url().includes('/api/v1/socket')) return
      ws.on('framereceived', () => frames++)
      ws.on('close', () => (closed = true))
    })
    await page.goto('/login')
    await signInAndWait(page, admin.phone)
    await expect.poll(() => frames, { timeout: 15_000 }).toBeGreaterThan(0)

    const stored = (await storageItem(page, storageKeys.token)) ?? ''
    const token = stored.startsWith('"') ? (JSON.parse(stored) as string) : stored
    const res = await fetch(`${url}/api/v1/users/logout`, { headers: { authorization: `Bearer ${token}` } })
    expect(res.status).toBe(200)

    await expect.poll(() => closed, { timeout: 15_000 }).toBe(true)
    await waitForPath(page, '/login')
    expect(pathOf(page)).toBe('/login')
    expect(await storageItem(page, storageKeys.token)).toBeNull()
  })
})
