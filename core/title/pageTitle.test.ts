import { describe, expect, it } from 'vitest'
import type { SidebarEntry } from '../plugin/types'
import { composeTitle, sidebarEntryFor } from './pageTitle'

const entry = (id: string, to: string): SidebarEntry => ({ id, to, label: `m:${id}`, order: 0, visible: () => true })
const entries = [entry('clients', '/clients'), entry('tenders', '/tenders'), entry('kp', '/tenders-kp'), entry('bids', '/bids')]

describe('composeTitle', () => {
  it('is "page — product", the product alone without a page name', () => {
    expect(composeTitle('Клиенты', 'Финансовый кабинет')).toBe('Клиенты — Финансовый кабинет')
    expect(composeTitle('  Company\n card ', 'Finance cabinet')).toBe('Company card — Finance cabinet')
    expect(composeTitle(null, 'Finance cabinet')).toBe('Finance cabinet')
    expect(composeTitle('', 'Finance cabinet')).toBe('Finance cabinet')
    expect(composeTitle('Finance cabinet', 'Finance cabinet')).toBe('Finance cabinet')
  })
})

describe('sidebarEntryFor', () => {
  it('names an entry’s own page exactly, its sub-pages by section', () => {
    expect(sidebarEntryFor(entries, '/clients').exact?.id).toBe('clients')
    expect(sidebarEntryFor(entries, '/clients/?page=2').exact?.id).toBe('clients')
    expect(sidebarEntryFor(entries, '/clients/42')).toEqual({ section: entries[0] })
    expect(sidebarEntryFor(entries, '/tenders-kp').exact?.id).toBe('kp')
    // A shared prefix of letters is not a section: /tenders-kp is not under /tenders.
    expect(sidebarEntryFor(entries, '/tenders-kp/5').section?.id).toBe('kp')
    expect(sidebarEntryFor(entries, '/profile')).toEqual({})
  })
})
