import { asFailure } from '../api/client'
import type { Profile } from '../auth/profile'
import type { CommandHandlers } from '../bus/commands'
import type { Locale } from '../events/map'

declare module '../bus/commands' {
  interface CommandMap {
    /** POST v1/profile/language: the signed-in account gets this language (core/i18n/account.ts decides when). */
    'locale/save': { locale: Locale }
  }
}

export const i18nCommands: CommandHandlers = {
  /** The user picks a language: the UI switches at once, and it is a choice an account is to get (account.ts). */
  'locale/set': ({ locale }, ctx) => {
    ctx.bus.emit('locale/chosen', { locale }, ctx.source)
    ctx.bus.emit('locale/changed', { locale }, ctx.source)
  },

  /** Saves the account's language, then reloads the profile so every screen (and the bell's texts) follow it. */
  'locale/save': async ({ locale }, ctx) => {
    try {
      await ctx.api.post<Profile>('v1/profile/language', { language: locale })
      ctx.bus.emit('locale/saved', { locale }, 'api')
      await ctx.dispatch('auth/loadProfile', {})
    } catch (error) {
      ctx.bus.emit('locale/saveFailed', { locale, failure: asFailure(error) }, 'api')
    }
  },
}
