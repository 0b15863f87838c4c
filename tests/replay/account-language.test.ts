import { describe, expect, it } from 'vitest'
import { replayText } from '../../core/events/replay'
import { $locale, $localeChoice } from '../../core/i18n/model'
import { httpRequests, ofType, scenario } from './support'

/**
 * The rule of core/i18n/account.ts: the UI language and the account's language (the one its notifications and e-mails
 * are written in) agree. On sign-in the UI adopts the account's language, unless the user chose one on this device
 * before signing in: then that choice is saved to the account. A choice made while signed in is saved at once.
 */
const saves = (events: Parameters<typeof httpRequests>[0]) =>
  httpRequests(events, 'v1/profile/language').map(e => [e.at, e.payload.body])

/** A minimal signed-in session: start (stored token or not), the profile answer with the account's language. */
function session(opts: { token?: boolean; locale: 'ru' | 'en'; account: 'ru' | 'en' | null; chosen?: 'ru' | 'en' }): string {
  const profile = {
    id: 10, name: 'Client', full_name: 'Client Clientov', phone: '77001000010', email: null, role: 10, office_id: null,
    settings: { services: { tender: false }, notify_messages: true, notify_events: true, is_agent: false },
    ...(opts.account ? { language: opts.account } : {}),
    sip: null, ws_connection_string: 'ws://x/api/v1/socket?ticket=[redacted]',
  }
  const line = (type: string, payload: unknown, at: number, source: string) => JSON.stringify({ type, payload, at, source })
  return [
    line('app/started', { path: opts.token ? '/bids' : '/login', token: opts.token ? '[redacted]' : null, rememberedPath: null, locale: opts.locale }, 0, 'ui'),
    ...(opts.chosen ? [line('locale/chosen', { locale: opts.chosen }, 10, 'ui')] : []),
    ...(opts.token ? [] : [line('auth/signedIn', { token: '[redacted]', method: 'password' }, 100, 'api')]),
    line('auth/profileLoaded', { profile, company: null }, 200, 'api'),
  ].join('\n')
}

describe('replay: the UI and the account share one language', () => {
  it('a language chosen before signing in is saved to the account, and the UI keeps it; a signed-in switch is saved at once', () => {
    const { events, scope } = replayText(scenario('account-language.jsonl'))
    // Signed in at 5200 to a Russian account with English chosen on the login page: the account gets English.
    expect(saves(events)).toEqual([
      [5200, { language: 'en' }],
      [9000, { language: 'ru' }],
    ])
    // The UI never went back to the account's old Russian: the only language changes are the user's own.
    expect(ofType(events, 'locale/changed').map(e => [e.at, e.payload.locale, e.source])).toEqual([
      [1000, 'en', 'ui'],
      [9000, 'ru', 'ui'],
    ])
    expect(scope.getState($locale)).toBe('ru')
    expect(scope.getState($localeChoice)).toBeNull()
  })

  it('without a choice on this device the UI adopts the account’s language on sign-in, and saves nothing', () => {
    const { events, scope } = replayText(session({ locale: 'ru', account: 'en' }))
    expect(ofType(events, 'locale/changed').map(e => [e.at, e.payload.locale, e.source])).toEqual([[200, 'en', 'process']])
    expect(saves(events)).toEqual([])
    expect(scope.getState($locale)).toBe('en')
  })

  it('a stored session adopts the account’s language too (it may have been changed on another device)', () => {
    const { events, scope } = replayText(session({ token: true, locale: 'en', account: 'ru' }))
    expect(ofType(events, 'locale/changed').map(e => [e.payload.locale, e.source])).toEqual([['ru', 'process']])
    expect(scope.getState($locale)).toBe('ru')
  })

  it('a choice the account already has is not sent again, and stops being pending', () => {
    const { events, scope } = replayText(session({ locale: 'en', account: 'en', chosen: 'en' }))
    expect(saves(events)).toEqual([])
    expect(ofType(events, 'locale/saved').map(e => [e.payload.locale, e.source])).toEqual([['en', 'process']])
    expect(scope.getState($localeChoice)).toBeNull()
  })

  it('a choice kept across a reload (restored at start) still wins at sign-in', () => {
    // The locale adapter re-emits the stored choice after app/started; here the log carries it as it was recorded.
    const { events, scope } = replayText(session({ locale: 'en', account: 'ru', chosen: 'en' }))
    expect(saves(events)).toEqual([[200, { language: 'en' }]])
    expect(ofType(events, 'locale/changed')).toEqual([])
    expect(scope.getState($locale)).toBe('en')
  })

  it('a choice made while an earlier one was being saved survives that save, and is saved in turn', () => {
    const text = [
      session({ token: true, locale: 'ru', account: 'ru' }),
      '{"type":"locale/chosen","payload":{"locale":"en"},"at":1000,"source":"ui"}',
      '{"type":"locale/changed","payload":{"locale":"en"},"at":1000,"source":"ui"}',
      '{"type":"locale/chosen","payload":{"locale":"ru"},"at":1050,"source":"ui"}',
      '{"type":"locale/changed","payload":{"locale":"ru"},"at":1050,"source":"ui"}',
      // The first save answers after the second choice: Russian is still pending.
      '{"type":"locale/saved","payload":{"locale":"en"},"at":1100,"source":"api"}',
    ].join('\n')
    const { events, scope } = replayText(text)
    expect(saves(events)).toEqual([
      [1000, { language: 'en' }],
      [1050, { language: 'ru' }],
    ])
    expect(scope.getState($localeChoice)).toBe('ru')
    expect(scope.getState($locale)).toBe('ru')
  })

  it('a profile without a language (recorded before accounts had one) leaves the UI language alone', () => {
    const { events, scope } = replayText(session({ locale: 'en', account: null }))
    expect(ofType(events, 'locale/changed')).toEqual([])
    expect(saves(events)).toEqual([])
    expect(scope.getState($locale)).toBe('en')
  })
})
