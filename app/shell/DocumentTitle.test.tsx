// @vitest-environment happy-dom
import { act, cleanup } from '@testing-library/react'
import { useState } from 'react'
import { afterEach, describe, expect, it } from 'vitest'
import { Router } from 'wouter'
import { memoryLocation } from 'wouter/memory-location'
import { definePlugin } from '../../core/plugin/types'
import { renderInRuntime } from '../routing/renderInRuntime'
import DocumentTitle from './DocumentTitle'

afterEach(cleanup)

const clients = definePlugin({
  id: 'crm',
  routes: [
    { path: '/clients', page: () => Promise.resolve({ default: () => null }), access: () => true },
    { path: '/clients/:id', page: () => Promise.resolve({ default: () => null }), access: () => true },
  ],
  sidebar: [{ id: 'clients', to: '/clients', label: 'crm:menu', order: 1, visible: () => true }],
  i18n: {
    ru: () => Promise.resolve({ default: { menu: 'Клиенты', card: 'Карточка клиента' } }),
    en: () => Promise.resolve({ default: { menu: 'Clients', card: 'Client card' } }),
  },
})

let setHeading: (text: string | null) => void = () => undefined
function Page() {
  const [heading, set] = useState<string | null>(null)
  setHeading = set
  return <main>{heading && <h1>{heading}</h1>}</main>
}

async function mountAt(path: string) {
  const { hook } = memoryLocation({ path })
  document.title = 'index.html'
  const mounted = await renderInRuntime(
    <Router hook={hook}>
      <DocumentTitle />
      <Page />
    </Router>,
    { plugins: [clients] },
  )
  // What the router does when a module's page is needed: its locale pack arrives with the chunk.
  await act(() => mounted.runtime.packs.need(['crm']))
  return mounted
}

const title = () => document.title

describe('the document title', () => {
  it('is the sidebar label of the page and the product, and follows a language switch', async () => {
    const { runtime } = await mountAt('/clients')
    await expect.poll(title).toBe('Clients — Finance cabinet')
    // The page's own h1 does not replace what the sidebar calls the page.
    act(() => setHeading('All my clients'))
    await act(() => runtime.dispatch('locale/set', { locale: 'ru' }, 'ui'))
    await expect.poll(title).toBe('Клиенты — Финансовый кабинет')
  })

  it('is the page’s h1 where the sidebar does not name the page, following the h1 as it changes', async () => {
    await mountAt('/clients/42')
    // Before the page has its heading: the section it belongs to.
    await expect.poll(title).toBe('Clients — Finance cabinet')
    act(() => setHeading('Romashka LLC'))
    await expect.poll(title).toBe('Romashka LLC — Finance cabinet')
    act(() => setHeading('ООО Ромашка'))
    await expect.poll(title).toBe('ООО Ромашка — Finance cabinet')
  })

  it('is the product alone on a page with no name', async () => {
    await mountAt('/nowhere')
    await expect.poll(title).toBe('Finance cabinet')
  })
})
