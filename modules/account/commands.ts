import { asFailure } from '../../core/api/client'
import type { CommandHandlers } from '../../core/bus/commands'
import type { ChangePasswordForm, ProfileSettingsForm, RestorePasswordForm } from '../../core/validation/forms'

declare module '../../core/bus/commands' {
  interface CommandMap {
    'account/openRestore': Record<string, never>
    'account/closeRestore': Record<string, never>
    /** POST v1/users/restore-password: a new password goes out by SMS. */
    'account/restorePassword': RestorePasswordForm
    'account/saveSettings': ProfileSettingsForm
    'account/changePassword': ChangePasswordForm
  }
}

/** Forms show their own failures (quiet requests); a toast confirms what succeeded. */
export const accountCommands: CommandHandlers = {
  'account/openRestore': (_, ctx) => void ctx.bus.emit('account/restoreOpened', {}, ctx.source),
  'account/closeRestore': (_, ctx) => void ctx.bus.emit('account/restoreClosed', {}, ctx.source),

  'account/restorePassword': async (form, ctx) => {
    ctx.bus.emit('account/restoreSending', {}, ctx.source)
    try {
      await ctx.api.post<null>('v1/users/restore-password', form, { quiet: true })
      ctx.bus.emit('account/restoreSucceeded', {}, 'api')
    } catch (error) {
      ctx.bus.emit('account/restoreFailed', { failure: asFailure(error) }, 'api')
    }
  },

  'account/saveSettings': async (form, ctx) => {
    ctx.bus.emit('account/settingsSending', {}, ctx.source)
    try {
      await ctx.api.post('v1/profile/settings', form, { quiet: true })
      ctx.bus.emit('account/settingsSaved', {}, 'api')
      ctx.toast({ kind: 'success', text: 'account:profile.saved' })
      await ctx.dispatch('auth/loadProfile', {})
    } catch (error) {
      ctx.bus.emit('account/settingsFailed', { failure: asFailure(error) }, 'api')
    }
  },

  'account/changePassword': async (form, ctx) => {
    ctx.bus.emit('account/passwordSending', {}, ctx.source)
    try {
      await ctx.api.post('v1/profile/password', form, { quiet: true })
      ctx.bus.emit('account/passwordChanged', {}, 'api')
      ctx.toast({ kind: 'success', text: 'account:profile.passwordChanged' })
    } catch (error) {
      ctx.bus.emit('account/passwordFailed', { failure: asFailure(error) }, 'api')
    }
  },
}
