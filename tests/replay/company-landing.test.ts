import { describe, expect, it } from 'vitest'
import { $company } from '../../core/auth/model'
import { replayText } from '../../core/events/replay'
import bids from '../../modules/bids'
import clients from '../../modules/clients'

/** SPEC §6 in one session: a client who fills inn and ogrn lands on /bids from then on, without signing in again. */
const profile = {
  id: 11, name: 'Клиент', full_name: 'Клиент Без Реквизитов', phone: '77001000011', email: null, role: 10, office_id: null,
  settings: { services: { tender: false }, notify_messages: true, notify_events: true, is_agent: false },
  sip: null, ws_connection_string: 'ws://127.0.0.1:8080/api/v1/socket?ticket=[redacted]',
}
const line = (type: string, payload: unknown, at: number, source = 'api') => JSON.stringify({ type, payload, at, source })
const empty = { id: 7, inn: null, ogrn: null, short_name: 'ООО «Новая»', full_name: null }
const log = (saved: { id: number; inn: string | null; ogrn: string | null }) =>
  [
    JSON.stringify({ kind: 'header', profile, startedAt: 0, version: 1 }),
    line('app/started', { path: '/company', token: '[redacted]', rememberedPath: null, locale: 'ru' }, 0, 'ui'),
    line('auth/profileLoaded', { profile, company: empty }, 40),
    line('auth/companyChanged', { company: { ...empty, ...saved } }, 1000),
  ].join('\n')

describe('replay: the client\'s own company follows a save', () => {
  it('lands on /bids once the saved company has inn and ogrn', () => {
    const { scope, registry } = replayText(log({ id: 7, inn: '7707083893', ogrn: '1027700132195' }), { plugins: [clients, bids] })
    const company = scope.getState($company)
    expect(company).toMatchObject({ id: 7, inn: '7707083893', ogrn: '1027700132195' })
    expect(registry.landingFor({ profile: profile as never, company, via: 'home' })).toBe('/bids')
  })

  it('ignores another company (an agent saving a client\'s company changes no one\'s own)', () => {
    const { scope, registry } = replayText(log({ id: 8, inn: '7707083893', ogrn: '1027700132195' }), { plugins: [clients, bids] })
    expect(scope.getState($company)).toEqual(empty)
    expect(registry.landingFor({ profile: profile as never, company: scope.getState($company), via: 'home' })).toBe('/company')
  })
})
