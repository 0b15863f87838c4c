// @vitest-environment happy-dom
import { act, cleanup, fireEvent, screen } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { Router } from 'wouter'
import { memoryLocation } from 'wouter/memory-location'
import { ROLE, type Profile } from '../../core/auth/profile'
import { roles } from '../../core/access'
import type { LazyComponent, LocalePack, PageProps, Plugin } from '../../core/plugin/types'
import { $rememberedPath } from '../../core/auth/model'
import { shellPlugin } from '../shell.plugin'
import { AppRoutes } from './AppRoutes'
import { renderInRuntime } from './renderInRuntime'

afterEach(cleanup)

const admin: Profile = {
  id: 1, name: 'A', full_name: 'A', phone: '77001000100', email: null, role: ROLE.admin, office_id: null,
  settings: { services: { tender: false }, notify_messages: true, notify_events: true, is_agent: false },
  sip: null, ws_connection_string: 'ws://x/api/v1/socket?ticket=t', language: 'en',
}

type PageModule = Awaited<ReturnType<LazyComponent<PageProps>>>
const reportsPage: PageModule = { default: () => <h1>Reports page</h1> }

describe('a signed-in page\'s chunk', () => {
  it('is asked for together with the shell and its module\'s pack, not once the role\'s packs are in', async () => {
    // The module's pack (and so the shell, which shows every reachable module's labels) is held.
    let releasePack!: () => void
    const packHeld = new Promise<void>(ok => (releasePack = ok))
    const packRequests: string[] = []
    const pack = (lng: 'ru' | 'en') => () => {
      packRequests.push(lng)
      return packHeld.then(() => ({ default: { title: `reports ${lng}` } }))
    }
    const i18n: LocalePack = { ru: pack('ru'), en: pack('en') }
    const page = vi.fn<LazyComponent<PageProps>>(async () => reportsPage)
    const reports: Plugin = { id: 'reports', routes: [{ path: '/reports', page, access: roles(ROLE.admin) }], i18n }
    const { hook } = memoryLocation({ path: '/reports' })
    const { runtime } = await renderInRuntime(
      <Router hook={hook}>
        <AppRoutes />
      </Router>,
      // The profile is given below; the request the sign-in makes for it never answers.
      { plugins: [reports], fetch: () => new Promise<Response>(() => {}) },
    )

    await act(async () => {
      runtime.bus.emit('auth/signedIn', { token: 't', method: 'password' }, 'api')
      runtime.bus.emit('auth/profileLoaded', { profile: admin, company: null }, 'api')
      await new Promise(r => setTimeout(r, 0))
    })
    expect(packRequests.length).toBeGreaterThan(0)
    expect(page).toHaveBeenCalled()
    expect(screen.queryByText('Reports page')).toBeNull()

    await act(async () => releasePack())
    expect(await screen.findByText('Reports page', {}, { timeout: 5000 })).toBeTruthy()
    runtime.stop()
  })
})

describe('a page the first load does not know', () => {
  it('waits for the other modules, shows their failure with a retry, then decides as for any page', async () => {
    const login: Plugin = { id: 'account', routes: [{ path: '/login', page: async () => ({ default: () => <h1>Sign in</h1> }), access: 'public', bare: true }] }
    const reports: Plugin = { id: 'reports', routes: [{ path: '/reports', page: async () => reportsPage, access: roles(ROLE.admin) }] }
    let asks = 0
    let settle!: { arrive: () => void; fail: () => void }
    const rest = () => {
      asks += 1
      return new Promise<readonly Plugin[]>((resolve, reject) => {
        settle = { arrive: () => resolve([shellPlugin, login, reports]), fail: () => reject(new Error('Failed to fetch dynamically imported module')) }
      })
    }
    const { hook } = memoryLocation({ path: '/reports' })
    const { runtime } = await renderInRuntime(
      <Router hook={hook}>
        <AppRoutes />
      </Router>,
      { plugins: [login], rest, path: '/login' },
    )
    // A guest on a page only the rest knows: neither the not-found page nor a redirect yet, the loader.
    expect(asks).toBe(1)
    expect(screen.getByRole('progressbar', { name: 'Loading…' })).toBeTruthy()
    expect(screen.queryByText(/404/)).toBeNull()
    expect(runtime.scope.getState($rememberedPath)).toBeNull()

    await act(async () => settle.fail())
    const retry = await screen.findByRole('button', { name: 'Try again' })
    fireEvent.click(retry)
    expect(asks).toBe(2)
    await act(async () => settle.arrive())
    // Now known, and for signed-in users: remembered, and the guest is sent to sign in.
    await vi.waitFor(() => expect(runtime.scope.getState($rememberedPath)).toBe('/reports'))
    expect(runtime.registry.complete).toBe(true)
    runtime.stop()
  })
})
