import { asFailure } from '../../core/api/client'
import type { CommandHandlers } from '../../core/bus/commands'
import type { ChangePasswordForm, ProfileSettingsForm, RegisterCodeRequest, RestorePasswordForm } from '../../core/validation/forms'

declare module '../../core/bus/commands' {
  interface CommandMap {
    'account/openRestore': Record<string, never>
    'account/closeRestore': Record<string, never>
    /** POST v1/users/restore-password: a new password goes out by SMS. */
    'account/restorePassword': RestorePasswordForm
    'account/saveSettings': ProfileSettingsForm
    'account/changePassword': ChangePasswordForm
    /** POST v1/users/register/code: an SMS code confirming the phone being registered. */
    'account/requestRegisterCode': RegisterCodeRequest
    'account/reopenRegisterDetails': Record<string, never>
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

  'account/requestRegisterCode': async (form, ctx) => {
    ctx.bus.emit('account/registerCodeSending', {}, ctx.source)
    try {
      const sent = await ctx.api.post<{ resend_after_seconds: number; expires_in_seconds: number }>('v1/users/register/code', form, { quiet: true })
      ctx.bus.emit('account/registerCodeSent', { resend_after_seconds: sent.resend_after_seconds, expires_in_seconds: sent.expires_in_seconds }, 'api')
    } catch (error) {
      ctx.bus.emit('account/registerCodeFailed', { failure: asFailure(error) }, 'api')
    }
  },
  'account/reopenRegisterDetails': (_, ctx) => void ctx.bus.emit('account/registerDetailsReopened', {}, ctx.source),

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
