// @vitest-environment happy-dom
import { act, cleanup, screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, describe, expect, it, vi } from 'vitest'
import type { Profile } from '../../core/auth/profile'
import type { CompletenessItem } from '../completeness/model'
import { renderInRuntime } from '../routing/renderInRuntime'
import { CompletenessBar } from './CompletenessBar'

afterEach(cleanup)

const client: Profile = {
  id: 1,
  name: 'Иванов Иван',
  full_name: 'Иванов Иван',
  phone: '77001000010',
  email: null,
  role: 10,
  office_id: null,
  settings: { services: { tender: false }, notify_messages: true, notify_events: true, is_agent: false },
  language: 'en',
  sip: null,
  impersonated_by: null,
}

const ITEMS: CompletenessItem[] = [
  {
    key: 'clientCompany',
    title: 'Company',
    percent: 17,
    missing: [
      { label: 'Full name', to: '/company', field: 'full_name' },
      { label: 'Legal address', to: '/company', field: 'legal_address.street' },
    ],
  },
  { key: 'officials', title: 'Officials', percent: 0, missing: [{ label: 'Head', to: '/faces', field: null }] },
  { key: 'founders', title: 'Founders', percent: 100, missing: [] },
  { key: 'bankAccounts', title: 'Bank accounts', percent: 0, missing: [{ label: 'Main account', to: '/banks', field: null }] },
  { key: 'financials', title: 'Financial indicators', percent: 0, missing: [{ label: 'Revenue', to: '/financials', field: null }] },
  { key: 'documents', title: 'Documents', percent: 0, missing: [] },
]

async function mount(items: CompletenessItem[] = ITEMS) {
  // A signed-in profile also starts the socket: its ticket gets an answer of its own.
  const fetch: typeof globalThis.fetch = async input => {
    const ticket = new URL((input as Request).url).pathname.endsWith('/socket/ticket')
    const data = ticket ? { ws_connection_string: 'ws://127.0.0.1/api/v1/socket?ticket=t' } : items
    return new Response(JSON.stringify({ result: true, data }), { headers: { 'content-type': 'application/json' } })
  }
  const rendered = await renderInRuntime(
    <>
      <CompletenessBar />
      <input name="full_name" aria-label="Full name field" />
    </>,
    { fetch },
  )
  await act(async () => {
    rendered.runtime.bus.emit('auth/profileLoaded', { profile: client, company: { id: 1, inn: null, ogrn: null, short_name: null, full_name: null } }, 'api')
  })
  const trigger = await screen.findByRole('button', { name: /^Profile completeness/ })
  return { ...rendered, trigger, user: userEvent.setup() }
}

describe('the completeness bar’s list of what is missing', () => {
  it('opens from the keyboard, lists each section with what is missing as links, and a link goes into the field', async () => {
    const { trigger, user } = await mount()
    // The accessible name starts with what is shown, then says what the button opens.
    expect(trigger.textContent).toContain('Profile completeness')
    expect(trigger.textContent).toContain('What is left to fill in')
    expect(trigger.getAttribute('aria-expanded')).toBe('false')
    await user.tab()
    expect(document.activeElement).toBe(trigger)
    await user.keyboard('{Enter}')
    const dialog = await screen.findByRole('dialog', { name: 'What is left to fill in' })
    expect(within(dialog).getByText('Company: 17 %')).toBeTruthy()
    expect(within(dialog).getByText('Founders: complete')).toBeTruthy()
    // A section the server cannot itemise still says what to do.
    expect(within(within(dialog).getByTestId('completeness-documents')).getByText('Open the section to complete it')).toBeTruthy()
    const links = within(dialog).getAllByRole('link')
    expect(links.map(a => [a.textContent, a.getAttribute('href')])).toEqual([
      ['Full name', '/company'],
      ['Legal address', '/company'],
      ['Head', '/faces'],
      ['Main account', '/banks'],
      ['Revenue', '/financials'],
    ])
    await user.click(within(dialog).getByRole('link', { name: 'Full name' }))
    expect(screen.queryByRole('dialog')).toBeNull()
    await vi.waitFor(() => expect(document.activeElement?.getAttribute('name')).toBe('full_name'))
  })

  it('says the profile is complete when every section is', async () => {
    const { user, trigger } = await mount(ITEMS.map(item => ({ ...item, percent: 100, missing: [] })))
    await user.click(trigger)
    expect(await screen.findByText('The profile is complete.')).toBeTruthy()
    await user.keyboard('{Escape}')
    expect(screen.queryByRole('dialog')).toBeNull()
  })
})
