import { Subscription } from 'rxjs'
import { $profile } from '../auth/model'
import type { ProcessDeps } from '../plugin/types'
import { isLocale } from './i18n'
import { $locale, $localeChoice } from './model'

/**
 * Keeps the UI language and the account's language (users.language, the language of its notifications and e-mails)
 * the same. The rule:
 * - a language chosen while signed in is saved to the account at once;
 * - whenever the profile loads (sign-in, a stored session, a reload), the UI adopts the account's language — unless
 *   the user chose a language on this device that no account has yet (chosen before signing in, or while a save was
 *   under way): then that choice wins, and is saved to the account.
 * The pending choice is `$localeChoice`; the locale adapter keeps it across page reloads (adapter.ts).
 */
export function accountLanguageProcess({ bus, commands, read }: ProcessDeps): Subscription {
  const sub = new Subscription()
  sub.add(
    bus.on('locale/chosen').subscribe(e => {
      if (read($profile)) void commands.dispatch('locale/save', { locale: e.payload.locale }, 'process')
    }),
  )
  sub.add(
    bus.on('auth/profileLoaded').subscribe(e => {
      const account = e.payload.profile.language
      // A profile recorded before accounts had a language says nothing to follow.
      if (!isLocale(account)) return
      const chosen = read($localeChoice)
      if (chosen === account) bus.emit('locale/saved', { locale: chosen }, 'process')
      else if (chosen) void commands.dispatch('locale/save', { locale: chosen }, 'process')
      else if (account !== read($locale)) bus.emit('locale/changed', { locale: account }, 'process')
    }),
  )
  return sub
}
